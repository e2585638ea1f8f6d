// A fact-check's share text, apart from share.ts (whose channel tags load with the share buttons)
// so the « Kit de correction » on the article's first render carries no more than this.

/** What a fact-check's share says: the verdict's label (« Faux »), the claim checked, « En bref ». */
export interface SharedVerdict {
  label: string;
  claim: string;
  summary?: string | null;
}

const line = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * A fact-check's message: « *FAUX* — {claim} », a blank line, « En bref » (the verdict travels
 * with the share, where the rumour went). Asterisks are taken out of the label and the claim.
 */
export function verdictText({ label, claim, summary }: SharedVerdict): string {
  const head = `*${line(label).replace(/\*/g, '').toLocaleUpperCase('fr-FR')}* — ${line(claim).replace(/\*/g, '')}`;
  return summary && line(summary) ? `${head}\n\n${line(summary)}` : head;
}
