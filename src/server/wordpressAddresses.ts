import { articlePath, categoryPath } from '@/lib/readerPaths';
import type { DataClient } from '@/lib/supabase';

/**
 * The addresses a WordPress site answered before the newsroom moved here (issue 31,
 * docs/wordpress-import.md#old-addresses): a post's permalink leads to its article, WordPress's
 * feeds to ours, each with a 301 so search engines and shared links follow.
 *
 * Asked only for the shapes WordPress wrote and the reader never does: `/?p=<id>`, `?feed=`, and
 * paths ending with a slash (every WordPress permalink does; the reader's own links never). The
 * database answers one exact path at a time (wordpress_redirect): nothing can list the table.
 */

const FEED = /^\/(?:feed|rss|rss2|atom)(?:\/(?:rss2?|atom|rdf))?\/?$/;
const CATEGORY_FEED = /^\/category\/([^/]+)\/feed(?:\/(?:rss2?|atom|rdf))?\/?$/;

/** Where WordPress's own feed addresses now are: ours (the site's, or a category's). */
export function wordpressFeedLocation(url: URL): string | null {
  if (url.pathname === '/' && url.searchParams.has('feed')) return '/rss.xml';
  if (FEED.test(url.pathname)) return '/rss.xml';
  const category = CATEGORY_FEED.exec(url.pathname)?.[1];
  return category ? `${categoryPath(category)}/rss.xml` : null;
}

/** The path the importer recorded for this address (lower case, as written), or null when no post could have had it. */
export function wordpressPath(url: URL): string | null {
  if (url.pathname === '/') {
    const id = url.searchParams.get('p');
    return id && /^\d{1,19}$/.test(id) ? `/?p=${id}` : null;
  }
  return url.pathname.endsWith('/') && url.pathname.length <= 600 ? url.pathname.toLowerCase() : null;
}

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
