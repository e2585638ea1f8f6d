import type { ArticleRow } from '@/lib/database';

/**
 * The front page as an administrator arranges it: four places, rank 1 « À la une », ranks 2 to 4
 * the top stories in order (public.front_page). Each article holds one place at most.
 */
export const RANK_COUNT = 4;

/** An article as the front page screen shows it (ARTICLE_COLUMNS). */
export type FrontPageArticle = Pick<ArticleRow, 'id' | 'title' | 'status' | 'published_at'>;

/** Index 0 is rank 1; null is an empty place. */
export type Slots = (FrontPageArticle | null)[];

export const emptySlots = (): Slots => Array.from({ length: RANK_COUNT }, () => null);

/** The stored pins as places; a rank outside 1..4 (none can be stored) is ignored. */
export function slotsFromRows(rows: { rank: number; article: FrontPageArticle | null }[]): Slots {
  const slots = emptySlots();
  for (const { rank, article } of rows) if (rank >= 1 && rank <= RANK_COUNT && article) slots[rank - 1] = article;
  return slots;
}

/** Puts `article` at place `index`; if it held another place, that one empties (one place per article). */
export function pinAt(slots: Slots, index: number, article: FrontPageArticle): Slots {
  return slots.map((current, i) => (i === index ? article : current?.id === article.id ? null : current));
}

export const unpinAt = (slots: Slots, index: number): Slots => slots.map((current, i) => (i === index ? null : current));

/** Swaps place `index` with the one above (-1) or below (+1); unchanged at either end. */
export function moveSlot(slots: Slots, index: number, delta: -1 | 1): Slots {
  const other = index + delta;
  if (other < 0 || other >= slots.length) return slots;
  const next = [...slots];
  [next[index], next[other]] = [next[other], next[index]];
  return next;
}

/**
 * « Mettre à la une »: `article` leads and the stories above its old place move down one (the
 * last one leaves the front page when the article was not on it yet).
 */
export function lead(slots: Slots, article: FrontPageArticle): Slots {
  const was = slots.findIndex((s) => s?.id === article.id);
  return [article, ...slots.filter((_, i) => i !== was)].slice(0, RANK_COUNT);
}
