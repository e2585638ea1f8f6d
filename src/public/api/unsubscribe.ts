import type { DataClient } from '@/lib/supabase';
import { LoadError } from './types';

/** How an unsubscribe link ended: done (or done before), or a link that matches no subscription. */
export type UnsubscribeResult = 'unsubscribed' | 'unknown';

const TOKEN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Follows an unsubscribe link's token (unsubscribe_newsletter); a LoadError when the database
 * cannot do it now.
 */
export async function unsubscribe(db: DataClient, token: string): Promise<UnsubscribeResult> {
  // A token that is no UUID was never issued: no need to ask.
  if (!TOKEN.test(token)) return 'unknown';
  const { error } = await db.rpc('unsubscribe_newsletter', { p_token: token });
  if (!error) return 'unsubscribed';
  if (error.code === 'P0002') return 'unknown';
  throw new LoadError("La désinscription n'a pas pu aboutir. Réessayez dans un instant.", error);
}
