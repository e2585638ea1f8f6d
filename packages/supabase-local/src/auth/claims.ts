import type { IncomingMessage } from 'node:http';
import type { Claims } from '../db.ts';
import { bearerToken, InvalidTokenError, verifySignature, verifyToken } from '../jwt.ts';
import { AuthError, badJwt, notAdmin } from './errors.ts';

/** The caller's verified claims, or GoTrue's error for a missing or bad token. */
export async function requireClaims(req: IncomingMessage): Promise<Claims> {
  const token = bearerToken(req.headers);
  if (!token) throw new AuthError(401, 'no_authorization', 'This endpoint requires a Bearer token');
  try {
    return await verifyToken(token);
  } catch (err) {
    if (err instanceof InvalidTokenError) throw badJwt(err.message);
    throw err;
  }
}

/**
 * GoTrue's `GOTRUE_JWT_ADMIN_ROLES`, which hosted leaves at its default: the roles whose tokens may
 * call /admin. `supabase_admin` is no API role (PostgREST and storage refuse it), but its tokens,
 * signed with the project's secret, are auth's administrators as they are on hosted.
 */
export const AUTH_ADMIN_ROLES: readonly string[] = ['service_role', 'supabase_admin'];

/** The claims of an administrator's token, or GoTrue's 403 `not_admin` for any other valid token. */
export async function requireAdminClaims(req: IncomingMessage): Promise<Claims> {
  const token = bearerToken(req.headers);
  if (!token) throw new AuthError(401, 'no_authorization', 'This endpoint requires a Bearer token');
  let payload;
  try {
    payload = await verifySignature(token);
  } catch (err) {
    if (err instanceof InvalidTokenError) throw badJwt(err.message);
    throw err;
  }
  if (typeof payload.role !== 'string' || !AUTH_ADMIN_ROLES.includes(payload.role)) throw notAdmin();
  return payload as Claims;
}
