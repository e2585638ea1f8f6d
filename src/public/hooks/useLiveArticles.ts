import { useEffect, useRef } from 'react';
import type { RealtimeChannel } from '@supabase/realtime-js';
import { loadRealtime } from '@/lib/supabaseClients';
import { afterPageLoad } from './afterPageLoad';

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

    const reload = () => {
      clearTimeout(timer);
      timer = setTimeout(() => active && callback.current(), LIVE_DEBOUNCE_MS);
    };

    // The realtime client and the channel's code are loaded on first use (see src/lib/supabaseClients.ts).
    const connect = () =>
      void Promise.all([loadRealtime(), import('./liveChannel')])
        .then(async ([client, { openLiveChannel }]) => {
          channel = (await openLiveChannel(client, reload, () => active)) ?? undefined;
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
      if (open) void loadRealtime().then((client) => client.removeChannel(open));
    };
  }, [enabled]);
}
