/**
 * Search boxes of the back office match the database's folded text: `private.fold()` (lower-case
 * after unaccent), exposed as `articles.title_key` and `accounts.search_key`. The words typed are
 * folded the same way here, then taken literally by PostgREST's ilike.
 */

// What unaccent turns into plain letters but Unicode's canonical decomposition (NFD) leaves whole:
// ligatures, barred and hooked letters (West African names among them), typographic quotes and dashes.
const UNACCENT_EXTRAS: Record<string, string> = {
  œ: 'oe',
  æ: 'ae',
  ß: 'ss',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  ŀ: 'l',
  þ: 'th',
  ı: 'i',
  ŋ: 'n',
  ɓ: 'b',
  ɗ: 'd',
  ƴ: 'y',
  ɛ: 'e',
  ǆ: 'dz',
  ﬁ: 'fi',
  ﬂ: 'fl',
  '\u2018': "'",
  '\u2019': "'",
  '\u201c': '"',
  '\u201d': '"',
  '«': '<<',
  '»': '>>',
  '\u2013': '-',
  '\u2014': '-',
};
const EXTRAS = new RegExp(`[${Object.keys(UNACCENT_EXTRAS).join('')}]`, 'gu');

/** "Œuvre à Sénégal" → "oeuvre a senegal": the text as the database's `private.fold()` stores it. */
export function foldForSearch(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(EXTRAS, (c) => UNACCENT_EXTRAS[c] ?? c);
}

/** ILIKE's own wildcards (and its escape character) taken literally: "100%" finds "100%", not "100…". */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The words of a search box, folded and escaped, each to be found as it is. Besides spaces,
 * `*` separates words (PostgREST reads it as a wildcard and has no escape for it), and so do
 * `,`, `(`, `)` and `"`, which PostgREST's and=(…)/or=(…) filters reserve.
 */
export function searchWords(input: string): string[] {
  return foldForSearch(input)
    .split(/[\s*,()"]+/u)
    .filter(Boolean)
    .map(escapeLike);
}

/**
 * One ilike pattern for PostgREST (`title_key=ilike.*<pattern>*`, or a react-admin filter
 * `title_key@ilike`, to which ra-data-postgrest adds the outer `*`): the words in the order typed,
 * joined by PostgREST's wildcard, so a single query parameter. Null for a blank box: no filter.
 */
export function orderedWordsPattern(input: string): string | null {
  const words = searchWords(input);
  return words.length ? words.join('*') : null;
}

/**
 * "Côte d’Ivoire" → "cote d ivoire": a tag's name as the database's `private.tag_key()` stores it
 * (tags.name_key): folded, every run of anything but letters and digits one space. What a reader or
 * a journalist types is matched this way, so « cote d ivoire » finds « Côte d'Ivoire ».
 */
export function tagKey(text: string): string {
  return foldForSearch(text)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}
