import { orderedWordsPattern } from '@/lib/searchPattern';

/**
 * The list's search box (filter `q`, kept as typed so the box shows what was typed) as PostgREST's
 * filter on the folded title: `title_key=ilike.*senegal*gaz*`. Accents and case do not count,
 * `%` and `_` are literal, and the words match in the order typed.
 */
export function articleSearchFilter(filter: Record<string, unknown>): Record<string, unknown> {
  const { q, ...rest } = filter;
  const pattern = typeof q === 'string' ? orderedWordsPattern(q) : null;
  return pattern ? { ...rest, 'title_key@ilike': pattern } : rest;
}
