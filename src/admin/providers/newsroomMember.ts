import { fetchNewsroomRole } from '@/lib/roles';
import { supabase } from '@/lib/supabase';
import type { NewsroomMember } from './access';

let cached: { userId: string; member: Promise<NewsroomMember | null> } | null = null;

/**
 * The signed-in user with their newsroom role, or null (signed out, or a reader). Asked once per
 * account and page load: the gate, react-admin's permissions and every canAccess share the answer.
 * A role changed meanwhile takes effect on the next load; the database applies it at once.
 */
export async function currentNewsroomMember(): Promise<NewsroomMember | null> {
  const { data } = await supabase.auth.getSession();
  const userId = data.session?.user.id;
  if (!userId) return null;
  if (cached?.userId !== userId) {
    const member = fetchNewsroomRole(userId).then((role) => (role ? { userId, role } : null));
    // A failed check is asked again next time rather than remembered.
    member.catch(() => {
      if (cached?.member === member) cached = null;
    });
    cached = { userId, member };
  }
  return cached.member;
}
