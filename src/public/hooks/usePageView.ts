import { useEffect } from 'react';
import { useLocation } from '@/public/router/Router';
import { recordPageView } from '../api/views';
import { matchRoute } from '../routes';

/**
 * One page view per page load and per client-side navigation. A page for one signed-in visitor
 * (the newsroom's preview) is no reader's page view.
 */
export function usePageView(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    if (matchRoute(pathname, new URLSearchParams()).route.sessionOnly) return;
    recordPageView(pathname);
  }, [pathname]);
}
