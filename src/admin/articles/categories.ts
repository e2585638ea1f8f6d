import { useGetList } from 'react-admin';
import type { CategoryOption } from './types';

// The database may sort with the C collation ('Économie' after 'Tribune libre'): French order here.
const collator = new Intl.Collator('fr', { sensitivity: 'base' });

/**
 * The editor's choices: by name, without those hidden from the editor (« Rubriques »), except the
 * article's own (an old article keeps its category until someone picks another).
 */
export function editorCategoryChoices<T extends CategoryOption>(categories: T[], currentId?: string | null): T[] {
  return categories.filter((c) => !c.hidden_from_editor || c.id === currentId).sort((a, b) => collator.compare(a.name, b.name));
}

/**
 * Every category, ordered by name, as the editor reads them. One query for the category input and
 * the revision dialog, so both share a single cache entry.
 */
export function useEditorCategories() {
  return useGetList<CategoryOption & { slug: string }>('categories', {
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'name', order: 'ASC' },
    meta: { columns: ['id', 'name', 'slug', 'hidden_from_editor'] },
  });
}
