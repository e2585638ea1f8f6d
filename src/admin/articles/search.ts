/**
 * The list's title search goes to PostgREST as title=ilike.*…*. ra-data-postgrest splits an
 * ilike value on spaces and sends the words as title[0]=…&title[1]=…, which PostgREST rejects;
 * joining the words with * (PostgREST's wildcard in like patterns) keeps one parameter, and the
 * words then match in the order they were typed.
 */
export function toTitlePattern(input: string): string {
  return input.replace(/\s+/g, '*');
}

/** What the search box shows for a stored pattern. */
export function fromTitlePattern(pattern: string | null | undefined): string {
  return (pattern ?? '').replace(/\*/g, ' ');
}
