import type { DataClient } from '@/lib/supabase';

/**
 * The view-count calls by function name and arguments, the one place that knows them: the reader
 * app makes them with its client (below), the lite page (dataSaver/lite.ts) with a bare fetch.
 */
export const viewCalls = {
  page: (path: string) => ({ fn: 'record_page_view' as const, args: { p_path: path.slice(0, 512) } }),
  article: (articleId: string) => ({ fn: 'record_article_view' as const, args: { p_article_id: articleId } }),
};

// View tracking must never get in a reader's way: failures are logged, not shown.
function record(sb: DataClient, { fn, args }: ReturnType<(typeof viewCalls)[keyof typeof viewCalls]>): void {
  void sb.rpc(fn, args).then(({ error }) => error && console.error(fn, error));
}

export const recordPageView = (sb: DataClient, path: string) => record(sb, viewCalls.page(path));
export const recordArticleView = (sb: DataClient, articleId: string) => record(sb, viewCalls.article(articleId));
