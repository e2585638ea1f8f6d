import { useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { MemberNames } from '../workflow/presence';
import { lookUpMemberNames } from '../workflow/presenceNames';

/**
 * The names of these newsroom members (newsroom_member_names: journalists read no other profile),
 * read once per set of ids; an id missing from the answer is no longer in the newsroom.
 */
export function useMemberNames(userIds: (string | null | undefined)[]): MemberNames {
  const ids = [...new Set(userIds.filter((id): id is string => !!id))].sort();
  const { data } = useQuery({
    queryKey: ['newsroom_member_names', ids],
    queryFn: () => lookUpMemberNames(supabase, ids),
    enabled: ids.length > 0,
    staleTime: 5 * 60_000,
  });
  return data ?? new Map();
}

/** A member's name as the notes and notices show it. */
export const memberName = (names: MemberNames, id: string | null | undefined) =>
  (id && names.get(id)?.trim()) || (id ? 'Un membre de la rédaction' : 'La rédaction');
