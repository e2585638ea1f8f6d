import type { IncomingMessage } from 'node:http';
import type pg from 'pg';
import { withClaims, type Claims } from '../db.ts';
import { bearerToken, isUuid, verifyToken } from '../jwt.ts';
import { ERRORS } from './errors.ts';

/**
 * The caller's verified claims. Like storage-api, a missing, forged, unsigned or expired token is
 * an AccessDenied error; nothing is served on the strength of a token that failed to verify.
 */
export async function callerClaims(req: IncomingMessage): Promise<Claims> {
  const token = bearerToken(req.headers);
  if (!token) throw ERRORS.accessDenied('jwt must be provided');
  try {
    return await verifyToken(token);
  } catch (err) {
    throw ERRORS.accessDenied((err as Error).message);
  }
}

/**
 * storage-api reads bucket settings and public objects "as super user". Here that is the
 * service_role API role (BYPASSRLS, never a Postgres superuser), and only for those two reads.
 */
export const SERVICE_CLAIMS: Claims = { role: 'service_role' };

const ROLLBACK = Symbol('rollback');

/** Runs `fn` under the caller's claims and rolls it back: asks RLS "would this be allowed?". */
export async function dryRun(pool: pg.Pool, claims: Claims, fn: (client: pg.PoolClient) => Promise<unknown>): Promise<void> {
  try {
    await withClaims(pool, claims, async (client) => {
      await fn(client);
      throw ROLLBACK;
    });
  } catch (err) {
    if (err !== ROLLBACK) throw err;
  }
}

/** The owner columns storage-api fills from the token: `owner` only when `sub` is a uuid. */
export function ownerOf(claims: Claims): { owner: string | null; owner_id: string | null } {
  const sub = typeof claims.sub === 'string' && claims.sub ? claims.sub : null;
  return { owner: isUuid(sub) ? sub : null, owner_id: sub };
}
