import { Link } from '@/public/router/Router';
import { ArticleCard } from '../components/ArticleCard';
import { CardGridSkeleton } from '../components/CardGridSkeleton';
import { categoryPath } from '@/lib/readerPaths';
import { useRouteData } from '../routing/RouteContext';
import { NotFoundPage } from './NotFoundPage';

export const EMPTY_CATEGORY_TEXT = 'Aucun article disponible dans cette catégorie pour le moment.';

export function CategoryPage() {
  const { status, data, notFound } = useRouteData('category');
  if (notFound) return <NotFoundPage />;
  // List-loading failures on category pages are only logged, by useLoader (docs/product.md#category-page).
  return (
    <section aria-busy={status === 'loading'}>
      <h1 className="page-title">{data?.category.name ?? (status === 'error' ? 'Catégorie' : '\u00a0')}</h1>
      {status === 'loading' && !data ? (
        <CardGridSkeleton />
      ) : data && data.articles.length > 0 ? (
        <>
          <div className="grid">
            {data.articles.map((a, i) => (
              <ArticleCard key={a.id} article={a} showReadTime eager={i < 2} priority={i === 0} />
            ))}
          </div>
          {/* A plain link, so crawlers and readers without the app page through the whole archive. */}
          {data.hasMore && (
            <p className="pager">
              <Link to={categoryPath(data.category.slug, data.page + 1)} rel="next" className="button">
                Voir plus d'articles
              </Link>
            </p>
          )}
        </>
      ) : (
        <p className="empty">{EMPTY_CATEGORY_TEXT}</p>
      )}
    </section>
  );
}
