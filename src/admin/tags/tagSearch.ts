import { tagKey } from '@/lib/searchPattern';

/**
 * A tag list's search box (`q`: « Étiquettes », the editor's type-ahead) as a filter on the
 * tags' folded name (tags.name_key), to which ra-data-postgrest adds the outer `*`: accents, case
 * and punctuation aside, « cote d ivoire » finds « Côte d'Ivoire ». A blank box filters nothing.
 */
export function tagSearchFilter({ q, ...filter }: Record<string, unknown>): Record<string, unknown> {
  const key = typeof q === 'string' ? tagKey(q) : '';
  return key ? { ...filter, 'name_key@ilike': key } : filter;
}
