import { isIP } from 'node:net';

/**
 * The sender's own check of a device's endpoint before it makes a request (push_subscribe checked
 * it too, in the database): in production (an https SITE_URL, config.ts) only https to a
 * DNS name that is no local one; elsewhere also http to loopback, for a push service of the tests
 * or of npm run dev. Redirects are never followed (sender.ts), so the request goes where this says;
 * where the name leads is checked when the sender connects (address.ts).
 */
export function endpointAllowed(endpoint: string, production: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  // `localhost.` and `metadata.google.internal.` are those names too (the root's dot).
  const host = url.hostname.replace(/^\[|\]$/g, '').replace(/\.+$/, '');
  if (url.protocol === 'http:') return !production && ['127.0.0.1', 'localhost', '::1'].includes(host);
  if (url.protocol !== 'https:' || (url.port && url.port !== '443')) return false;
  return isIP(host) === 0 && host.includes('.') && !/(^|\.)(localhost|local|internal|localdomain|home\.arpa|lan)$/.test(host);
}
