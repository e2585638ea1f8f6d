import { ArticleCard } from '../components/ArticleCard';
import { ArticleTags } from '../components/ArticleTags';
import { CardGridSkeleton } from '../components/CardGridSkeleton';
import { searchTitle } from '../meta';
import { useRouteData } from '../routing/RouteContext';

export function SearchPage() {
  const {
    status,
    data: found,
    params: { q },
  } = useRouteData('search');
  const data = found?.articles;
  return (
    <section aria-busy={status === 'loading'}>
      <h1 className="page-title">{searchTitle(q)}</h1>
      {/* The countries and topics the words name, first: a reader typing « senegal » wants its page. */}
      <ArticleTags tags={found?.tags} label="Pays et sujets trouvés" />
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
