import { useContext, useEffect, useState } from 'react';
import { articlePath } from '@/lib/readerPaths';
import { Link, useLocation, useNavigate } from '@/public/router/Router';
import type { NotFoundData } from '../api/latest';
import { PublishedTime } from '../components/PublishedTime';
import { NOT_FOUND_TITLE } from '../pageTitles';
import { SEARCH_MAX } from '../routes';
import { RouteContext } from '../routing/RouteContext';

/**
 * The 404 page (docs/product.md#not-found-page): what happened, in French, then the ways on: a
 * search, the latest headlines (the catch-all route reads them; an unknown category or author
 * shows the page without them), the front page. Its search works without the app (a plain form
 * to /search); the unknown path is logged to the console. Other pages show it as the catch-all's
 * row does (`<ROUTES.notFound.page />`): a chunk of its own, loaded when it shows.
 */
export function NotFoundPage() {
  const route = useContext(RouteContext);
  const headlines = route?.id === 'notFound' ? ((route.state.data as NotFoundData | undefined)?.headlines ?? []) : [];
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', pathname);
  }, [pathname]);
  return (
    <section className="not-found">
      <h1>{NOT_FOUND_TITLE}</h1>
      <p>La page demandée n'existe pas ou n'est plus en ligne. Cherchez un article ou lisez nos derniers titres.</p>
      <form
        role="search"
        className="not-found__search"
        action="/search"
        onSubmit={(e) => {
          e.preventDefault();
          if (q.trim()) navigate(`/search?q=${encodeURIComponent(q.trim())}`);
        }}
      >
        <label htmlFor="not-found-search">Rechercher un article</label>
        <input id="not-found-search" type="search" name="q" value={q} onChange={(e) => setQ(e.target.value)} maxLength={SEARCH_MAX} />
        <button type="submit" className="button">
          Rechercher
        </button>
      </form>
      {headlines.length > 0 && (
        <section className="not-found__latest" aria-labelledby="not-found-latest">
          <h2 id="not-found-latest">Derniers articles</h2>
          <ul>
            {headlines.map((h) => (
              <li key={h.slug}>
                <Link to={articlePath(h.slug)}>{h.title}</Link> <PublishedTime value={h.published_at} />
              </li>
            ))}
          </ul>
        </section>
      )}
      <Link to="/" className="button button--ghost">
        Retour à l'accueil
      </Link>
    </section>
  );
}
