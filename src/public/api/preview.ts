import { isPublicNow } from '@/lib/articleVisibility';
import type { DataClient } from '@/lib/supabase';
import { ARTICLE_COLUMNS, liveOf, withArticleExtras } from './article';
import { LoadError, type PreviewData } from './types';

// The preview's data, loaded in the browser only, for a signed-in newsroom member (the route's
// loader checks that first, see routes.ts): the server never has the visitor's session.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Where an article stands for readers: not yet (draft, waiting for review, or scheduled for later) or public. */
export function previewState(row: { status: string; published_at: string | null }, now = new Date()): PreviewData['state'] {
  if (isPublicNow(row, now)) return 'public';
  if (row.status === 'scheduled' || row.status === 'review') return row.status;
  return 'draft';
}

/**
 * An article by id, whatever its status, as its page will show it; null when there is none (or
 * the caller may not read it: a journalist sees only their own). For the newsroom only: the
 * database is what guards drafts (RLS), and the route asks for the role first, so a reader never
 * previews even a public article and the page answers them all alike.
 */
export async function fetchPreview(sb: DataClient, id: string): Promise<PreviewData | null> {
  if (!UUID.test(id)) return null;
  const { data, error } = await sb.from('articles').select(`${ARTICLE_COLUMNS}, status`).eq('id', id).maybeSingle();
  if (error) throw new LoadError("Erreur lors du chargement de l'aperçu", error);
  if (!data) return null;
  const { status, ...row } = data;
  // A live article shows its latest entries as its page will (the newsroom reads a draft coverage too).
  const [page, live] = await Promise.all([
    withArticleExtras(sb, row, 'profiles'),
    row.format === 'live' ? liveOf(sb, row, { before: null, since: null }) : undefined,
  ]);
  return { ...page, ...live, state: previewState({ status, published_at: row.published_at }) };
}
