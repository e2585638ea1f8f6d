/**
 * Where an e-mail link may send the browser: the site itself, or one of config.toml's
 * additional_redirect_urls; anything else gets the site URL, as GoTrue falls back to it.
 *
 * As GoTrue (RFC 8252's loopback rule), a site URL on this machine (localhost, 127.0.0.1, [::1])
 * lets links go back to this machine on any port: the site a developer runs with `npm start` on
 * :3000 or on any PORT gets its password-reset links, whatever SITE_URL the stack started with.
 * A site URL elsewhere never does.
 */
export function createRedirectCheck(siteUrl: string, additional: string[]): (value: string | null | undefined) => string {
  const site = new URL(siteUrl);
  const fallback = site.href;
  const patterns = additional.map(allowPattern);
  const local = isLoopback(site);
  return (value) => {
    // Control characters and spaces are never in a real URL; browsers strip some of them and
    // then resolve something other than what was checked.
    // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
    if (!value || /[\u0000-\u0020\u007f]/.test(value)) return fallback;
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return fallback;
    }
    if (url.username || url.password) return fallback;
    if (url.origin === site.origin && url.protocol === site.protocol) return url.href;
    if (local && isLoopback(url)) return url.href;
    return patterns.some((allowed) => allowed(url)) ? url.href : fallback;
  };
}

/** An http(s) address on this machine: a name or address that never leaves it. */
function isLoopback(url: URL): boolean {
  return /^https?:$/.test(url.protocol) && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/**
 * An entry with `*` is a glob as in GoTrue (`*` stops at `.` and `/`, `**` does not); a plain
 * entry allows its own origin, at its path or below.
 */
function allowPattern(entry: string): (url: URL) => boolean {
  if (entry.includes('*')) {
    const source = entry
      .split(/(\*\*|\*)/)
      .map((part) => (part === '**' ? '.*' : part === '*' ? '[^./]*' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
      .join('');
    const glob = new RegExp(`^${source}$`);
    return (url) => glob.test(url.href);
  }
  const base = new URL(entry);
  // A custom scheme (a mobile app's deep link) has no origin to compare: only itself matches.
  if (base.origin === 'null') return (url) => url.href === base.href;
  const prefix = base.pathname.endsWith('/') ? base.pathname : `${base.pathname}/`;
  return (url) => url.origin === base.origin && (url.pathname === base.pathname || url.pathname.startsWith(prefix));
}
