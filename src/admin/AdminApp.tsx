import { useEffect, useState } from 'react';
import { Loading } from '@/lib/Loading';
import { isAdmin } from '@/lib/roles';
import { supabase } from '@/lib/supabase';
import { NewsroomAdmin } from './NewsroomAdmin';

/**
 * Back-office entry. 'Chargement...' while the session and role are read; anyone but an
 * administrator is sent to / (spec §6). Row-level security is what actually protects the data.
 */
export function AdminApp() {
  const [state, setState] = useState<'loading' | 'admin' | 'denied'>('loading');
  useEffect(() => {
    let live = true;
    const check = async () => {
      const { data } = await supabase.auth.getSession();
      const user = data.session?.user;
      const admin = user ? await isAdmin(user.id).catch(() => false) : false;
      if (live) setState(admin ? 'admin' : 'denied');
    };
    void check();
    // Signing out in another tab, or the session ending, closes the back office too.
    const { data } = supabase.auth.onAuthStateChange((event) => {
      if (event === 'SIGNED_OUT' && live) setState('denied');
    });
    return () => {
      live = false;
      data.subscription.unsubscribe();
    };
  }, []);
  useEffect(() => {
    // The reader's site is another application: leaving is a full page load.
    if (state === 'denied') window.location.replace('/');
  }, [state]);
  if (state !== 'admin') return <Loading />;
  return <NewsroomAdmin />;
}
