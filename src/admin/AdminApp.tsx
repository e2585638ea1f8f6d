import { useEffect, useState } from 'react';
import { Loading } from '@/lib/Loading';
import { isAdmin } from '@/lib/roles';
import { loadAuth } from '@/lib/supabase';
import { NewsroomAdmin } from './NewsroomAdmin';

/**
 * Back-office entry. 'Chargement...' while the session and role are read; anyone but an
 * administrator is sent to / (docs/product.md#back-office-gate). Row-level security is what actually protects the data.
 */
export function AdminApp() {
  const [state, setState] = useState<'loading' | 'admin' | 'denied'>('loading');
  useEffect(() => {
    let live = true;
    let unsubscribe = () => {};
    const check = async () => {
      // Loaded before anything else here: ra-supabase's providers and the editor read
      // `supabase.auth`, which exists from then on.
      const auth = await loadAuth();
      if (!live) return;
      // Signing out in another tab, or the session ending, closes the back office too.
      const { data } = auth.onAuthStateChange((event) => {
        if (event === 'SIGNED_OUT' && live) setState('denied');
      });
      unsubscribe = () => data.subscription.unsubscribe();
      const user = (await auth.getSession()).data.session?.user;
      const admin = user ? await isAdmin(user.id).catch(() => false) : false;
      if (live) setState(admin ? 'admin' : 'denied');
    };
    check().catch((error: unknown) => {
      console.error(error);
      if (live) setState('denied');
    });
    return () => {
      live = false;
      unsubscribe();
    };
  }, []);
  useEffect(() => {
    // The reader's site is another application: leaving is a full page load.
    if (state === 'denied') window.location.replace('/');
  }, [state]);
  if (state !== 'admin') return <Loading />;
  return <NewsroomAdmin />;
}
