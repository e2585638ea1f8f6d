import { describeError, refusalLayers, SLUG_TAKEN } from '../providers/frenchErrors';
import { FACT_CHECK_REFUSALS } from './factCheck/factCheckForm';
import { altTextRefusal } from './images/altText';

/** The database's SQLSTATE (or PostgREST's code) of a failed request: supabase-js's error, or react-admin's HttpError (body). */
export const errorCode = (error: unknown) => refusalLayers(error)[0]?.code;

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
  const factCheck = refusalLayers(error).find((e) => e.details && FACT_CHECK_REFUSALS[e.details]);
  if (factCheck) return FACT_CHECK_REFUSALS[factCheck.details!];
  const code = errorCode(error);
  if (code === '23505') return SLUG_TAKEN;
  // The byline trigger: a journalist signing for someone else or publishing (42501). Its other
  // refusal, an author outside the newsroom (23514, detail author_not_newsroom), is describeError's.
  if (code === '42501')
    return "Vous n'avez pas le droit d'enregistrer cet article ainsi : seul un administrateur publie, programme ou signe un article au nom d'un autre.";
  return describeError(error, 'article');
}
