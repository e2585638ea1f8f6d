import { useEffect, useRef } from 'react';
import { useLocation } from '@/public/router/Router';

/**
 * A new page starts at its top, as a full page load would (except for in-page #anchors). Not on
 * the first page: the browser placed it, and a reader who scrolled the server's HTML before the
 * scripts arrived must not be thrown back up.
 */
export function useScrollToTop(): void {
  const { pathname, search, hash } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, search, hash]);
}
