import type { PostgrestClient } from '@supabase/postgrest-js';
import { rowsFromSlots, slotsFromRows, type FrontPageArticle, type Slots } from './slots';

type Db = Pick<PostgrestClient, 'from'>;

export const ARTICLE_COLUMNS = 'id, title, status, published_at';

/**
 * public.front_page through PostgREST: administrators read every pin (even of an article not out
 * yet) and alone may write them (row-level security).
 */
export function frontPageStore(db: Db) {
  return {
    /** The four places with their articles. */
    async read(): Promise<Slots> {
      const { data, error } = await db.from('front_page').select(`rank, article:articles(${ARTICLE_COLUMNS})`).order('rank');
      if (error) throw error;
      return slotsFromRows(data as unknown as { rank: number; article: FrontPageArticle | null }[]);
    },

    /**
     * Stores the places as given. A reorder cannot be written row by row (each article and each
     * rank is unique, checked at every row), so the pins are replaced: removed, then inserted.
     * When the insert is refused the previous pins are put back, so a failed save changes nothing.
     */
    async save(slots: Slots, previous: Slots): Promise<void> {
      const { error: clearError } = await db.from('front_page').delete().gte('rank', 1);
      if (clearError) throw clearError;
      const rows = rowsFromSlots(slots);
      if (!rows.length) return;
      const { error } = await db.from('front_page').insert(rows);
      if (!error) return;
      const restore = rowsFromSlots(previous);
      if (restore.length) {
        const { error: restoreError } = await db.from('front_page').insert(restore);
        if (restoreError) console.error('The previous front page could not be put back', restoreError);
      }
      throw error;
    },

    /** The article that leads without a pin: the newest readers can see (home_page()'s rule). */
    async newest(now: Date = new Date()): Promise<FrontPageArticle | null> {
      const { data, error } = await db
        .from('articles')
        .select(ARTICLE_COLUMNS)
        .in('status', ['published', 'scheduled'])
        .lte('published_at', now.toISOString())
        .order('published_at', { ascending: false })
        .limit(1);
      if (error) throw error;
      return ((data ?? [])[0] as FrontPageArticle | undefined) ?? null;
    },
  };
}

export type FrontPageStore = ReturnType<typeof frontPageStore>;
