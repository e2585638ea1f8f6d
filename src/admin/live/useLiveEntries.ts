import { useQuery } from '@tanstack/react-query';
import { useGetList } from 'react-admin';
import { supabase } from '@/lib/supabase';
import { lookUpMemberNames } from '../articles/workflow/presenceNames';
import { DESK_REFRESH_MS, type EntryRow } from './types';

const PAGE = 100;

/**
 * An article's entries, newest first (live_entries: the newsroom reads every row of its articles),
 * read through react-admin's list; deleted ones (tombstones kept for readers' updates) left out.
 * Authors' names come from newsroom_member_names, which journalists may call too.
 */
export function useLiveEntries(articleId: string) {
  const list = useGetList<EntryRow>(
    'live_entries',
    { filter: { article_id: articleId }, sort: { field: 'seq', order: 'DESC' }, pagination: { page: 1, perPage: PAGE } },
    { refetchInterval: DESK_REFRESH_MS },
  );
  const entries = (list.data ?? []).filter((e) => !e.deleted_at);
  const authorIds = [...new Set(entries.flatMap((e) => (e.author_id ? [e.author_id] : [])))].sort();
  const names = useQuery({
    queryKey: ['newsroom_member_names', authorIds],
    queryFn: () => lookUpMemberNames(supabase, authorIds),
    enabled: authorIds.length > 0,
    staleTime: 10 * 60_000,
  });
  return { entries, names: names.data ?? new Map<string, string>(), isPending: list.isPending, refetch: list.refetch };
}
