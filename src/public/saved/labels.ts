// The toggle's words, also quoted by the empty "Mes articles". Kept apart from constants.ts: a
// module the first load and the toggle's chunk both import is split out of the first load.

export const SAVE_LABEL = 'À lire plus tard';
export const SAVED_LABEL = 'Enregistré';
export const UNSAVE_FAILED = "L'article n'a pas pu être retiré de vos articles";
