import type { DataClient } from '@/lib/supabase';
import { CARD_COLUMNS } from './cards';
import { LoadError, type ArticleCard } from './types';
import { onlyPublic } from './visibility';

// A signed-in reader's saved articles ("À lire plus tard"), in the database so every device they
// sign in on sees the same list. Row-level security keeps each list its owner's: these calls never
// name the reader, the session's token does.

export const SAVED_LOAD_ERROR = 'Erreur lors du chargement de vos articles';

export interface SavedArticle {
  saved_at: string;
  article: ArticleCard;
}

/**
 * The reader's saved articles, newest saved first. Only public ones: an article unpublished since
 * it was saved is left out (the `!inner` embed drops the save with its article), not reported.
 */
export async function fetchSavedArticles(sb: DataClient): Promise<SavedArticle[]> {
  const { data, error } = await onlyPublic(sb.from('saved_articles').select(`saved_at, article:articles!inner(${CARD_COLUMNS})`), 'article')
    .order('saved_at', { ascending: false })
    .order('article_id');
  if (error) throw new LoadError(SAVED_LOAD_ERROR, error);
  return data;
}

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
