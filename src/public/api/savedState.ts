import type { DataClient } from '@/lib/supabase';

// Whether one article is in the signed-in reader's saved articles, and the toggle's two writes.
// Apart from the list's query (saved.ts) and its imports: the toggle's chunk, loaded from the
// article's own chunk, then shares nothing with the first load but the client it is handed.

/** Whether the reader has saved this article. */
export async function isArticleSaved(sb: DataClient, articleId: string): Promise<boolean> {
  const { data, error } = await sb.from('saved_articles').select('article_id').eq('article_id', articleId).maybeSingle();
  if (error) throw new Error(`Could not read whether article ${articleId} is saved: ${error.message}`);
  return data !== null;
}

/** Saves an article; saving one already saved (from another device) is not an error. */
export async function saveArticle(sb: DataClient, articleId: string): Promise<void> {
  const { error } = await sb
    .from('saved_articles')
    .upsert({ article_id: articleId }, { onConflict: 'user_id,article_id', ignoreDuplicates: true });
  if (error) throw new Error(`Could not save article ${articleId}: ${error.message}`);
}

/** Removes an article from the reader's list (nothing happens if it was not there). */
export async function unsaveArticle(sb: DataClient, articleId: string): Promise<void> {
  const { error } = await sb.from('saved_articles').delete().eq('article_id', articleId);
  if (error) throw new Error(`Could not remove saved article ${articleId}: ${error.message}`);
}
