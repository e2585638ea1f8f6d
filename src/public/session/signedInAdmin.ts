import { isAdmin } from '@/lib/roles';
import { loadAuth, mayHaveSession } from '@/lib/supabase';

/**
 * Whether this browser's visitor is signed in as an administrator (has_role), for pages only they
 * get (the preview). Auth is loaded only when a session may be stored: anyone else is answered at
 * once, without it.
 */
export async function isSignedInAdmin(): Promise<boolean> {
  if (!mayHaveSession()) return false;
  const { data } = await (await loadAuth()).getSession();
  const userId = data.session?.user.id;
  return !!userId && (await isAdmin(userId));
}
