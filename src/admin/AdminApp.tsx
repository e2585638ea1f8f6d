import { useEffect, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { Loading } from '@/lib/Loading';
import { supabase } from '@/lib/supabase';

/** Back-office entry: only a signed-in administrator gets past this; anyone else goes to /. */
export function AdminApp() {
  const [state, setState] = useState<'loading' | 'admin' | 'denied'>('loading');
  useEffect(() => {
    let live = true;
    (async () => {
      const { data } = await supabase.auth.getSession();
      const user = data.session?.user;
      const isAdmin = user ? (await supabase.rpc('has_role', { _user_id: user.id, _role: 'admin' })).data === true : false;
      if (live) setState(isAdmin ? 'admin' : 'denied');
    })();
    return () => {
      live = false;
    };
  }, []);
  if (state === 'loading') return <Loading />;
  if (state === 'denied') return <Navigate to="/" replace />;
  return <Loading />;
}
