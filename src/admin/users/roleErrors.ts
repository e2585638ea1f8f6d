import { describeError } from '../providers/frenchErrors';

export const LAST_ADMIN_MESSAGE = "Impossible de retirer le dernier administrateur : nommez d'abord un autre administrateur.";
export const ROLES_FORBIDDEN_MESSAGE =
  "Vous n'avez pas le droit de faire cela : seul un administrateur peut gérer les comptes et les rôles.";

/** The part of a PostgREST error this screen reads. */
export interface DbError {
  code?: string;
  message: string;
  details?: string | null;
}

/**
 * The French message for a refused role change. The database's keep_last_admin trigger marks its
 * refusal with detail 'last_admin' (SQLSTATE P0001); row-level security refuses a non-admin
 * (42501); anything else in the back office's French words (frenchErrors.ts).
 */
export function describeRoleError(error: DbError): string {
  const lastAdmin = error.details === 'last_admin' || /last administrator/i.test(error.message);
  if (lastAdmin) return LAST_ADMIN_MESSAGE;
  if (error.code === '42501') return ROLES_FORBIDDEN_MESSAGE;
  return describeError(error, 'account');
}
