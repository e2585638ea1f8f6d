// Titles a page shows in its own text as well as in its head: the first load needs them, not the
// head's code (meta.ts, loaded once an in-app navigation changes the head).

export const NOT_FOUND_TITLE = 'Page introuvable';
export const ARTICLE_NOT_FOUND_TITLE = 'Article introuvable';
