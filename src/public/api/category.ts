import type { DataClient } from '@/lib/supabase';
import { CARD_COLUMNS } from './cards';
import { onlyPublic } from './visibility';
import { LoadError, type ArticleCard, type CategoryPageData } from './types';

/** Cards on one page of a category: four rows of three on a desktop, a short scroll on a phone. */
export const CATEGORY_PAGE_SIZE = 12;

/**
 * One page of a category's public articles, newest first (page 1 the newest; articles of the same
 * second by id, so pages neither repeat nor skip one); null when the slug is unknown. Page 1 is
 * one round trip: the category with its articles embedded, and one more article than the page
 * shows, which only says whether a next page exists. A deeper page first reads only the ids of its
 * articles (the skipped ones are walked in the (category, published_at, id) index, never built
 * into cards: at 100,000 articles page 500 took seconds), then those cards.
 */
export async function fetchCategory(sb: DataClient, slug: string, page = 1): Promise<CategoryPageData | null> {
  const from = (page - 1) * CATEGORY_PAGE_SIZE;
  const columns = page === 1 ? CARD_COLUMNS : 'id';
  const { data, error } = await onlyPublic(
    sb.from('categories').select(`id, name, slug, articles(${columns})`).eq('slug', slug),
    'articles',
  )
    .order('published_at', { referencedTable: 'articles', ascending: false })
    .order('id', { referencedTable: 'articles', ascending: false })
    .range(from, from + CATEGORY_PAGE_SIZE, { referencedTable: 'articles' })
    .maybeSingle()
    .overrideTypes<{ id: string; name: string; slug: string; articles: (ArticleCard | { id: string })[] }>();
  if (error) throw new LoadError('Erreur lors du chargement', error);
  if (!data) return null;
  const { articles, ...category } = data;
  const hasMore = articles.length > CATEGORY_PAGE_SIZE;
  const ids = articles.slice(0, CATEGORY_PAGE_SIZE).map((a) => a.id);
  const cards = page === 1 ? (articles.slice(0, CATEGORY_PAGE_SIZE) as ArticleCard[]) : await cardsOf(sb, ids);
  return { category, articles: cards, page, hasMore };
}

/** The cards of these public articles, in the order of `ids` (one that stopped being public meanwhile is left out). */
export async function cardsOf(sb: DataClient, ids: string[]): Promise<ArticleCard[]> {
  if (!ids.length) return [];
  const { data, error } = await onlyPublic(sb.from('articles').select(CARD_COLUMNS).in('id', ids)).overrideTypes<ArticleCard[]>();
  if (error) throw new LoadError('Erreur lors du chargement', error);
  const byId = new Map(data.map((card) => [card.id, card]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
