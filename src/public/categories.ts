import { useOptionalPage } from './page/PageContext';

/** A category of the reader's menu and footer: its name and its address /category/{slug}. */
export interface MenuCategory {
  name: string;
  slug: string;
}

/**
 * The menu as the categories migration first makes it (docs/product.md#header-and-navigation): what
 * the reader shows when the page came with no menu (rendered in the browser alone, or the database
 * did not answer the server), so its links keep working.
 */
export const NAV_CATEGORIES: readonly MenuCategory[] = [
  { name: 'Actualité', slug: 'actualite' },
  { name: 'Politique', slug: 'politique' },
  { name: 'Économie', slug: 'economie' },
  { name: 'Culture', slug: 'culture' },
  { name: 'Sport', slug: 'sport' },
  { name: 'Réussite', slug: 'reussite' },
  { name: 'Tribune libre', slug: 'tribune-libre' },
];

/** The menu's categories, in order: the database's, read by the server with the page (src/server/render.tsx). */
export function useMenuCategories(): readonly MenuCategory[] {
  return useOptionalPage()?.menu ?? NAV_CATEGORIES;
}
