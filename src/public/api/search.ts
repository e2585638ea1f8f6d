import { tagKey } from '@/lib/searchPattern';
import type { DataClient } from '@/lib/supabase';
import { LoadError, type ArticleCard, type ArticleTag } from './types';

/** What a search shows: the countries and topics it names first, then the articles. */
export interface SearchData {
  tags: ArticleTag[];
  articles: ArticleCard[];
}

/** Countries and topics shown above a search's articles, at most. */
export const SEARCH_TAGS = 5;

/** Published articles matching the words (French full-text, accents ignored), best first; and the tags they name. */
export async function searchArticles(sb: DataClient, query: string): Promise<SearchData> {
  const q = query.trim();
  if (!q) return { tags: [], articles: [] };
  const [articles, tags] = await Promise.all([sb.rpc('search_articles', { q, max_results: 30 }), searchTags(sb, q)]);
  if (articles.error) throw new LoadError('Erreur lors du chargement', articles.error);
  return { tags, articles: articles.data };
}

/**
 * The visible tags whose folded name holds one of the words typed (three letters or more, accents
 * and punctuation aside: « elections au senegal » finds « Élections » and « Sénégal »), by name.
 * A failure leaves them out: the articles are what the search is for.
 */
async function searchTags(sb: DataClient, q: string): Promise<ArticleTag[]> {
  const words = [...new Set(tagKey(q).split(' '))].filter((w) => w.length >= 3).slice(0, 5);
  if (!words.length) return [];
  const { data, error } = await sb
    .from('tags')
    .select('kind, name, slug')
    .eq('hidden', false)
    .or(words.map((w) => `name_key.ilike.*${w}*`).join(','))
    .order('name')
    .limit(SEARCH_TAGS);
  if (error) console.error('Search: tags failed to load', error);
  return data ?? [];
}
