import { fetchNewsroomRole } from '@/lib/roles';
import { loadAuth, mayHaveSession } from '@/lib/supabaseClients';

/**
 * Whether this browser's visitor is signed in as a member of the newsroom, an administrator or a
 * journalist (has_role), for pages only they get (the preview: a journalist checks their own piece
 * before sending it for review). Auth is loaded only when a session may be stored: anyone else is
 * answered at once, without it. The database, not this check, decides which articles they see.
 */
export async function isSignedInNewsroom(): Promise<boolean> {
  if (!mayHaveSession()) return false;
  const { data } = await (await loadAuth()).getSession();
  const userId = data.session?.user.id;
  if (!userId) return false;
  return (await fetchNewsroomRole(userId)) !== null;
}
