import type { PostgrestSingleResponse } from '@supabase/postgrest-js';
import type { DataClient } from '@/lib/supabase';
import type { CoverageRow, CoverageState, EntryEdit, NewEntry } from '../live/types';

type Db = Pick<DataClient, 'from' | 'rpc'>;

/**
 * The live desk's calls (docs/product.md#live-desk): the coverage's row, and every write of an
 * entry or of the coverage through the live_* functions, which decide who may do what (a
 * journalist posts and changes their own entries, an administrator marks, pins and pauses).
 * Failures reject with the client's own error: the desk tells them in French, and the outbox
 * tells a network failure (status 0) from a refusal.
 */
export interface LiveMethods {
  liveCoverage(articleId: string): Promise<CoverageRow | null>;
  livePost(entry: NewEntry): Promise<unknown>;
  liveEdit(edit: EntryEdit): Promise<unknown>;
  liveDelete(id: string): Promise<void>;
  liveMark(id: string, marks: { keyEvent: boolean; pinned: boolean }): Promise<unknown>;
  liveSetState(articleId: string, state: CoverageState, pollSeconds?: number): Promise<unknown>;
}

const result = <T>({ data, error }: PostgrestSingleResponse<T>): T => {
  if (error) throw error;
  return data;
};

export function liveMethods(db: Db): LiveMethods {
  return {
    liveCoverage: async (articleId) =>
      result(await db.from('live_coverages').select('*').eq('article_id', articleId).maybeSingle()) as CoverageRow | null,
    livePost: async (e) =>
      result(
        await db.rpc('live_post', {
          p_id: e.id,
          p_article_id: e.articleId,
          p_body: e.body,
          ...(e.imageUrl && { p_image_url: e.imageUrl, p_image_alt: e.imageAlt ?? undefined }),
        }),
      ),
    liveEdit: async (e) =>
      result(
        await db.rpc('live_edit', {
          p_id: e.id,
          p_body: e.body,
          ...(e.correction !== null && { p_correction: e.correction }),
          // The picture is sent back as it is: an edit without it would remove it.
          ...(e.imageUrl && { p_image_url: e.imageUrl, p_image_alt: e.imageAlt ?? undefined }),
        }),
      ),
    liveDelete: async (id) => void result(await db.rpc('live_delete', { p_id: id })),
    liveMark: async (id, { keyEvent, pinned }) => result(await db.rpc('live_mark', { p_id: id, p_key_event: keyEvent, p_pinned: pinned })),
    liveSetState: async (articleId, state, pollSeconds) =>
      result(await db.rpc('live_set_state', { p_article_id: articleId, p_state: state, p_poll_seconds: pollSeconds })),
  };
}
