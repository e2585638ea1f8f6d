import type { Tables } from '@/lib/database';

/** A category as « Rubriques » reads it, with how many articles are filed under it (PostgREST's embedded count). */
export type Category = Tables<'categories'> & { articles?: { count: number }[] };

/** The columns the list and the forms read (meta.columns). */
export const CATEGORY_COLUMNS = ['id', 'name', 'slug', 'menu_position', 'hidden_from_editor', 'articles(count)'];

/** What an administrator writes: the slug only when the category is made (it is its address). */
export const toCategoryWrite = ({ name, menu_position, hidden_from_editor }: Partial<Category>) => ({
  name: name?.trim(),
  menu_position: menu_position ?? null,
  hidden_from_editor: hidden_from_editor === true,
});
