import { useEffect } from 'react';
import { useLocation } from '@/public/router/Router';
import { supabase } from '@/lib/supabase';
import { recordPageView } from '../api/views';

/** One page view per page load and per client-side navigation. */
export function usePageView(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    recordPageView(supabase, pathname);
  }, [pathname]);
}
