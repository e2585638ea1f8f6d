import type { DataClient } from '@/lib/supabase';
import { onlyPublic } from './visibility';

/** How many of the latest headlines the 404 page offers. */
export const LATEST_HEADLINES_COUNT = 5;

export interface Headline {
  slug: string;
  title: string;
  published_at: string | null;
}

/** The 404 page's data: the latest public headlines; none, and not cached so, when they failed to load. */
export interface NotFoundData {
  headlines: Headline[];
  incomplete?: true;
}

/**
 * The latest public articles' titles, newest first (the articles' published_at index): what a
 * reader who followed a dead link may read instead. A failure leaves them out: the page still
 * answers 404, never 503.
 */
export async function fetchLatestHeadlines(sb: DataClient): Promise<NotFoundData> {
  const { data, error } = await onlyPublic(sb.from('articles').select('slug, title, published_at'))
    .order('published_at', { ascending: false })
    .limit(LATEST_HEADLINES_COUNT);
  if (error) {
    console.error('The latest headlines failed to load', error);
    return { headlines: [], incomplete: true };
  }
  return { headlines: data };
}
