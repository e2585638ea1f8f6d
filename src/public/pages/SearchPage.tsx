import { useSearchParams } from '@/public/router/Router';
import { supabase } from '@/lib/supabase';
import { ArticleCard } from '../components/ArticleCard';
import { CardGridSkeleton } from '../components/CardGridSkeleton';
import { usePageMeta } from '../hooks/usePageMeta';
import { useLoader } from '../hooks/useLoader';
import { loaderKey, loadSearch } from '../loaders';
import { searchMeta, searchTitle } from '../meta';

export function SearchPage() {
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const { status, data } = useLoader(loaderKey.search(q), () => loadSearch(supabase, { q }));
  usePageMeta(searchMeta(q));
  return (
    <section aria-busy={status === 'loading'}>
      <h1 className="page-title">{searchTitle(q)}</h1>
      {!q ? (
        <p className="empty">Saisissez un ou plusieurs mots dans la barre de recherche.</p>
      ) : status === 'loading' ? (
        <CardGridSkeleton count={3} />
      ) : status === 'error' ? (
        <p className="empty">Erreur lors du chargement</p>
      ) : data && data.length > 0 ? (
        <>
          <p className="search-count">{data.length === 1 ? '1 article trouvé' : `${data.length} articles trouvés`}</p>
          <div className="grid">
            {data.map((a) => (
              <ArticleCard key={a.id} article={a} showReadTime />
            ))}
          </div>
        </>
      ) : (
        <p className="empty">Aucun article ne correspond à « {q} ». Essayez d'autres mots ou parcourez les catégories.</p>
      )}
    </section>
  );
}
