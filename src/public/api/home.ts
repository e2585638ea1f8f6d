import type { DataClient } from '@/lib/supabase';
import { fetchMostRead, mostReadPart } from './mostRead';
import { LoadError, type HomePageData } from './types';

/** Everything the home page shows: the home_page function's one round trip, and "Les plus lus" beside it. */
export async function fetchHome(sb: DataClient): Promise<HomePageData> {
  const [{ data, error }, mostRead] = await Promise.all([sb.rpc('home_page', { p_per_category: 10 }), fetchMostRead(sb)]);
  if (error) throw new LoadError('Erreur lors du chargement', error);
  return { ...data, ...mostReadPart(mostRead) };
}
