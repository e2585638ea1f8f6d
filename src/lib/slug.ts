/** "Économie" → "Economie": letters without their combining accents. */
export const stripAccents = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');

/** Lower-case, accents removed, runs of anything else turned into one hyphen, trimmed (docs/product.md#slugs). */
export function slugBase(text: string): string {
  return stripAccents(text)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The editor's slug: the title's slug plus a base-36 timestamp, so two equal titles never clash. */
export function slugFromTitle(title: string, now: number = Date.now()): string {
  const base = slugBase(title);
  const stamp = now.toString(36);
  return base ? `${base}-${stamp}` : stamp;
}
