import type { LiveFrontItem } from '@/lib/live';
import type { DataClient } from '@/lib/supabase';
import { fetchMostRead, mostReadPart } from './mostRead';
import { fetchTopicStrip } from './topicStrip';
import { LoadError, type HomePageData } from './types';

/**
 * Everything the home page shows: the home_page function's one round trip, and beside it "Les
 * plus lus", the live coverages not closed (live_front: the cards' « En direct » marks) and the
 * topic strip « La une » pinned (topicStrip.ts).
 */
export async function fetchHome(sb: DataClient): Promise<HomePageData> {
  const [{ data, error }, mostRead, live, topic] = await Promise.all([
    sb.rpc('home_page', { p_per_category: 10 }),
    fetchMostRead(sb),
    fetchLiveFront(sb),
    fetchTopicStrip(sb),
  ]);
  if (error) throw new LoadError('Erreur lors du chargement', error);
  const most = mostReadPart(mostRead);
  const incomplete = !live || topic === undefined;
  return { ...data, ...most, live: live ?? [], topic: topic ?? null, ...(incomplete ? { incomplete: true as const } : {}) };
}

/** The live coverages not closed; null when the call failed (the page shows without the marks, and is not cached so). */
async function fetchLiveFront(sb: DataClient): Promise<LiveFrontItem[] | null> {
  const { data, error } = await sb.rpc('live_front');
  if (error) {
    console.error('The live coverages failed to load', error);
    return null;
  }
  return data as unknown as LiveFrontItem[];
}
