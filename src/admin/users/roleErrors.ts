export const LAST_ADMIN_MESSAGE = "Impossible de retirer le dernier administrateur : nommez d'abord un autre administrateur.";

/** The part of a PostgREST error this screen reads. */
export interface DbError {
  code?: string;
  message: string;
  details?: string | null;
}

/**
 * The French message for a refused role change. The database's keep_last_admin trigger marks its
 * refusal with detail 'last_admin' (SQLSTATE P0001); anything else is shown as the server said it.
 */
export function describeRoleError(error: DbError): string {
  const lastAdmin = error.details === 'last_admin' || /last administrator/i.test(error.message);
  return lastAdmin ? LAST_ADMIN_MESSAGE : `Erreur : ${error.message}`;
}
