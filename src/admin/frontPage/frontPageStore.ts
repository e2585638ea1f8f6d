import { onlyPublic } from '@/lib/articleVisibility';
import type { DataClient } from '@/lib/supabase';
import { slotsFromRows, type FrontPageArticle, type Slots } from './slots';

export const ARTICLE_COLUMNS = 'id, title, status, published_at';

/**
 * public.front_page through PostgREST: administrators read every pin (even of an article not out
 * yet) and alone may write them (row-level security).
 */
export function frontPageStore(db: DataClient) {
  return {
    /** The four places with their articles. */
    async read(): Promise<Slots> {
      const { data, error } = await db.from('front_page').select(`rank, article:articles(${ARTICLE_COLUMNS})`).order('rank');
      if (error) throw error;
      return slotsFromRows(data);
    },

    /**
     * Stores the places as given, all at once: set_front_page replaces the pins in one transaction
     * (a reorder cannot be written row by row, each article and rank being unique), so a refused
     * or interrupted save changes nothing, and two administrators' saves follow one another.
     */
    async save(slots: Slots): Promise<void> {
      const { error } = await db.rpc('set_front_page', { p_article_ids: slots.map((article) => article?.id ?? null) });
      if (error) throw error;
    },

    /** The article that leads without a pin: the newest readers can see (home_page()'s rule). */
    async newest(now: Date = new Date()): Promise<FrontPageArticle | null> {
      const { data, error } = await onlyPublic(db.from('articles').select(ARTICLE_COLUMNS), undefined, now)
        .order('published_at', { ascending: false })
        .limit(1);
      if (error) throw error;
      return (data ?? [])[0] ?? null;
    },
  };
}

export type FrontPageStore = ReturnType<typeof frontPageStore>;
