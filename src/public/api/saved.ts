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
