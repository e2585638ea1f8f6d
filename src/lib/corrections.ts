import type { Tables } from './database';
import { latestDate } from './dates';

/** A correction note of a public article (article_corrections), as readers and the newsroom read it. */
export type Correction = Pick<Tables<'article_corrections'>, 'id' | 'note' | 'corrected_at'>;

/** The latest correction's date, or null: "Mis à jour le …" and the article's dateModified. */
export const lastCorrectedAt = (corrections: readonly Pick<Correction, 'corrected_at'>[]): string | null =>
  latestDate(corrections.map((c) => c.corrected_at));
