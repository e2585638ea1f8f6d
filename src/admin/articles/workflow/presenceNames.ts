import type { DataClient } from '@/lib/supabase';
import type { MemberNames } from './presence';

/**
 * The names of the newsroom members among `userIds`, from their profiles (newsroom_member_names:
 * a journalist reads no other profile, so a definer function answers the newsroom only). Ids of
 * anyone else are absent from the answer.
 */
export async function lookUpMemberNames(db: Pick<DataClient, 'rpc'>, userIds: string[]): Promise<MemberNames> {
  if (userIds.length === 0) return new Map();
  const { data, error } = await db.rpc('newsroom_member_names', { p_user_ids: userIds });
  if (error) throw new Error(`newsroom_member_names: ${error.message}`);
  return new Map((data ?? []).map((m) => [m.user_id, m.full_name]));
}
