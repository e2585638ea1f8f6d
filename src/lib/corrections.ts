import type { Tables } from './database';
import { latestDate } from './dates';

/** A correction note of a public article (article_corrections), as readers and the newsroom read it. */
export type Correction = Pick<Tables<'article_corrections'>, 'id' | 'note' | 'corrected_at'>;

/** The latest correction's date, or null: "Mis à jour le …" and the article's dateModified. */
export const lastCorrectedAt = (corrections: readonly Pick<Correction, 'corrected_at'>[]): string | null =>
  latestDate(corrections.map((c) => c.corrected_at));

/**
 * When readers are told the article changed (« Mis à jour le … », dateModified): its latest save after
 * it went out (an edit keeps published_at and moves updated_at) or its latest correction, whichever
 * is later; null when neither came after the publication (the publishing save itself moves updated_at
 * to the same instant).
 */
export function articleUpdatedAt(
  article: { published_at: string | null; updated_at?: string | null },
  corrections: readonly Pick<Correction, 'corrected_at'>[],
): string | null {
  const published = article.published_at ? Date.parse(article.published_at) : NaN;
  const edited = article.updated_at && Date.parse(article.updated_at) > published ? [article.updated_at] : [];
  return latestDate([...edited, ...corrections.map((c) => c.corrected_at)]);
}
