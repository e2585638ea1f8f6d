import { useEffect, useRef } from 'react';
import { useLocation } from '@/public/router/Router';

/**
 * A new page starts at its top, as a full page load would (except for in-page #anchors). Not on
 * the first page: the browser placed it, and a reader who scrolled the server's HTML before the
 * scripts arrived must not be thrown back up.
 */
export function useScrollToTop(): void {
  const { pathname, search, hash } = useLocation();
  const shown = useRef(pathname + search);
  useEffect(() => {
    // Compared with the page last shown, so React's development double run changes nothing.
    if (shown.current === pathname + search) return;
    shown.current = pathname + search;
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, search, hash]);
}
