import { useEffect, useState } from 'react';
import { adminSignInPath } from '@/lib/adminReturn';
import { Loading } from '@/lib/Loading';
import { loadAuth } from '@/lib/supabase';
import { NewsroomAdmin } from './NewsroomAdmin';
import { currentNewsroomMember } from './providers/newsroomMember';
import { clearLocalDrafts } from './articles/editor/localDraft';

type Gate = 'loading' | 'open' | 'signed-out' | 'denied';

/**
 * Back-office entry (docs/product.md#back-office-gate). 'Chargement...' while the session and role
 * are read; newsroom members (administrators and journalists) come in. A signed-out visitor is sent
 * to the sign-in page's « Administrateur » tab, which brings them back to the page they asked for;
 * a signed-in reader is sent to /. Row-level security is what actually protects the data.
 */
export function AdminApp() {
  const [gate, setGate] = useState<Gate>('loading');
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
        if (event !== 'SIGNED_OUT') return;
        clearLocalDrafts();
        if (live) setGate('denied');
      });
      unsubscribe = () => data.subscription.unsubscribe();
      const signedIn = Boolean((await auth.getSession()).data.session);
      const member = signedIn ? await currentNewsroomMember().catch(() => null) : null;
      if (live) setGate(member ? 'open' : signedIn ? 'denied' : 'signed-out');
    };
    check().catch((error: unknown) => {
      console.error(error);
      if (live) setGate('denied');
    });
    return () => {
      live = false;
      unsubscribe();
    };
  }, []);
  useEffect(() => {
    // The reader's site is another application: leaving is a full page load.
    const { pathname, search, hash } = window.location;
    if (gate === 'signed-out') window.location.replace(adminSignInPath(pathname + search + hash));
    if (gate === 'denied') window.location.replace('/');
  }, [gate]);
  if (gate !== 'open') return <Loading />;
  return <NewsroomAdmin />;
}
