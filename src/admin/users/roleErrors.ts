import { describeError, FORBIDDEN, LAST_ADMIN } from '../providers/frenchErrors';

export { LAST_ADMIN as LAST_ADMIN_MESSAGE };
export const ROLES_FORBIDDEN_MESSAGE = FORBIDDEN.account;

/** The part of a PostgREST error this screen reads. */
export interface DbError {
  code?: string;
  message: string;
  details?: string | null;
}

/**
 * The French message for a refused role change, in the back office's words (frenchErrors.ts): the
 * database's keep_last_admin trigger marks its refusal with detail 'last_admin' (SQLSTATE P0001),
 * row-level security refuses a non-admin (42501), both told as for any account.
 */
export function describeRoleError(error: DbError): string {
  return describeError(error, 'account');
}
