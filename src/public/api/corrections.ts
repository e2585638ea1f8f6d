import type { DataClient } from '@/lib/supabase';
import { LoadError, type CorrectionListItem } from './types';
import { onlyPublic } from './visibility';

/** How many corrections /corrections lists, newest first. */
export const CORRECTIONS_LISTED = 50;

/** The latest corrections of public articles, each with its article's current address and title. */
export async function fetchCorrections(sb: DataClient, limit = CORRECTIONS_LISTED): Promise<CorrectionListItem[]> {
  const { data, error } = await onlyPublic(
    sb.from('article_corrections').select('id, note, corrected_at, article:articles!inner(slug, title)'),
    'article',
  )
    .order('corrected_at', { ascending: false })
    .order('id')
    .limit(limit);
  if (error) throw new LoadError('Erreur lors du chargement des corrections', error);
  return data;
}
