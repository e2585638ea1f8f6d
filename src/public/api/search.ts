import type { DataClient } from '@/lib/supabase';
import { LoadError, type ArticleCard } from './types';

/** Published articles matching the words (French full-text, accents ignored), best first. */
export async function searchArticles(sb: DataClient, query: string): Promise<ArticleCard[]> {
  const q = query.trim();
  if (!q) return [];
  const { data, error } = await sb.rpc('search_articles', { q, max_results: 30 });
  if (error) throw new LoadError('Erreur lors du chargement', error);
  return data;
}
