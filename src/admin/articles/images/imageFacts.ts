import { LIMITS } from '../../limits';
import { isTempImage } from './tempImages';
import type { ImageFacts, ImageRow, ImageWrite, PanelImage } from './types';

/** The database's limits on each fact (article_images' checks, src/admin/limits.ts), in characters. */
export const FACT_LIMITS = { alt_text: LIMITS.altText.max, caption: LIMITS.caption.max, credit: LIMITS.credit.max } as const;
export type FactName = keyof typeof FACT_LIMITS;
const FACT_NAMES = Object.keys(FACT_LIMITS) as FactName[];

/** What a recorded image holds in the database: its facts as stored and its place. */
export type SavedImage = { [K in FactName]: string | null } & { position: number };

/** A fact as the database stores it: trimmed, and null when blank. */
export const storedFact = (value: string | null | undefined): string | null => value?.trim() || null;

export function storedFacts(image: ImageFacts): { [K in FactName]: string | null } {
  return { alt_text: storedFact(image.alt_text), caption: storedFact(image.caption), credit: storedFact(image.credit) };
}

/** The article's rows as read back, by id: what a save compares the panel with. */
export function savedImages(rows: (PanelImage & { position: number })[]): Map<string, SavedImage> {
  return new Map(rows.map((row) => [row.id, { ...storedFacts(row), position: row.position }]));
}

/** The panel's images as rows to record, in the panel's order (position 0 first). */
export function rowsInOrder(images: PanelImage[]): ImageRow[] {
  return images.map((image, position) => ({ image_url: image.image_url, ...storedFacts(image), position }));
}

/**
 * What a save of an existing article must write before the article itself: the images held until
 * now are inserted with their facts, recorded ones updated where a fact or their place changed.
 */
export function pendingWrites(images: PanelImage[], saved: ReadonlyMap<string, SavedImage>): ImageWrite[] {
  return rowsInOrder(images).flatMap((row, i): ImageWrite[] => {
    const image = images[i];
    if (isTempImage(image)) return [row];
    const before = saved.get(image.id);
    const same = before && before.position === row.position && FACT_NAMES.every((name) => before[name] === row[name]);
    return same ? [] : [{ id: image.id, ...row }];
  });
}

/**
 * The panel once the article's rows are read back (after a save, even a refused one): images held
 * until now that got recorded take their row's id, and what was typed stays as typed. A row the
 * panel did not know (a colleague's upload) comes last; a recorded image gone from the database goes.
 */
export function adoptRows(working: PanelImage[], rows: PanelImage[]): PanelImage[] {
  const byUrl = new Map(rows.map((row) => [row.image_url, row]));
  const kept = working.flatMap((image) => {
    const row = byUrl.get(image.image_url);
    if (row) return [{ ...image, id: row.id }];
    return isTempImage(image) ? [image] : [];
  });
  const known = new Set(kept.map((image) => image.image_url));
  return [...kept, ...rows.filter((row) => !known.has(row.image_url))];
}

/** The list with the item at `from` moved to `to` (the others keep their order). */
export function moveImage<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const next = [...list];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next;
}
