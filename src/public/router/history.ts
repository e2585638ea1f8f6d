/** Where the reader is: what its router needs of the URL. */
export interface Place {
  pathname: string;
  search: string;
  hash: string;
}

export const placeOf = (url: URL | Location): Place => ({ pathname: url.pathname, search: url.search, hash: url.hash });

/**
 * The back office is a separate application with its own router and bundle: going there is a
 * full page load, never a client-side navigation.
 */
export const isBackOfficePath = (pathname: string) => pathname === '/admin' || pathname.startsWith('/admin/');

const listeners = new Set<() => void>();
export const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
if (typeof window !== 'undefined') window.addEventListener('popstate', () => listeners.forEach((l) => l()));

export function navigateTo(to: string, options: { replace?: boolean } = {}): void {
  const url = new URL(to, window.location.href);
  if (url.origin !== window.location.origin || isBackOfficePath(url.pathname)) {
    if (options.replace) window.location.replace(url.href);
    else window.location.assign(url.href);
    return;
  }
  const href = url.pathname + url.search + url.hash;
  if (options.replace) window.history.replaceState(null, '', href);
  else window.history.pushState(null, '', href);
  listeners.forEach((l) => l());
}
