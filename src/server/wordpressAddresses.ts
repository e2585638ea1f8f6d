import { articlePath, categoryPath } from '@/lib/readerPaths';
import type { DataClient } from '@/lib/supabase';
import { EDITION_PATH, WORKER_PATH } from '@/offline/paths';
import { ROUTE_PATHS } from '@/public/routePaths';
import { isBackOfficePath } from '@/public/router/history';
import { matchPath } from '@/public/router/match';

/**
 * The addresses a WordPress site answered before the newsroom moved here (issue 31,
 * docs/wordpress-import.md#old-addresses): a post's permalink leads to its article, WordPress's
 * feeds to ours, each with a 301 so search engines and shared links follow.
 *
 * Asked only for the shapes WordPress wrote and the reader never does: `/?p=<id>`, `?feed=`, and
 * paths ending with a slash (every WordPress permalink does; the reader's own links never). The
 * database answers one exact path at a time (wordpress_redirect): nothing can list the table.
 * The site's own addresses come first: an old address never takes one (isSitePath), neither when
 * the importer records it nor when the server answers.
 */

const FEED = /^\/(?:feed|rss|rss2|atom)(?:\/(?:rss2?|atom|rdf))?\/?$/;
const CATEGORY_FEED = /^\/category\/([^/]+)\/feed(?:\/(?:rss2?|atom|rdf))?\/?$/;

/**
 * What the server answers before any page (app.ts): its generated files (robots.txt, the feeds,
 * every sitemap), its calls under /api/ and the build's files under /assets/.
 */
const SERVER_FILES = [/^\/robots\.txt$/, /^\/rss\.xml$/, /^\/category\/[^/]+\/rss\.xml$/, /^\/sitemap[\w-]*\.xml$/, /^\/(?:api|assets)\//];
const READER_ROUTES = Object.values(ROUTE_PATHS).filter((pattern) => pattern !== ROUTE_PATHS.notFound);

/**
 * Whether the site answers this path itself, trailing slash or not: a reader page of
 * src/public/routes.ts (a category's, an article's, /search, /auth…), the back office, a feed or
 * a sitemap, the server's files and calls, WordPress's feed addresses (led to ours). An old
 * WordPress address is never one of these: the importer skips it (reported) and the server
 * answers its own page before it looks one up.
 */
export function isSitePath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (
    READER_ROUTES.some((pattern) => matchPath(pattern, pathname) !== null) ||
    isBackOfficePath(path) ||
    path === EDITION_PATH ||
    path === WORKER_PATH ||
    SERVER_FILES.some((file) => file.test(path)) ||
    FEED.test(pathname) ||
    CATEGORY_FEED.test(pathname)
  );
}

/** Where WordPress's own feed addresses now are: ours (the site's, or a category's). */
export function wordpressFeedLocation(url: URL): string | null {
  if (url.pathname === '/' && url.searchParams.has('feed')) return '/rss.xml';
  if (FEED.test(url.pathname)) return '/rss.xml';
  const category = CATEGORY_FEED.exec(url.pathname)?.[1];
  return category ? `${categoryPath(category)}/rss.xml` : null;
}

/**
 * The path the importer recorded for this address (lower case, as written), or null when no post
 * could have had it, or when the site answers it itself.
 */
export function wordpressPath(url: URL): string | null {
  if (url.pathname === '/') {
    const id = url.searchParams.get('p');
    return id && /^\d{1,19}$/.test(id) ? `/?p=${id}` : null;
  }
  if (!url.pathname.endsWith('/') || url.pathname.length > 600) return null;
  // Looked up lower case: `/SEARCH/` would find a row recorded for `/search/`, one of the site's.
  const path = url.pathname.toLowerCase();
  return isSitePath(url.pathname) || isSitePath(path) ? null : path;
}

/**
 * The old addresses' answers the server keeps (app.ts), apart from its feeds: an archive has as
 * many as it had posts, and they must not push the feeds and sitemaps out. Each is a few hundred
 * bytes: thousands fit, and one pushed out costs a lookup under the render limit.
 */
export const MOVES_MAX_BYTES = 1024 * 1024;

/** The slug of the public article an old path leads to, or null. */
export async function wordpressRedirect(db: DataClient, path: string): Promise<string | null> {
  const { data, error } = await db.rpc('wordpress_redirect', { p_path: path });
  if (error) throw new Error(`wordpress_redirect: ${error.message}`);
  return data;
}

/**
 * Where an old WordPress address now leads (the reader's path), or null. `lookup` answers a
 * recorded path with its article's slug; the server keeps its answers like its feeds.
 */
export async function wordpressLocation(url: URL, lookup: (path: string) => Promise<string | null>): Promise<string | null> {
  const feed = wordpressFeedLocation(url);
  if (feed) return feed;
  const path = wordpressPath(url);
  if (!path) return null;
  const slug = await lookup(path);
  return slug ? articlePath(slug) : null;
}
