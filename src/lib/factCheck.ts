/**
 * « Vrai ou faux »: the fact-check held in articles.fact_check (supabase/migrations/
 * 20261219120000_fact_checks.sql holds the same shape and limits) and its fixed verdict scale,
 * shared by the editor, the reader's pages, the share text and picture, and the JSON-LD.
 */

/** The « Vrai ou faux » listing's address and name; its feed is `${FACT_CHECKS_PATH}/rss.xml`. */
export const FACT_CHECKS_PATH = '/vrai-ou-faux';
export const FACT_CHECKS_TITLE = 'Vrai ou faux';

/** The scale, from true to false, in the order the editor offers it. */
export const VERDICTS = ['true', 'mostly_true', 'unproven', 'misleading', 'exaggerated', 'false'] as const;
export type Verdict = (typeof VERDICTS)[number];

export interface VerdictStyle {
  /** The label readers see (« Plutôt vrai »). */
  label: string;
  /** Text and background of the band and the card's mark: contrast ratio ≥ 4.5 (WCAG AA), held by a test. */
  color: string;
  background: string;
  /** A text icon, so the band needs no picture nor script: colour is never the only sign. */
  icon: string;
  /**
   * ClaimReview's reviewRating: 1 (false) to 5 (true), with the label as alternateName. « Non
   * prouvé » sits in the middle: neither shown true nor false.
   */
  rating: 1 | 2 | 3 | 4 | 5;
}

export const VERDICT_STYLES: Record<Verdict, VerdictStyle> = {
  true: { label: 'Vrai', color: '#ffffff', background: '#1b6b35', icon: '✔', rating: 5 },
  mostly_true: { label: 'Plutôt vrai', color: '#ffffff', background: '#2f6b1f', icon: '✔', rating: 4 },
  unproven: { label: 'Non prouvé', color: '#ffffff', background: '#4a4f57', icon: '?', rating: 3 },
  misleading: { label: 'Trompeur', color: '#000000', background: '#f2b01e', icon: '!', rating: 2 },
  exaggerated: { label: 'Exagéré', color: '#000000', background: '#f59a4a', icon: '!', rating: 2 },
  false: { label: 'Faux', color: '#ffffff', background: '#b3261e', icon: '✘', rating: 1 },
};

export const isVerdict = (value: unknown): value is Verdict => typeof value === 'string' && (VERDICTS as readonly string[]).includes(value);

/** The label of a verdict, or null for anything off the scale. */
export const verdictLabel = (value: unknown): string | null => (isVerdict(value) ? VERDICT_STYLES[value].label : null);

export interface FactCheckSource {
  title: string;
  url: string;
  /** The day it was consulted, YYYY-MM-DD. */
  consulted: string;
}

/** articles.fact_check: every field may be missing on a draft; going out needs claim, claimant, verdict, summary and a source. */
export interface FactCheck {
  claim?: string | null;
  /** A name and role (« Amadou Ba, ministre de la Santé »), or « Publications virales » for private people. */
  claimant?: string | null;
  /** Where it circulates (« WhatsApp, Facebook, radio »). */
  channels?: string | null;
  links?: string[] | null;
  first_seen?: string | null;
  verdict?: Verdict | null;
  /** « En bref »: one sentence. */
  summary?: string | null;
  what_is_true?: string | null;
  why_it_matters?: string | null;
  sources?: FactCheckSource[] | null;
}

export const VIRAL_CLAIMANT = 'Publications virales';

/** The database's limits (articles_fact_check_shape), in characters of the trimmed text or items. */
export const FACT_CHECK_LIMITS = {
  claim: 280,
  claimant: 200,
  channels: 200,
  links: 5,
  summary: 200,
  what_is_true: 3000,
  why_it_matters: 3000,
  sources: 20,
  sourceTitle: 300,
} as const;

/** The fact-check of an article row, or null when it is no fact-check (another format, or an unreadable value). */
export function factCheckOf(row: { format?: string | null; fact_check?: unknown }): (FactCheck & { verdict: Verdict }) | null {
  const f = row.fact_check as FactCheck | null | undefined;
  if (row.format !== 'factcheck' || !f || typeof f !== 'object' || !isVerdict(f.verdict)) return null;
  return f as FactCheck & { verdict: Verdict };
}
