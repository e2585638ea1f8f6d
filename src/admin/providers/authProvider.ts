import type { SupabaseClient } from '@supabase/supabase-js';
import { supabaseAuthProvider } from 'ra-supabase';
import { supabase } from '@/lib/supabase';

/**
 * ra-supabase's auth provider over the site's one client (its `auth` is the same GoTrue client
 * supabase-js wraps). Signing in happens on the public /auth page, so signing out goes back to the
 * site rather than to a react-admin login screen. No permissions: AdminApp admits administrators
 * only, and row-level security decides every write.
 */
const base = supabaseAuthProvider(supabase as unknown as SupabaseClient, {});

export const authProvider = {
  ...base,
  /** The name in the app bar, from the session already in memory (no request to the server). */
  async getIdentity() {
    const { data } = await supabase.auth.getSession();
    const user = data.session?.user;
    if (!user) throw new Error('Aucune session');
    return { id: user.id, fullName: (user.user_metadata?.full_name as string | undefined) || user.email || 'Administrateur' };
  },
  async logout() {
    await supabase.auth.signOut();
    window.location.assign('/');
    return false as const;
  },
};
