import { useEffect, useRef } from 'react';
import type { RealtimeChannel } from '@supabase/realtime-js';
import { isPublicNow, PUBLIC_STATUSES, type Publishable } from '@/lib/articleVisibility';
import { supabase } from '@/lib/supabase';
import { afterPageLoad } from './afterPageLoad';

const TOPIC = 'home-articles';
/** A newsroom publishing several changes at once (article, then its image) costs one reload. */
export const LIVE_DEBOUNCE_MS = 500;
/**
 * Live updates are for a home page kept open: the connection (and realtime's 16 KB) waits until
 * the reader has stayed this long after the page loaded. Most readers tap an article sooner.
 */
export const LIVE_AFTER_MS = 10_000;
/**
 * Calls `onChange` (debounced) when an article is published, a public one is edited, or one is
 * withdrawn (unpublished, moved to a later date or deleted), so an open home page refreshes in
 * place (docs/product.md#live-home). Unsubscribes on unmount. The connection (and the realtime client's download) waits until the page has loaded and gone idle: no reader needs it to
 * see the page, so it never competes with the page's own requests. Off (`enabled` false) in
 * data-saver mode: a live connection costs data all the time the page is open.
 */
export function useLiveArticles(onChange: () => void, enabled = true): void {
  const callback = useRef(onChange);
  callback.current = onChange;

  useEffect(() => {
    if (!enabled) return;
    let active = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let channel: RealtimeChannel | undefined;

    // Read counts live outside `articles` (see the schema), so every event here is an edit. An
    // administrator's socket also gets articles not yet public (scheduled for later): readers do
    // not see those, and neither does the home page, so they change nothing.
    const reload = () => {
      clearTimeout(timer);
      timer = setTimeout(() => active && callback.current(), LIVE_DEBOUNCE_MS);
    };
    const schedule = (event: { new: unknown }) => isPublicNow(event.new as Publishable) && reload();

    // The realtime client is loaded on first use (see src/lib/supabase.ts).
    const connect = () =>
      void supabase
        .realtime()
        .then(async (client) => {
          // realtime-js hands back an existing channel of the same topic, and a channel cannot take
          // new bindings once subscribed: let a previous mount's channel finish leaving first.
          const stale = client.getChannels().filter((c) => c.topic === `realtime:${TOPIC}`);
          await Promise.all(stale.map((c) => client.removeChannel(c)));
          if (!active) return;
          // Published, or scheduled (once its moment has come, see schedule); drafts and articles
          // waiting for review never.
          const filter = `status=in.(${PUBLIC_STATUSES.join(',')})`;
          channel = client
            // Private: only what policies on realtime.messages allow reaches it, and they let
            // nobody but the service role send into it (no fake broadcasts or presence).
            .channel(TOPIC, { config: { private: true } })
            .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'articles', filter }, schedule)
            .on('postgres_changes', { event: 'UPDATE', schema: 'public', table: 'articles', filter }, schedule)
            // An article unpublished or deleted: readers get no change of a row they can no longer
            // read, so the database notes its withdrawal (see the article_withdrawals table).
            .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'article_withdrawals' }, reload)
            .subscribe((status, error) => {
              if (status === 'CHANNEL_ERROR') console.error('Abonnement en direct refusé', error);
            });
        })
        .catch((error: unknown) => console.error('Abonnement en direct impossible', error));
    let stay: ReturnType<typeof setTimeout> | undefined;
    const stopWaiting = afterPageLoad(() => (stay = setTimeout(connect, LIVE_AFTER_MS)));

    return () => {
      active = false;
      stopWaiting();
      clearTimeout(stay);
      clearTimeout(timer);
      const open = channel;
      if (open) void supabase.realtime().then((client) => client.removeChannel(open));
    };
  }, [enabled]);
}
