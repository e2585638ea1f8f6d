/**
 * The editor's length limits as the database checks them (char_length of the trimmed text):
 * characters, not UTF-16 units, so « é » or an emoji counts once, as the reader sees it.
 */
export const characterCount = (text: string | null | undefined): number => [...(text ?? '').trim()].length;

/** react-admin validator: refuses, with `message` in French, a text the database would refuse as longer than `max`. */
export const withinCharacters =
  (max: number, message: string) =>
  (value: unknown): string | undefined =>
    typeof value === 'string' && characterCount(value) > max ? message : undefined;
