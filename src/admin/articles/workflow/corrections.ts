import { isPublicNow } from '@/lib/articleVisibility';
import { LIMITS } from '../../limits';
import { describeError } from '../../providers/frenchErrors';
import { errorCode } from '../saveErrors';
import type { ArticleStatus } from '../types';

export const CORRECTIONS_RESOURCE = 'article_corrections';

/**
 * The columns the back office reads, and asks back after a write: signed-in callers are granted
 * these, not author_id (administrators read authors through correction_authors).
 */
export const CORRECTION_COLUMNS = ['id', 'article_id', 'note', 'corrected_at'];

/** The database's bounds for a correction note (check constraint on article_corrections.note, src/admin/limits.ts). */
export const NOTE_MAX_LENGTH = LIMITS.correctionNote.max;
const NOTE_RULE = LIMITS.correctionNote.message.replace(/\.$/, '');

/** Why the Corrections section is closed for this article, in the editor's words; null when open. */
export function correctionsClosedReason(article: { status: ArticleStatus; published_at?: string | null }, now: Date): string | null {
  // The database accepts corrections exactly on the articles readers can see (article_is_public).
  // A published article always is (the database never stores its date in the future), whatever
  // this computer's clock says about a date the server's clock just stamped.
  if (article.status === 'published' || isPublicNow(article, now)) return null;
  if (article.status === 'scheduled')
    return "Les corrections s'ajoutent une fois l'article en ligne : il est programmé et n'est pas encore visible des lecteurs.";
  return "Les corrections s'ajoutent aux articles publiés : celui-ci est un brouillon, modifiez-le directement.";
}

export interface CorrectionDraft {
  note: string;
  /** The moment of the correction, or null when the date field is empty or unreadable. */
  correctedAt: Date | null;
}

export type CorrectionErrors = Partial<Record<'note' | 'correctedAt', string>>;

/** The same rules as the database (note 1..2000 characters once trimmed, date not in the future), in French. */
export function validateCorrection({ note, correctedAt }: CorrectionDraft, now: Date): CorrectionErrors {
  const errors: CorrectionErrors = {};
  // Characters as PostgreSQL counts them (code points), not UTF-16 units.
  const length = Array.from(note.trim()).length;
  if (!length) errors.note = 'Le texte de la correction est requis';
  else if (length > NOTE_MAX_LENGTH) errors.note = `${NOTE_RULE} (actuellement ${length}).`;
  if (!correctedAt || Number.isNaN(correctedAt.getTime())) errors.correctedAt = 'La date de la correction est requise';
  else if (correctedAt.getTime() > now.getTime()) errors.correctedAt = 'La date de la correction ne peut pas être dans le futur';
  return errors;
}

export const CORRECTION_NOT_ADDED = "Impossible d'ajouter la correction";

/**
 * A refused correction in French. Row-level security refuses it (42501) when the article is no
 * longer public: unpublished or rescheduled by a colleague since this editor was opened.
 */
export function describeCorrectionError(error: unknown): string {
  console.error('A correction could not be added', error);
  const code = errorCode(error);
  if (code === '42501')
    return "La correction n'a pas été ajoutée : l'article n'est plus visible des lecteurs (il a été dépublié ou reprogrammé entre-temps). Rechargez l'article.";
  if (code === '23514') return `La correction n'a pas été ajoutée. ${LIMITS.correctionNote.message}`;
  return `${CORRECTION_NOT_ADDED}. ${describeError(error)}`;
}
