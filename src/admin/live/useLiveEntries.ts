import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useGetList } from 'react-admin';
import { supabase } from '@/lib/supabase';
import { lookUpMemberNames } from '../articles/workflow/presenceNames';
import { DESK_REFRESH_MS, type EntryRow } from './types';

/** Entries read at first, and added by each « Plus anciennes ». */
export const DESK_PAGE = 50;

/** The desk's list query: the newest `shown` entries not deleted (the filter is the database's, so a page is a page of them). */
export const deskEntriesQuery = (articleId: string, shown: number) => ({
  filter: { article_id: articleId, 'deleted_at@is': 'null' },
  sort: { field: 'seq', order: 'DESC' as const },
  pagination: { page: 1, perPage: shown },
});

/**
 * An article's entries, newest first (live_entries: the newsroom reads every row of its articles),
 * read through react-admin's list without the deleted ones (tombstones kept for readers' updates),
 * DESK_PAGE at first and DESK_PAGE more at each « Plus anciennes » (`more`, absent once all are
 * shown), so a long night's older entries can still be corrected. Authors' names come from
 * newsroom_member_names, which journalists may call too.
 */
export function useLiveEntries(articleId: string) {
  const [shown, setShown] = useState(DESK_PAGE);
  const list = useGetList<EntryRow>('live_entries', deskEntriesQuery(articleId, shown), {
    refetchInterval: DESK_REFRESH_MS,
    placeholderData: (previous) => previous,
  });
  const entries = list.data ?? [];
  const authorIds = [...new Set(entries.flatMap((e) => (e.author_id ? [e.author_id] : [])))].sort();
  const names = useQuery({
    queryKey: ['newsroom_member_names', authorIds],
    queryFn: () => lookUpMemberNames(supabase, authorIds),
    enabled: authorIds.length > 0,
    staleTime: 10 * 60_000,
  });
  const more = (list.total ?? 0) > entries.length ? () => setShown((n) => n + DESK_PAGE) : undefined;
  return { entries, names: names.data ?? new Map<string, string>(), isPending: list.isPending, refetch: list.refetch, more };
}
