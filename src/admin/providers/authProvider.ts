import { supabaseAuthProvider } from 'ra-supabase';
import { supabase } from '@/lib/supabase';
import { errorCode } from '../articles/saveErrors';
import { newsroomCanAccess, type AccessRequest } from './access';
import { currentNewsroomMember } from './newsroomMember';
import { raSupabaseClient } from './raSupabaseClient';

/**
 * ra-supabase's auth provider over the site's one client (its `auth` is the same GoTrue client
 * supabase-js wraps). Signing in happens on the public /auth page, so signing out goes back to the
 * site rather than to a react-admin login screen. AdminApp admits newsroom members; their role is
 * react-admin's permissions ('admin' | 'journalist') and canAccess hides what a journalist may not
 * do (access.ts). Row-level security decides every write.
 */
const base = supabaseAuthProvider(raSupabaseClient(supabase), {});

export const authProvider = {
  ...base,
  /** The name in the app bar, from the session already in memory (no request to the server). */
  async getIdentity() {
    const { data } = await supabase.auth.getSession();
    const user = data.session?.user;
    if (!user) throw new Error('Aucune session');
    return { id: user.id, fullName: (user.user_metadata?.full_name as string | undefined) || user.email || 'Administrateur' };
  },
  /** 'admin' or 'journalist': the newsroom role, asked once per page load (newsroomMember.ts). */
  async getPermissions() {
    return (await currentNewsroomMember())?.role;
  },
  async canAccess(request: AccessRequest) {
    return newsroomCanAccess(await currentNewsroomMember(), request);
  },
  /**
   * ra-supabase takes every 403 for a lost session and signs out. PostgREST also answers 403 when
   * the database refuses a write (SQLSTATE 42501: row-level security or a missing grant), e.g. a
   * correction on an article a colleague unpublished meanwhile: the screen says why in French and
   * keeps what the admin typed, so the session stays.
   */
  async checkError(error: unknown) {
    if (errorCode(error) === '42501') return;
    return base.checkError(error);
  },
  async logout() {
    await supabase.auth.signOut();
    window.location.assign('/');
    return false as const;
  },
};
