import { ECDH } from 'node:crypto';

/**
 * Whether the sender can encrypt for a device's keys (RFC 8291): p256dh an uncompressed P-256
 * point (65 bytes, on the curve), auth a secret of 16 bytes, both base64url. push_subscribe
 * checks the same (private.push_key_ok), but a device stored before that check, or written by the
 * service role, may not pass: the sender deletes it rather than let it hold up the others.
 */
export function deviceKeysUsable(keys: { p256dh: string; auth: string }): boolean {
  // As sent: 65 bytes (87 letters, at most one '='), 16 bytes (22 letters, none or two '=').
  if (!/^[A-Za-z0-9_-]{87}=?$/.test(keys.p256dh) || !/^[A-Za-z0-9_-]{22}(==)?$/.test(keys.auth)) return false;
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
