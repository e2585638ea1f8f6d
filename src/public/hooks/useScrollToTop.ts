import { useEffect } from 'react';
import { useLocation } from '@/public/router/Router';

/** A new page starts at its top, as a full page load would (except for in-page #anchors). */
export function useScrollToTop(): void {
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, search, hash]);
}
