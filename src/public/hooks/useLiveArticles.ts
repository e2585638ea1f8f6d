import { useEffect, useRef } from 'react';
import type { RealtimeChannel, RealtimePostgresChangesPayload } from '@supabase/realtime-js';
import { supabase } from '@/lib/supabase';

const TOPIC = 'home-articles';
/** A newsroom publishing several changes at once (article, then its image) costs one reload. */
export const LIVE_DEBOUNCE_MS = 500;
/** How recent `updated_at` must be, next to the change's commit time, for an UPDATE to count. */
export const EDIT_WINDOW_MS = 10_000;

type ArticleRow = { updated_at?: string | null };

/**
 * True for changes a reader should see: every published insert, and updates that edited the
 * article. Every article read bumps `view_count` with an UPDATE, which realtime delivers too;
 * the database's article_rules trigger moves `updated_at` on every update except those, so an
 * UPDATE whose `updated_at` is older than its commit by more than a few seconds is a view count
 * and must not reload the home page. The commit timestamp comes from the server, so the browser's
 * clock does not matter; it falls back to the local time if absent.
 */
export function isEditorialChange(change: RealtimePostgresChangesPayload<ArticleRow>): boolean {
  if (change.eventType === 'INSERT') return true;
  if (change.eventType !== 'UPDATE') return false;
  const updatedAt = Date.parse(change.new.updated_at ?? '');
  const committedAt = Date.parse(change.commit_timestamp ?? '');
  const now = Number.isFinite(committedAt) ? committedAt : Date.now();
  return Number.isFinite(updatedAt) && now - updatedAt < EDIT_WINDOW_MS;
}

/**
 * Calls `onChange` (debounced) when an article is published or a published one is edited, so an
 * open home page refreshes in place (spec §4). Unsubscribes on unmount.
 */
export function useLiveArticles(onChange: () => void): void {
  const callback = useRef(onChange);
  callback.current = onChange;

  useEffect(() => {
    let active = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let channel: RealtimeChannel | undefined;

    const schedule = (change: RealtimePostgresChangesPayload<ArticleRow>) => {
      if (!isEditorialChange(change)) return;
      clearTimeout(timer);
      timer = setTimeout(() => active && callback.current(), LIVE_DEBOUNCE_MS);
    };

    // The realtime client is loaded on first use (see src/lib/supabase.ts).
    void supabase
      .realtime()
      .then(async (client) => {
        // realtime-js hands back an existing channel of the same topic, and a channel cannot take
        // new bindings once subscribed: let a previous mount's channel finish leaving first.
        const stale = client.getChannels().filter((c) => c.topic === `realtime:${TOPIC}`);
        await Promise.all(stale.map((c) => client.removeChannel(c)));
        if (!active) return;
        const filter = 'status=eq.published';
        channel = client
          .channel(TOPIC)
          .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'articles', filter }, schedule)
          .on('postgres_changes', { event: 'UPDATE', schema: 'public', table: 'articles', filter }, schedule)
          .subscribe((status, error) => {
            if (status === 'CHANNEL_ERROR') console.error('Abonnement en direct refusé', error);
          });
      })
      .catch((error: unknown) => console.error('Abonnement en direct impossible', error));

    return () => {
      active = false;
      clearTimeout(timer);
      const open = channel;
      if (open) void supabase.realtime().then((client) => client.removeChannel(open));
    };
  }, []);
}
