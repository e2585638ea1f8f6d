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

export function liveMethods(db: Db): LiveMethods {
  const call = async (fn: string, args: Record<string, unknown>) => {
    const { data, error } = await (db.rpc as unknown as LooseRpc)(fn, args);
    if (error) throw error;
    return data;
  };
  return {
    async liveCoverage(articleId) {
      const { data, error } = await (db.from as unknown as LooseFrom)('live_coverages')
        .select('*')
        .eq('article_id', articleId)
        .maybeSingle();
      if (error) throw error;
      return data as CoverageRow | null;
    },
    livePost: (e) =>
      call('live_post', { p_id: e.id, p_article_id: e.articleId, p_body: e.body, p_image_url: e.imageUrl, p_image_alt: e.imageAlt }),
    liveEdit: (e) =>
      call('live_edit', { p_id: e.id, p_body: e.body, p_correction: e.correction, p_image_url: e.imageUrl, p_image_alt: e.imageAlt }),
    liveDelete: async (id) => void (await call('live_delete', { p_id: id })),
    liveMark: (id, { keyEvent, pinned }) => call('live_mark', { p_id: id, p_key_event: keyEvent, p_pinned: pinned }),
    liveSetState: (articleId, state, pollSeconds) =>
      call('live_set_state', {
        p_article_id: articleId,
        p_state: state,
        ...(pollSeconds !== undefined && { p_poll_seconds: pollSeconds }),
      }),
  };
}

// Until the live tables' types are generated (src/lib/database.types.ts), the calls are untyped.
type LooseRpc = (fn: string, args: Record<string, unknown>) => PromiseLike<{ data: unknown; error: unknown }>;
type LooseFrom = (table: string) => {
  select(columns: string): { eq(column: string, value: string): { maybeSingle(): PromiseLike<{ data: unknown; error: unknown }> } };
};
