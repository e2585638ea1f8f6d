import type { Tables } from './database';

/** A correction note of a public article (article_corrections), as readers and the newsroom read it. */
export type Correction = Pick<Tables<'article_corrections'>, 'id' | 'note' | 'corrected_at'>;
