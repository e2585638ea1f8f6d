// The reader site's preview of an article (administrators only): one place for its address, read
// by the reader's route table and robots.txt, and by the back office's Aperçu button, which links
// to it without loading the reader's route table.

/** The addresses under which previews live. */
export const PREVIEW_PREFIX = '/apercu/';

/** The preview route's pattern, for matchPath. */
export const PREVIEW_PATTERN = `${PREVIEW_PREFIX}:id`;

/** The preview of one article. */
export const previewPath = (articleId: string) => `${PREVIEW_PREFIX}${encodeURIComponent(articleId)}`;
