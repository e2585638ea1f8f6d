/** A correction note of a public article (article_corrections), as readers and the newsroom read it. */
export interface Correction {
  id: string;
  note: string;
  corrected_at: string;
}
