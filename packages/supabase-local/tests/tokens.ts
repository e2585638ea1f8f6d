import { SignJWT } from 'jose';
import { signToken } from '../src/jwt.ts';

/** Tokens an attacker could bring: signed with the wrong secret, unsigned, or expired. */
export async function forgedToken(claims: Record<string, unknown> = { role: 'service_role' }): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode('not-the-project-secret-but-long-enough-32'));
}

export function noneToken(claims: Record<string, unknown> = { role: 'service_role', exp: Math.floor(Date.now() / 1000) + 3600 }): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`;
}

export async function expiredToken(
  claims: Record<string, unknown> = { role: 'authenticated', sub: '00000000-0000-0000-0000-000000000001' },
): Promise<string> {
  return signToken(claims, Math.floor(Date.now() / 1000) - 60);
}
