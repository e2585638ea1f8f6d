import type { DataClient } from '@/lib/supabase';

/**
 * The newsletter's send time ('HH:MM', the newsroom's zone) the footer promises, read by the server
 * with every page it renders, as the menu is (a new time moves the content version and purges the
 * pages). Null when it could not be read: the promise then says the default time.
 */
export async function fetchNewsletterTime(db: DataClient): Promise<string | null> {
  const { data, error } = await db.rpc('newsletter_schedule');
  if (error) throw new Error(`The newsletter's schedule did not load: ${error.message}`);
  return data?.[0]?.send_time ?? null;
}
