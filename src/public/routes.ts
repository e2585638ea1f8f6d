/** The reader's route patterns, shared by its router (PublicApp) and the server that renders it. */
export const PATHS = {
  home: '/',
  category: '/category/:slug',
  article: '/article/:slug',
  search: '/search',
  about: '/about',
  contact: '/contact',
  auth: '/auth',
} as const;
