import type { SupabaseClient } from '@supabase/supabase-js';
import { supabaseAuthProvider } from 'ra-supabase';
import { supabase } from '@/lib/supabase';
import { isAdmin } from './roles';

/**
 * ra-supabase's auth provider over the site's one client (its `auth` is the same GoTrue client
 * supabase-js wraps). Signing in happens on the public /auth page, so signing out goes back to the
 * site rather than to a react-admin login screen.
 */
const base = supabaseAuthProvider(supabase as unknown as SupabaseClient, {
  getPermissions: async (user) => ((await isAdmin(user.id)) ? 'admin' : 'client'),
  getIdentity: async (user) => ({
    id: user.id,
    fullName: (user.user_metadata?.full_name as string | undefined) || user.email || 'Administrateur',
  }),
});

export const authProvider = {
  ...base,
  async logout() {
    await supabase.auth.signOut();
    window.location.assign('/');
    return false as const;
  },
};
