import type { Session, User } from '@supabase/supabase-js';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { isAdmin } from '@/lib/roles';
import { supabase } from '@/lib/supabase';

export interface SessionState {
  user: User | null;
  session: Session | null;
  /** True until the stored session has been read. */
  loading: boolean;
  isAdmin: boolean;
  /** True while the admin check for the current user is still running. */
  checkingRole: boolean;
  signOut: () => Promise<void>;
}

const SessionContext = createContext<SessionState | null>(null);

/** has_role for the signed-in user; a failed check counts as "not admin" (logged). */
export function fetchIsAdmin(userId: string): Promise<boolean> {
  return isAdmin(userId).catch((error: unknown) => {
    console.error(error);
    return false;
  });
}

/** Spec §3/§4's session helper: the stored session, replaced on every auth change. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session | null>(null);
  const [loading, setLoading] = useState(true);
  const [isAdmin, setIsAdmin] = useState(false);
  const [checkingRole, setCheckingRole] = useState(false);

  useEffect(() => {
    let live = true;
    let checkedFor: string | null = null;
    const apply = (next: Session | null) => {
      setSession(next);
      const userId = next?.user.id ?? null;
      if (!userId) {
        checkedFor = null;
        setIsAdmin(false);
        setCheckingRole(false);
        return;
      }
      if (userId === checkedFor) return;
      checkedFor = userId;
      setCheckingRole(true);
      // Deferred: calling Supabase inside onAuthStateChange's callback can deadlock its auth lock.
      setTimeout(() => {
        void fetchIsAdmin(userId).then((admin) => {
          if (!live || checkedFor !== userId) return;
          setIsAdmin(admin);
          setCheckingRole(false);
        });
      }, 0);
    };
    const { data } = supabase.auth.onAuthStateChange((_event, next) => apply(next));
    void supabase.auth.getSession().then(({ data: stored }) => {
      if (!live) return;
      apply(stored.session);
      setLoading(false);
    });
    return () => {
      live = false;
      data.subscription.unsubscribe();
    };
  }, []);

  const signOut = useCallback(async () => {
    await supabase.auth.signOut();
  }, []);

  const value = useMemo(
    () => ({ user: session?.user ?? null, session, loading, isAdmin, checkingRole, signOut }),
    [session, loading, isAdmin, checkingRole, signOut],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}
