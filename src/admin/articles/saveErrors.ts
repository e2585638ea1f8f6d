import { describeError } from '../providers/frenchErrors';
import { altTextRefusal } from './images/altText';

/** The parts of a failed save this editor reads: supabase-js errors, and react-admin's HttpError (body). */
interface SaveError {
  code?: string;
  message?: string;
  status?: number;
  body?: { code?: string; message?: string; details?: string } | null;
}

/** The database's SQLSTATE (or PostgREST's code) of a failed request, from either shape. */
export const errorCode = (error: unknown) => {
  const e = (error ?? {}) as SaveError;
  return e.body?.code ?? e.code;
};

/**
 * The database refused the save because the article changed since it was loaded: its trigger
 * raises SQLSTATE PT409 ("stale_version"), which PostgREST answers with HTTP 409.
 */
export const isStaleVersion = (error: unknown) => errorCode(error) === 'PT409';

/**
 * A refused save in French: the editor's own refusals (alternative text, byline, permission) by
 * their code, anything else in the back office's words for it (frenchErrors.ts), never the
 * server's. The original goes to the console.
 */
export function describeSaveError(error: unknown): string {
  console.error('The article was not saved', error);
  const altText = altTextRefusal(error);
  if (altText) return altText;
  const code = errorCode(error);
  if (code === '23505') return 'Ce slug est déjà utilisé par un autre article : choisissez-en un autre.';
  const e = (error ?? {}) as SaveError;
  // The byline trigger: an author outside the newsroom (23514), or a journalist signing for someone else or publishing (42501).
  if (code === '23514' && (e.body?.details ?? (e as { details?: string }).details) === 'author_not_newsroom')
    return "L'auteur choisi ne fait pas partie de la rédaction : choisissez un journaliste ou un administrateur.";
  if (code === '42501')
    return "Vous n'avez pas le droit d'enregistrer cet article ainsi : seul un administrateur publie, programme ou signe un article au nom d'un autre.";
  return describeError(error, 'article');
}
