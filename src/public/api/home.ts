import type { DataClient } from '@/lib/supabase';
import { LoadError, type HomeData } from './types';

/** Everything the home page shows, in one round trip (the home_page function). */
export async function fetchHome(sb: DataClient): Promise<HomeData> {
  const { data, error } = await sb.rpc('home_page', { p_per_category: 10 });
  if (error) throw new LoadError('Erreur lors du chargement', error);
  return data;
}
