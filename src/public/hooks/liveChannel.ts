import type { RealtimeChannel, RealtimeClient } from '@supabase/realtime-js';
import { isPublicNow, PUBLIC_STATUSES, type Publishable } from '@/lib/articleVisibility';

const TOPIC = 'home-articles';

/**
 * The live home's channel (useLiveArticles), in a chunk of its own that comes with the realtime
 * client, after the reader has stayed on the page: `changed` is called when an article is published,
 * a public one is edited, or one is withdrawn. Null when the page was left meanwhile.
 */
export async function openLiveChannel(client: RealtimeClient, changed: () => void, active: () => boolean): Promise<RealtimeChannel | null> {
  // realtime-js hands back an existing channel of the same topic, and a channel cannot take
  // new bindings once subscribed: let a previous mount's channel finish leaving first.
  const stale = client.getChannels().filter((c) => c.topic === `realtime:${TOPIC}`);
  await Promise.all(stale.map((c) => client.removeChannel(c)));
  if (!active()) return null;
  // Read counts live outside `articles` (see the schema), so every event here is an edit. An
  // administrator's socket also gets articles not yet public (scheduled for later): readers do
  // not see those, and neither does the home page, so they change nothing.
  const schedule = (event: { new: unknown }) => isPublicNow(event.new as Publishable) && changed();
  // Published, or scheduled (once its moment has come, see schedule); drafts and articles
  // waiting for review never.
  const filter = `status=in.(${PUBLIC_STATUSES.join(',')})`;
  return (
    client
      // Private: only what policies on realtime.messages allow reaches it, and they let
      // nobody but the service role send into it (no fake broadcasts or presence).
      .channel(TOPIC, { config: { private: true } })
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'articles', filter }, schedule)
      .on('postgres_changes', { event: 'UPDATE', schema: 'public', table: 'articles', filter }, schedule)
      // An article unpublished or deleted: readers get no change of a row they can no longer
      // read, so the database notes its withdrawal (see the article_withdrawals table).
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'article_withdrawals' }, changed)
      .subscribe((status, error) => {
        if (status === 'CHANNEL_ERROR') console.error('Abonnement en direct refusé', error);
      })
  );
}
