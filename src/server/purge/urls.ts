import { articlePath, authorPath, categoryPath } from '@/lib/readerPaths';
import { EDITION_PATH } from '@/offline/paths';
import { NEWS_SITEMAP } from '../feeds';
import { PAGES_SITEMAP } from '../sitemaps';

/**
 * The addresses behind each purge key, for CDNs that purge by address (Cloudflare's `files`, every
 * plan). One place, so it can read the server's route table when it has one. Keys no address list
 * can cover — `menu` (every page), `all` — answer null: purge everything. `search` (endless
 * addresses) and `404` (unknown addresses) have none: they keep their short edge lives there.
 */

/** The slugs behind the ids of the keys: recorded with the change, and looked up (old slugs, authors). */
export interface PurgeLookups {
  /** The site's public origin (SITE_URL): Cloudflare purges full URLs. */
  origin: string;
  /** `article-<id>` → every slug it answered under (current, before the change, old addresses). */
  articles: Map<string, string[]>;
  /** `category-<id>` → its slugs before and after the change. */
  categories: Map<string, string[]>;
  /** `author-<user id>` → the author's page slug. */
  authors: Map<string, string[]>;
}

/** The feeds and sitemaps that list articles (the weekly sitemap files carry `feeds` too, purged by tag only). */
export const FEED_PATHS = ['/rss.xml', '/sitemap.xml', PAGES_SITEMAP, NEWS_SITEMAP];

const FIXED: Record<string, string[]> = {
  front: ['/', EDITION_PATH],
  edition: [EDITION_PATH],
  feeds: FEED_PATHS,
  corrections: ['/corrections'],
  search: [],
  '404': [],
};

/** The full URLs to purge for `keys`, or null when only purging everything covers them. */
export function purgeUrls(keys: string[], lookups: PurgeLookups): string[] | null {
  const paths = new Set<string>();
  for (const key of keys) {
    if (key === 'all' || key === 'menu') return null;
    const fixed = FIXED[key];
    if (fixed) {
      fixed.forEach((p) => paths.add(p));
      continue;
    }
    for (const slug of lookups.articles.get(key) ?? []) paths.add(articlePath(slug));
    for (const slug of lookups.categories.get(key) ?? []) {
      paths.add(categoryPath(slug));
      paths.add(`${categoryPath(slug)}/rss.xml`);
    }
    for (const slug of lookups.authors.get(key) ?? []) paths.add(authorPath(slug));
  }
  return [...paths].sort().map((p) => `${lookups.origin}${p}`);
}
