import { Link } from '@/public/router/Router';
import { authorPath } from '@/lib/readerPaths';
import { ArticleCard } from '../components/ArticleCard';
import { CardGridSkeleton } from '../components/CardGridSkeleton';
import { useRouteData } from '../routing/RouteContext';
import { ROUTES } from '../routes';
import './AuthorPage.css';

/**
 * An author's page (/auteur/<slug>, the byline's link): their presentation if they wrote one, and
 * the public articles they signed, newest first, paged as a category page lists its own.
 */
export function AuthorPage() {
  const { status, data, notFound } = useRouteData('author');
  if (notFound) return <ROUTES.notFound.page />;
  // A failed load is only logged, by useLoader, as on category pages.
  return (
    <section aria-busy={status === 'loading'}>
      <h1 className="page-title">{data ? `Articles de ${data.author.full_name}` : status === 'error' ? 'Auteur' : '\u00a0'}</h1>
      {data?.author.bio && <p className="author-bio">{data.author.bio}</p>}
      {status === 'loading' && !data ? (
        <CardGridSkeleton />
      ) : data ? (
        <>
          <div className="grid">
            {data.articles.map((a, i) => (
              <ArticleCard key={a.id} article={a} showReadTime eager={i < 2} priority={i === 0} />
            ))}
          </div>
          {/* A plain link, as on category pages, so crawlers page through every article. */}
          {data.hasMore && (
            <p className="pager">
              <Link to={authorPath(data.author.slug, data.page + 1)} rel="next" className="button">
                Voir plus d'articles
              </Link>
            </p>
          )}
        </>
      ) : null}
    </section>
  );
}
