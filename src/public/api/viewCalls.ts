import type { Attribution } from '@/lib/channels';
import type { PageKind } from '../reading/engagement';

/**
 * The view-count calls by function name and arguments, the one place that knows them: the reader
 * app makes them with an authenticated fetch (views.ts), the lite page (dataSaver/lite.ts) with the
 * anon key. A module of its own so the lite page's script imports nothing of the app's client.
 * A view carries the visit's channel and page kind (src/lib/channels.ts).
 */
export const viewCalls = {
  /** A page's view; with the visit's channel for any page but an article's (its article view counts it). */
  page: (path: string, visit?: Attribution | null, kind?: PageKind) => ({
    fn: 'record_page_view' as const,
    args: { p_path: path.slice(0, 512), ...(visit && { p_channel: visit.channel, p_kind: kind ?? 'full' }) },
  }),
  article: (articleId: string, { channel, app }: Attribution, kind: PageKind) => ({
    fn: 'record_article_view' as const,
    args: { p_article_id: articleId, p_channel: channel, p_kind: kind, ...(app && { p_app: app }) },
  }),
};
export type ViewCall = ReturnType<(typeof viewCalls)[keyof typeof viewCalls]>;
