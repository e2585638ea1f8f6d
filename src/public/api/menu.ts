import type { DataClient } from '@/lib/supabase';
import type { MenuCategory } from '../categories';

/**
 * The categories of the menu and footer, in their order (« Rubriques »: a place in the menu, names
 * breaking ties). Read by the server with every page it renders, so the menu is cached with the
 * page and a change moves the content version that evicts it.
 */
export async function fetchMenu(db: DataClient): Promise<MenuCategory[]> {
  const { data, error } = await db
    .from('categories')
    .select('name, slug')
    .not('menu_position', 'is', null)
    .order('menu_position')
    .order('name');
  if (error) throw new Error(`The menu's categories did not load: ${error.message}`);
  return data;
}
