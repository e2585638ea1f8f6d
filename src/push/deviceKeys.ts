import { ECDH } from 'node:crypto';

/**
 * Whether the sender can encrypt for a device's keys (RFC 8291): p256dh an uncompressed P-256
 * point (65 bytes, on the curve), auth a secret of at least 16 bytes, both base64url. push_subscribe
 * checks the same (private.push_key_ok), but a device stored before that check, or written by the
 * service role, may not pass: the sender deletes it rather than let it hold up the others.
 */
export function deviceKeysUsable(keys: { p256dh: string; auth: string }): boolean {
  const base64url = /^[A-Za-z0-9_-]+={0,2}$/;
  if (!base64url.test(keys.p256dh) || !base64url.test(keys.auth)) return false;
  if (Buffer.from(keys.auth, 'base64url').length < 16) return false;
  const point = Buffer.from(keys.p256dh, 'base64url');
  if (point.length !== 65 || point[0] !== 4) return false;
  try {
    // OpenSSL refuses a point that is not on the curve.
    ECDH.convertKey(point, 'prime256v1');
    return true;
  } catch {
    return false;
  }
}
