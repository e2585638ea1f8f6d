/** The site's name, for the head's tags (src/public/meta.ts) and what readers forward (the « Kit de correction »), without the head's code. */
export const SITE_NAME = 'Afrique Actu';
