export type Params = Record<string, string>;

/**
 * Matches a route pattern ('/', '/article/:slug', '*') against a pathname. Segments are compared
 * decoded; a trailing slash is ignored. Returns the params, or null.
 */
export function matchPath(pattern: string, pathname: string): Params | null {
  if (pattern === '*') return {};
  const split = (p: string) => p.replace(/\/+$/, '').split('/').filter(Boolean);
  const want = split(pattern);
  const got = split(pathname);
  if (want.length !== got.length) return null;
  const params: Params = {};
  for (let i = 0; i < want.length; i++) {
    let segment: string;
    try {
      segment = decodeURIComponent(got[i]);
    } catch {
      return null;
    }
    if (want[i].startsWith(':')) params[want[i].slice(1)] = segment;
    else if (want[i] !== segment) return null;
  }
  return params;
}
