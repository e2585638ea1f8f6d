import { SignJWT, jwtVerify, errors } from 'jose';
import { JWT_SECRET } from './config.ts';
import { API_ROLES, type Claims } from './db.ts';

const key = new TextEncoder().encode(JWT_SECRET);

export class InvalidTokenError extends Error {
  constructor(
    message: string,
    readonly expired = false,
  ) {
    super(message);
  }
}

export const isUuid = (value: unknown): value is string =>
  typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/** Checks an HS256 signature with the project's secret and the expiry; says nothing of roles. */
export async function verifySignature(token: string): Promise<Record<string, unknown>> {
  try {
    return (await jwtVerify(token, key, { algorithms: ['HS256'] })).payload;
  } catch (err) {
    if (err instanceof errors.JWTExpired) throw new InvalidTokenError('JWT expired', true);
    throw new InvalidTokenError(`invalid JWT: ${(err as Error).message}`);
  }
}

/**
 * Verifies an HS256 token signed with the project's JWT secret. `alg: none`, other algorithms,
 * bad signatures, expired tokens and unknown roles are all refused.
 */
export async function verifyToken(token: string): Promise<Claims> {
  const payload = await verifySignature(token);
  const role = typeof payload.role === 'string' ? payload.role : '';
  if (!API_ROLES.has(role)) throw new InvalidTokenError(`role "${role}" is not an API role`);
  return payload as Claims;
}

export async function signToken(claims: Record<string, unknown>, expiresAt: number): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setExpirationTime(expiresAt).sign(key);
}

/** The bearer token of a request: `Authorization: Bearer`, else the `apikey` header, as Kong does. */
export function bearerToken(headers: Record<string, string | string[] | undefined>): string | null {
  const auth = headers.authorization;
  if (typeof auth === 'string' && /^bearer /i.test(auth)) return auth.slice(7).trim();
  const apikey = headers.apikey;
  return typeof apikey === 'string' && apikey ? apikey : null;
}
