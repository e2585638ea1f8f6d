import type { ServerResponse } from 'node:http';
import { sendJson } from '../http.ts';

/** GoTrue's error: supabase-js reads `code` when the response says API version 2024-01-01. */
export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const API_VERSION_HEADER = { 'X-Supabase-Api-Version': '2024-01-01' };

export function sendAuthJson(res: ServerResponse, status: number, body: unknown): void {
  sendJson(res, status, body, API_VERSION_HEADER);
}

export function sendAuthError(res: ServerResponse, err: AuthError): void {
  sendAuthJson(res, err.status, { code: err.code, message: err.message, ...err.extra });
}

export const invalidCredentials = () => new AuthError(400, 'invalid_credentials', 'Invalid login credentials');
export const badJwt = (why: string) => new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${why}`);
export const sessionNotFound = () => new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
export const notAdmin = () => new AuthError(403, 'not_admin', 'User not allowed');
