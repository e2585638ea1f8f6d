// Where a reader finds their saved articles and what the page is called: the account menu and the
// route table (first load) read these. The toggle's words are in labels.ts, outside the first load.

export const SAVED_ARTICLES_PATH = '/mes-articles';
export const SAVED_ARTICLES_TITLE = 'Mes articles';
