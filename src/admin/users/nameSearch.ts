/**
 * The users list's search: every word typed must appear in the name, in any order and any case
 * ("Nadia Benali", "benali nadia", "Nad Ben"). ra-data-postgrest splits an ilike search on spaces
 * into full_name[0]=…&full_name[1]=…, which PostgREST refuses; one case-insensitive regular
 * expression with a lookahead per word (PostgreSQL's ~*, PostgREST's imatch) is a single filter.
 */
const REGEX_SPECIAL = /[\\^$.|?*+()[\]{}]/g;

export function allWordsPattern(search: string): string | null {
  const words = search.trim().split(/\s+/).filter(Boolean);
  if (!words.length) return null;
  return words.map((w) => `(?=.*${w.replace(REGEX_SPECIAL, (c) => `\\${c}`)})`).join('');
}

/** The list's `q` filter as PostgREST's: full_name matching every word. */
export function profileSearchFilter(filter: Record<string, unknown>): Record<string, unknown> {
  const { q, ...rest } = filter;
  const pattern = typeof q === 'string' ? allWordsPattern(q) : null;
  return pattern ? { ...rest, 'full_name@imatch': pattern } : rest;
}
