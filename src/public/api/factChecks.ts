import { FACT_CHECKS_PATH } from '@/lib/factCheck';
import type { DataClient } from '@/lib/supabase';
import { CATEGORY_PAGE_SIZE } from './category';
import { CARD_COLUMNS } from './cards';
import { onlyPublic } from './visibility';
import { LoadError, type ArticleCard } from './types';

export interface FactChecksPageData {
  articles: ArticleCard[];
  page: number;
  hasMore: boolean;
}

/**
 * One page of the published fact-checks, newest first, as a category's page lists its articles
 * (same size and order; one more card read says whether a next page exists).
 */
export async function fetchFactChecks(sb: DataClient, page = 1): Promise<FactChecksPageData> {
  const from = (page - 1) * CATEGORY_PAGE_SIZE;
  const { data, error } = await onlyPublic(sb.from('articles').select(CARD_COLUMNS).eq('format', 'factcheck'))
    .order('published_at', { ascending: false })
    .order('id', { ascending: false })
    .range(from, from + CATEGORY_PAGE_SIZE)
    .overrideTypes<ArticleCard[]>();
  if (error) throw new LoadError('Erreur lors du chargement', error);
  return { articles: data.slice(0, CATEGORY_PAGE_SIZE), page, hasMore: data.length > CATEGORY_PAGE_SIZE };
}

/** A listing page's address (?page= from 2). */
export const factChecksPath = (page = 1) => `${FACT_CHECKS_PATH}${page > 1 ? `?page=${page}` : ''}`;
