// The reader site's addresses of an article, a category and an author's page: one place for each prefix,
// read by the reader's route table (its patterns are these paths with `:slug`), its links and head
// tags, the sitemap and feeds, and by the back office's "Voir sur le site" button, which links to
// the reader without loading its route table.

/** The reader's address of an article. */
export const articlePath = (slug: string) => `/article/${slug}`;

/** Whether an address is an article's page. */
export const isArticlePath = (pathname: string) => pathname.startsWith(articlePath(''));

/**
 * A category's page n: page 1 is the bare address; from page 2 on, its own (canonical there too).
 * The first-load components (header, footer, cards, home and article pages) write `/category/${slug}`
 * inline: importing this there measured +142 bytes gzip of the reader's first load.
 */
export const categoryPath = (slug: string, page = 1) => `/category/${slug}${page > 1 ? `?page=${page}` : ''}`;

/** The address of an author's page (page n of their articles: ?page=n, as a category's). */
export const authorPath = (slug: string, page = 1) => `/auteur/${slug}${page > 1 ? `?page=${page}` : ''}`;

/** A tag's kind in the database (tags.kind): a country has its page under /pays, the others under /sujet. */
export type TagKind = 'pays' | 'theme' | 'personnalite' | 'organisation';

/** A tag's page n: a country's /pays/{slug}, any other tag's /sujet/{slug} (docs/product.md#tags). */
export const tagPath = (kind: TagKind | string, slug: string, page = 1) =>
  `/${kind === 'pays' ? 'pays' : 'sujet'}/${slug}${page > 1 ? `?page=${page}` : ''}`;

/** The « Pays » index: every country's page, by region. */
export const COUNTRIES_PATH = '/pays';

/** Where a newsletter subscription's unsubscribe link leads (the reader's route pattern). */
export const UNSUBSCRIBE_PATH = '/newsletter/desinscription';

/** A subscription's unsubscribe link, by its token: what each mailing carries, and the subscribers' export. */
export const unsubscribePath = (token: string) => `${UNSUBSCRIBE_PATH}?jeton=${encodeURIComponent(token)}`;

/** Where a newsletter confirmation mail's link leads: a page with a button that confirms (POST), never the GET. */
export const CONFIRM_PATH = '/newsletter/confirmation';

/** A pending subscription's confirmation link, by its token. */
export const confirmPath = (token: string) => `${CONFIRM_PATH}?jeton=${encodeURIComponent(token)}`;
