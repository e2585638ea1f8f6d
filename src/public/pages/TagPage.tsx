import { tagPath } from '@/lib/readerPaths';
import { AlertsButton } from '../alerts/AlertsButton';
import { ArticleCard } from '../components/ArticleCard';
import { CardGridSkeleton } from '../components/CardGridSkeleton';
import { Pager } from '../components/Pager';
import { useRouteData } from '../routing/RouteContext';
import { ROUTES, type RouteId } from '../routes';
import './TagPage.css';

/** As on a category's page: the rows on a phone's or a laptop's first screen load their pictures with the page. */
const ROWS_ON_FIRST_SCREEN = 4;

export const EMPTY_TAG_TEXT = 'Aucun article disponible sur ce sujet pour le moment.';

/** A country's page (/pays/<slug>). */
export const CountryPage = () => <TagView route="country" />;
/** A topic's, a person's or an organisation's page (/sujet/<slug>). */
export const TopicPage = () => <TagView route="topic" />;

/**
 * A tag's page: its name and description, then its articles as a category's page shows them (the
 * lead story, compact rows, the pager), its styles included. Two rows of the route table
 * (routes.ts, tagRoute), one view.
 */
function TagView({ route }: { route: Extract<RouteId, 'country' | 'topic'> }) {
  const { status, data, notFound } = useRouteData(route);
  if (notFound) return <ROUTES.notFound.page />;
  const [lead, ...rest] = data?.articles ?? [];
  return (
    <section aria-busy={status === 'loading'} className="category-page">
      <h1 className="page-title">
        {data ? (data.page > 1 ? `${data.tag.name}, page ${data.page}` : data.tag.name) : status === 'error' ? 'Sujet' : '\u00a0'}
      </h1>
      {data?.tag.description && data.page === 1 && <p className="tag-description">{data.tag.description}</p>}
      {/* Its alerts: the panel opens with this country or topic ticked (src/public/alerts/panel.ts). */}
      {data && data.page === 1 && <AlertsButton tag={data.tag} />}
      {status === 'loading' && !data ? (
        <CardGridSkeleton />
      ) : data && lead ? (
        <>
          <h2 className="visually-hidden">Articles</h2>
          <ArticleCard article={lead} variant="featured" showReadTime eager priority />
          <ul className="category-page__list">
            {rest.map((a, i) => (
              <li key={a.id}>
                <ArticleCard article={a} variant="row" showReadTime deferPicture={i >= ROWS_ON_FIRST_SCREEN} />
              </li>
            ))}
          </ul>
          <Pager
            page={data.page}
            hasMore={data.hasMore}
            path={(n) => tagPath(data.tag.kind, data.tag.slug, n)}
            label={`Pages du sujet ${data.tag.name}`}
          />
        </>
      ) : (
        <p className="empty">{EMPTY_TAG_TEXT}</p>
      )}
    </section>
  );
}
