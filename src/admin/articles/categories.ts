import { useGetList } from 'react-admin';
import { stripAccents } from '@/lib/slug';
import type { CategoryOption } from './types';

// A legacy category kept for old articles; new articles must not be filed under it (docs/product.md#categories).
const HIDDEN_CATEGORY = 'actualite mise a jour';

/** True for the category the editor hides: its accent-stripped, lower-cased name is 'actualite mise a jour'. */
export function isHiddenCategory(name: string): boolean {
  return stripAccents(name).toLowerCase().trim() === HIDDEN_CATEGORY;
}

// The database may sort with the C collation ('Économie' after 'Tribune libre'): French order here.
const collator = new Intl.Collator('fr', { sensitivity: 'base' });

/**
 * The editor's choices: by name, without the hidden category, except when it is the article's
 * own (an old article keeps its category until someone picks another).
 */
export function editorCategoryChoices<T extends CategoryOption>(categories: T[], currentId?: string | null): T[] {
  return categories.filter((c) => !isHiddenCategory(c.name) || c.id === currentId).sort((a, b) => collator.compare(a.name, b.name));
}

/**
 * Every category, ordered by name, as the editor reads them. One query for the category input and
 * the revision dialog, so both share a single cache entry.
 */
export function useEditorCategories() {
  return useGetList<CategoryOption & { slug: string }>('categories', {
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'name', order: 'ASC' },
    meta: { columns: ['id', 'name', 'slug'] },
  });
}
