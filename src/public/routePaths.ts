import { FACT_CHECKS_PATH } from '@/lib/factCheck';
import { PREVIEW_PATTERN } from '@/lib/previewPath';
import { articlePath, authorPath, categoryPath, CONFIRM_PATH, COUNTRIES_PATH, tagPath, UNSUBSCRIBE_PATH } from '@/lib/readerPaths';
import { NEW_PASSWORD_PATH } from './auth/paths';
import { SAVED_ARTICLES_PATH } from './saved/constants';

/**
 * The reader's route patterns by route (routes.ts builds each route on its own), without the pages:
 * code that only needs to know which addresses are the site's own (the old WordPress addresses,
 * src/server/sitePaths.ts, also read by the importer in Node, where the pages' styles cannot load)
 * reads them here.
 */
export const ROUTE_PATHS = {
  home: '/',
  category: categoryPath(':slug'),
  article: articlePath(':slug'),
  author: authorPath(':slug'),
  countries: COUNTRIES_PATH,
  country: tagPath('pays', ':slug'),
  topic: tagPath('theme', ':slug'),
  preview: PREVIEW_PATTERN,
  corrections: '/corrections',
  factChecks: FACT_CHECKS_PATH,
  unsubscribe: UNSUBSCRIBE_PATH,
  confirm: CONFIRM_PATH,
  search: '/search',
  about: '/about',
  audience: '/mesure-d-audience',
  contact: '/contact',
  rumour: '/signaler-une-rumeur',
  auth: '/auth',
  newPassword: NEW_PASSWORD_PATH,
  savedArticles: SAVED_ARTICLES_PATH,
  notFound: '*',
} as const;
