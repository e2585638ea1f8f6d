/** The navigation's categories, in menu order, with their slugs (docs/product.md#header-and-navigation). */
export const NAV_CATEGORIES = [
  { name: 'Actualité', slug: 'actualite' },
  { name: 'Politique', slug: 'politique' },
  { name: 'Économie', slug: 'economie' },
  { name: 'Culture', slug: 'culture' },
  { name: 'Sport', slug: 'sport' },
  { name: 'Réussite', slug: 'reussite' },
  { name: 'Tribune libre', slug: 'tribune-libre' },
] as const;
