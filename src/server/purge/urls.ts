import { purgePaths } from '../routes';
import { KEY, parseKey } from '../routes/keys';

/**
 * The addresses behind each purge key, for CDNs that purge by address (Cloudflare's `files`, every
 * plan), read from the server's route table (purgePaths in routes.ts). Keys no address list can
 * cover — `menu` (every page), `all` — answer null: purge everything. `search` (endless addresses)
 * and `404` (unknown addresses) have none: they keep their short edge lives there.
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
  /** `tag-<id>` → its slugs before and after the change, and the old addresses of tags merged into it. */
  tags: Map<string, string[]>;
}

const SLUGS = { article: 'articles', category: 'categories', author: 'authors', tag: 'tags' } as const;

/** The full URLs to purge for `keys`, or null when only purging everything covers them. */
export function purgeUrls(keys: string[], lookups: PurgeLookups): string[] | null {
  const paths = new Set<string>();
  for (const key of keys) {
    if (key === KEY.all || key === KEY.menu) return null;
    const parsed = parseKey(key);
    const found =
      parsed.kind === 'fixed' ? purgePaths(key) : (lookups[SLUGS[parsed.kind]].get(key) ?? []).flatMap((slug) => purgePaths(key, slug));
    for (const path of found) paths.add(path);
  }
  return [...paths].sort().map((p) => `${lookups.origin}${p}`);
}
