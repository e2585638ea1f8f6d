import type { IncomingMessage } from 'node:http';
import type { Claims } from '../db.ts';
import { bearerToken, InvalidTokenError, verifyToken } from '../jwt.ts';
import { AuthError, badJwt } from './errors.ts';

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
