import type { DataClient } from '@/lib/supabase';
import type { ArticleCard } from './types';

/** How many articles "Les plus lus" lists (most_read answers at most this many). */
export const MOST_READ_COUNT = 5;

/**
 * "Les plus lus": the public articles most read in the last 7 days, most first (the most_read
 * function counts and ranks them), leaving out `exceptId`, the article being read. Null when the
 * call failed: the block is an extra, so its page shows without it (and is not cached so).
 */
export async function fetchMostRead(sb: DataClient, exceptId?: string): Promise<ArticleCard[] | null> {
  const { data, error } = await sb.rpc('most_read', { p_limit: MOST_READ_COUNT, p_except: exceptId });
  if (error) {
    console.error('Les plus lus failed to load', error);
    return null;
  }
  return data;
}

/** fetchMostRead's answer as a page's part: the block, or none and the page marked incomplete (never cached so). */
export const mostReadPart = (cards: ArticleCard[] | null) => ({ mostRead: cards ?? [], ...(cards ? {} : { incomplete: true as const }) });
