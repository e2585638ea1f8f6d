import type { DataClient } from '@/lib/supabase';

/**
 * The front page's topic strip (public.front_page_topic, one row): which country or topic « La
 * une » shows as a strip on the home page. Administrators alone may change it (row-level security).
 */
export function topicStripStore(db: DataClient) {
  return {
    /** The pinned tag's id, or null when the home page shows no strip. */
    async read(): Promise<string | null> {
      const { data, error } = await db.from('front_page_topic').select('tag_id').single();
      if (error) throw error;
      return data.tag_id;
    },
    /** Pins `tagId` (null: no strip). An update the policies refuse changes no row: said as an error. */
    async save(tagId: string | null): Promise<void> {
      const { data, error } = await db.from('front_page_topic').update({ tag_id: tagId }).eq('id', true).select('tag_id');
      if (error) throw error;
      if (!data.length) throw new Error('Seuls les administrateurs choisissent le bandeau de la une.');
    },
  };
}
