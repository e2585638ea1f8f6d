import { isTombstone, LIVE_PAGE_SIZE, type LiveDelta, type LiveEntry, type LivePage } from '@/lib/live';
import type { DataClient } from '@/lib/supabase';
import { LoadError } from './types';

export const LIVE_LOAD_ERROR = 'Erreur lors du chargement du direct';

/** Which part of a live coverage its page shows, from the address (`?avant=`, `?depuis=`). */
export interface LiveCursor {
  /** « Plus anciens »: the entries before this seq. */
  before: number | null;
  /** The no-JavaScript refresh: only what changed after this revision. */
  since: number | null;
}

/** What a live article's page shows of its coverage. */
export interface LiveView extends LivePage {
  /** The page lists the entries before this seq (`?avant=`), else the newest. */
  before: number | null;
  /** The page is a refresh (`?depuis=`): `entries` are those changed since this revision, newest first. */
  since: number | null;
  /** A refresh with more changes than one answer holds: the reader reloads the whole page. */
  reload?: true;
}

/**
 * A live article's coverage as its page shows it: one page of entries (live_page: the pinned one,
 * key events, 20 entries newest first), or after `?depuis=` the entries changed since that
 * revision (live_delta), deleted ones left out.
 */
export async function fetchLive(sb: DataClient, article: { id: string; slug: string }, { before, since }: LiveCursor): Promise<LiveView> {
  if (since !== null) {
    const { data, error } = await sb.rpc('live_delta', { p_slug: article.slug, p_since: since });
    if (error || !data) throw new LoadError(LIVE_LOAD_ERROR, error ?? 'no live coverage');
    const delta = data as unknown as LiveDelta & { articleId: string };
    const entries = delta.entries.filter((e): e is LiveEntry => !isTombstone(e)).sort((a, b) => b.seq - a.seq);
    return {
      coverage: delta.coverage,
      pinned: null,
      keyEvents: [],
      entries,
      older: false,
      before: null,
      since,
      ...(delta.reload ? { reload: true as const } : {}),
    };
  }
  const { data, error } = await sb.rpc('live_page', {
    p_article_id: article.id,
    ...(before !== null ? { p_before_seq: before } : {}),
    p_limit: LIVE_PAGE_SIZE,
  });
  if (error || !data) throw new LoadError(LIVE_LOAD_ERROR, error ?? 'no live coverage');
  return { ...(data as unknown as LivePage), before, since: null };
}
