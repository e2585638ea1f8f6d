import { loadAuth, mayHaveSession, supabase } from '@/lib/supabase';

const NEWSROOM_ROLES = ['admin', 'journalist'] as const;

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
  const answers = await Promise.all(
    NEWSROOM_ROLES.map(async (role) => {
      const { data: has, error } = await supabase.rpc('has_role', { _user_id: userId, _role: role });
      if (error) throw new Error(`Vérification du rôle impossible : ${error.message}`);
      return has === true;
    }),
  );
  return answers.some(Boolean);
}
