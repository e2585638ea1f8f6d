import type { DataClient } from '@/lib/supabase';
import { CARD_COLUMNS } from './cards';
import { onlyPublic } from './visibility';
import { LoadError, type CategoryPageData } from './types';

/** Cards on one page of a category: four rows of three on a desktop, a short scroll on a phone. */
export const CATEGORY_PAGE_SIZE = 12;

/**
 * One page of a category's public articles, newest first (page 1 the newest); null when the slug
 * is unknown. One round trip: the category with that page's articles embedded, and one more
 * article than the page shows, which only says whether a next page exists.
 */
export async function fetchCategory(sb: DataClient, slug: string, page = 1): Promise<CategoryPageData | null> {
  const from = (page - 1) * CATEGORY_PAGE_SIZE;
  const { data, error } = await onlyPublic(
    sb.from('categories').select(`id, name, slug, articles(${CARD_COLUMNS})`).eq('slug', slug),
    'articles',
  )
    .order('published_at', { referencedTable: 'articles', ascending: false })
    .range(from, from + CATEGORY_PAGE_SIZE, { referencedTable: 'articles' })
    .maybeSingle();
  if (error) throw new LoadError('Erreur lors du chargement', error);
  if (!data) return null;
  const { articles, ...category } = data;
  return { category, articles: articles.slice(0, CATEGORY_PAGE_SIZE), page, hasMore: articles.length > CATEGORY_PAGE_SIZE };
}
