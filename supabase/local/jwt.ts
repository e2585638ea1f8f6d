import { SignJWT, jwtVerify, errors } from 'jose';
import { JWT_SECRET } from './config.ts';
import { API_ROLES, type Claims } from './db.ts';

const key = new TextEncoder().encode(JWT_SECRET);

export class InvalidTokenError extends Error {}

/**
 * Verifies an HS256 token signed with the project's JWT secret. `alg: none`, other algorithms,
 * bad signatures, expired tokens and unknown roles are all refused.
 */
export async function verifyToken(token: string): Promise<Claims> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
    const role = typeof payload.role === 'string' ? payload.role : '';
    if (!API_ROLES.has(role)) throw new InvalidTokenError(`role "${role}" is not an API role`);
    return payload as Claims;
  } catch (err) {
    if (err instanceof InvalidTokenError) throw err;
    if (err instanceof errors.JWTExpired) throw new InvalidTokenError('JWT expired');
    throw new InvalidTokenError(`invalid JWT: ${(err as Error).message}`);
  }
}

export async function signToken(claims: Record<string, unknown>, expiresAt: number): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setExpirationTime(expiresAt)
    .sign(key);
}

/** The bearer token of a request: `Authorization: Bearer`, else the `apikey` header, as Kong does. */
export function bearerToken(headers: Record<string, string | string[] | undefined>): string | null {
  const auth = headers.authorization;
  if (typeof auth === 'string' && /^bearer /i.test(auth)) return auth.slice(7).trim();
  const apikey = headers.apikey;
  return typeof apikey === 'string' && apikey ? apikey : null;
}
