import type { DataClient } from '@/lib/supabase';

// View tracking must never get in a reader's way: failures are logged, not shown.
export function recordPageView(sb: DataClient, path: string): void {
  void sb.rpc('record_page_view', { p_path: path.slice(0, 512) }).then(({ error }) => error && console.error('record_page_view', error));
}

export function recordArticleView(sb: DataClient, articleId: string): void {
  void sb.rpc('record_article_view', { p_article_id: articleId }).then(({ error }) => error && console.error('record_article_view', error));
}
