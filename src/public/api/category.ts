import type { DataClient } from '@/lib/supabase';
import { CARD_COLUMNS } from './cards';
import { onlyPublic } from './visibility';
import { LoadError, type CategoryPageData } from './types';

/** A category and all its public articles, newest first; null when the slug is unknown. */
export async function fetchCategory(sb: DataClient, slug: string): Promise<CategoryPageData | null> {
  // One round trip: the category with its published articles embedded.
  const { data, error } = await onlyPublic(
    sb.from('categories').select(`id, name, slug, articles(${CARD_COLUMNS})`).eq('slug', slug),
    'articles',
  )
    .order('published_at', { referencedTable: 'articles', ascending: false })
    .maybeSingle();
  if (error) throw new LoadError('Erreur lors du chargement', error);
  if (!data) return null;
  const { articles, ...category } = data;
  return { category, articles };
}
