// The reader site's addresses of an article and of an author's page: one place for each prefix,
// read by the reader's route table, its links and head tags, the sitemap and feeds, and by the back
// office's "Voir sur le site" button, which links to the reader without loading its route table.

const ARTICLE_PREFIX = '/article/';
const AUTHOR_PREFIX = '/auteur/';

/** The article route's pattern, for matchPath. */
export const ARTICLE_PATTERN = `${ARTICLE_PREFIX}:slug`;

/** The author route's pattern, for matchPath. */
export const AUTHOR_PATTERN = `${AUTHOR_PREFIX}:slug`;

/** The reader's address of an article. */
export const articlePath = (slug: string) => `${ARTICLE_PREFIX}${slug}`;

/** The address of an author's page. */
export const authorPath = (slug: string) => `${AUTHOR_PREFIX}${slug}`;
