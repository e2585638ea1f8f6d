import { frenchCount } from '../limits';
import { reportError } from '../providers/frenchErrors';
import { ENTRY_MAX_LENGTH, type CoverageState } from './types';

export const ENTRY_TOO_LONG = `Une entrée ne peut pas dépasser ${frenchCount(ENTRY_MAX_LENGTH)} caractères : raccourcissez-la.`;
export const WAITING_FOR_NETWORK = 'En attente de réseau';

export const STATE_LABELS: Record<CoverageState, string> = { open: 'Ouvert', paused: 'En pause', closed: 'Terminé' };

/**
 * The live functions' refusals the database writes in French for the newsroom, by their detail
 * (« Ce direct est en pause : reprenez-le pour publier. », « Une entrée fait de 1 à 1 000 caractères… »).
 */
const FRENCH_DETAILS = new Set([
  'body',
  'entry',
  'not_author',
  'admins_only',
  'not_live',
  'closed',
  'paused',
  'correction',
  'poll_seconds',
]);

/**
 * A refusal of a live call told to the journalist: the database's own French sentence when it
 * wrote one, else the back office's French reading of the error (frenchErrors.ts).
 */
export function describeLiveError(error: unknown): string {
  const e = (error ?? {}) as { message?: unknown; details?: unknown };
  if (typeof e.message === 'string' && typeof e.details === 'string' && FRENCH_DETAILS.has(e.details)) return e.message;
  return reportError(error);
}

/** « 15 s », « 1 min », « 5 min »: the readers' interval as the desk offers it. */
export const pollLabel = (seconds: number) => (seconds < 60 ? `${seconds} s` : `${seconds / 60} min`);
