/** Where the back office opens when nothing else was asked for. */
export const ADMIN_HOME = '/admin/dashboard';

const ORIGIN = 'https://site.invalid';

/**
 * The back-office address a signed-in newsroom member may be sent back to, or null. Only a path
 * of this site under /admin: anything else (another site, `//host`, `/\host`, a path that climbs
 * out of /admin with dot segments, control characters) would turn the sign-in page into an open
 * redirect. Returns the address as the URL parser normalised it.
 */
export function safeAdminReturn(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 2000 || !/^\/admin(?:[/?#]|$)/.test(raw)) return null;
  // Browsers read a backslash as a slash, and strip tabs and newlines from URLs.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\\\s\u0000-\u001f\u007f]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== ORIGIN || !/^\/admin(?:\/|$)/.test(url.pathname)) return null;
  return url.pathname + url.search + url.hash;
}

/** The sign-in page with the « Administrateur » tab open, coming back to `returnTo` once signed in. */
export function adminSignInPath(returnTo: string): string {
  const back = safeAdminReturn(returnTo);
  const query = new URLSearchParams({ tab: 'admin' });
  if (back && back !== ADMIN_HOME && back !== '/admin' && back !== '/admin/') query.set('next', back);
  return `/auth?${query.toString()}`;
}
