import { searchWords } from '@/lib/searchPattern';

/**
 * The users list's search box (filter `q`, kept as typed) as PostgREST filters on
 * `accounts.search_key`, the name and e-mail folded by the database (lower-case, no accents):
 * every word typed must appear, in any order ("diallo", "Aminata Diallo", "diallo aminata",
 * "afrique-actu.local", "traore" for Traoré). The words are folded and escaped by searchPattern.
 * Several words go as one and=(…) parameter, written out here: ra-data-postgrest would split an
 * ilike value into search_key[0]=…, which PostgREST refuses.
 */
export function accountSearchFilter(filter: Record<string, unknown>): Record<string, unknown> {
  const { q, ...rest } = filter;
  const words = typeof q === 'string' ? searchWords(q) : [];
  if (words.length === 0) return rest;
  if (words.length === 1) return { ...rest, 'search_key@ilike': words[0] };
  // An empty operator ('and@') hands the value to PostgREST as it is: and=(search_key.ilike.*a*,…).
  return { ...rest, 'and@': `(${words.map((w) => `search_key.ilike.*${w}*`).join(',')})` };
}
