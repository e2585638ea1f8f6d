import type { Session, User } from '@supabase/supabase-js';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { fetchNewsroomRole } from '@/lib/roles';
import { AUTH_STORAGE_KEY, loadAuth, mayHaveSession, whenAuthLoaded } from '@/lib/supabaseClients';

export interface SessionState {
  user: User | null;
  session: Session | null;
  /** True until the stored session has been read (false at once when none is stored). */
  loading: boolean;
  /** A member of the newsroom (administrator or journalist): the back office opens for them. */
  isNewsroom: boolean;
  /** True while the role check for the current user is still running. */
  checkingRole: boolean;
  signOut: () => Promise<void>;
}

// Exported for component tests, which hand a signed-in state to the header without an auth server.
export const SessionContext = createContext<SessionState | null>(null);

/** Whether the signed-in user is a newsroom member (has_role); a failed check counts as "no" (logged). */
export function fetchIsNewsroom(userId: string): Promise<boolean> {
  return fetchNewsroomRole(userId).then(Boolean, (error: unknown) => {
    console.error(error);
    return false;
  });
}

/** The session helper (docs/product.md#session): the stored session, replaced on every auth change. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session | null>(null);
  const [loading, setLoading] = useState(true);
  const [isNewsroom, setIsNewsroom] = useState(false);
  const [checkingRole, setCheckingRole] = useState(false);

  useEffect(() => {
    let live = true;
    let checkedFor: string | null = null;
    const apply = (next: Session | null) => {
      setSession(next);
      const userId = next?.user.id ?? null;
      if (!userId) {
        checkedFor = null;
        setIsNewsroom(false);
        setCheckingRole(false);
        return;
      }
      if (userId === checkedFor) return;
      checkedFor = userId;
      setCheckingRole(true);
      // Deferred: calling Supabase inside onAuthStateChange's callback can deadlock its auth lock.
      setTimeout(() => {
        void fetchIsNewsroom(userId).then((member) => {
          if (!live || checkedFor !== userId) return;
          setIsNewsroom(member);
          setCheckingRole(false);
        });
      }, 0);
    };
    // Subscribed as soon as auth is loaded, by us or by the /auth page: onAuthStateChange reports
    // the stored session first (INITIAL_SESSION), then every sign-in and sign-out.
    let unsubscribe = () => {};
    const stopWaiting = whenAuthLoaded((auth) => {
      if (!live) return;
      const { data } = auth.onAuthStateChange((_event, next) => {
        apply(next);
        setLoading(false);
      });
      unsubscribe = () => data.subscription.unsubscribe();
    });
    const load = () =>
      void loadAuth().catch((error: unknown) => {
        console.error(error);
        if (live) setLoading(false);
      });
    // No session stored: signed out at once, and no auth download (most readers).
    if (mayHaveSession()) load();
    else setLoading(false);
    // A sign-in in another tab stores a session: load auth, which reads it.
    const onStorage = (e: StorageEvent) => {
      if (e.key === AUTH_STORAGE_KEY && e.newValue) load();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      live = false;
      stopWaiting();
      unsubscribe();
      window.removeEventListener('storage', onStorage);
    };
  }, []);

  const signOut = useCallback(async () => {
    // Only offered to a signed-in reader, for whom auth is already loaded.
    await (await loadAuth()).signOut();
  }, []);

  const value = useMemo(
    () => ({ user: session?.user ?? null, session, loading, isNewsroom, checkingRole, signOut }),
    [session, loading, isNewsroom, checkingRole, signOut],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}
