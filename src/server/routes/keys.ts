/**
 * The purge keys of the site's cacheable answers (Surrogate-Key, Cache-Tag): what each answer
 * depends on, so a change purges exactly the answers that showed it. Lowercase ASCII, shared
 * with the purge queue (src/server/purge) and the edge's VCL (deploy/varnish).
 */
export const KEY = {
  /** Every cacheable answer: an operator's purge-everything. */
  all: 'all',
  /** Every HTML page: the menu lists the categories. */
  menu: 'menu',
  /** The front page and /edition.json. */
  front: 'front',
  /** RSS feeds and sitemaps. */
  feeds: 'feeds',
  edition: 'edition',
  corrections: 'corrections',
  search: 'search',
  /** Kept 404s of unknown addresses: purged when an article or a category comes to exist. */
  missing: '404',
} as const;

export const articleKey = (id: string) => `article-${id}`;
export const categoryKey = (id: string) => `category-${id}`;
export const authorKey = (id: string) => `author-${id}`;
/** A country's or a topic's page and feed (the database records it when the tag or its articles change). */
export const tagKey = (id: string) => `tag-${id}`;

/** The things a key names by id. */
export type KeyKind = 'article' | 'category' | 'author' | 'tag';

/** A key split into what it names: a fixed key, or an article, category, author or tag by id. */
export function parseKey(key: string): { kind: KeyKind; id: string } | { kind: 'fixed'; key: string } {
  const found = /^(article|category|author|tag)-(.+)$/.exec(key);
  return found ? { kind: found[1] as KeyKind, id: found[2] } : { kind: 'fixed', key };
}
