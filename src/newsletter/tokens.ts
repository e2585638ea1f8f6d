import { createHash, randomBytes } from 'node:crypto';

/**
 * A token for a confirm or unsubscribe link: 32 random bytes, base64url in the link. The database
 * keeps only its SHA-256 (private.token_hash hashes what a link brings the same way), so the link
 * exists only in the mail. Never log the token.
 */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: `\\x${createHash('sha256').update(token, 'utf8').digest('hex')}` };
}

/** A token's shape (43 base64url characters), or a released link's uuid: anything else was never issued. */
export const TOKEN_SHAPE = /^(?:[A-Za-z0-9_-]{43}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
