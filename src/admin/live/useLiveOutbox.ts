import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNewsroomDataProvider } from '../providers/newsroomDataProvider';
import { describeLiveError } from './liveMessages';
import { createOutbox, failureOutcome, memoryOutboxStore, OUTBOX_RETRY_MS, type FlushReport, type SendOutcome } from '../outbox/outbox';
import { localOutboxStore, type OutboxItem } from './outbox';
import type { NewEntry } from './types';

/** What became of one entry the journalist posted. */
export type PostResult = SendOutcome['kind'];

/**
 * The phone's outbox for one article's desk (outbox.ts): every entry is kept on the phone before
 * it is sent, and sent again when the network returns (the `online` event, and a retry every
 * OUTBOX_RETRY_MS while something waits) until the database has it. `onStored` refreshes the list.
 * The outbox is the signed-in account's own (`userId`); none until the account is known.
 */
export function useLiveOutbox(articleId: string, userId: string | undefined, onStored: () => void) {
  const dataProvider = useNewsroomDataProvider();
  const [items, setItems] = useState<OutboxItem[]>([]);
  const outbox = useMemo(
    () =>
      createOutbox(
        userId === undefined ? memoryOutboxStore<OutboxItem>() : localOutboxStore(userId),
        async (item): Promise<SendOutcome> => {
          if (!navigator.onLine) return { kind: 'network' };
          try {
            await dataProvider.livePost(item);
            return { kind: 'stored' };
          } catch (error) {
            return failureOutcome(error, navigator.onLine, describeLiveError);
          }
        },
      ),
    [dataProvider, userId],
  );
  const refresh = useCallback(() => setItems(outbox.items(articleId)), [outbox, articleId]);

  const flush = useCallback(async () => {
    const report = await outbox.flush();
    refresh();
    if (report.stored.length) onStored();
    return report;
  }, [outbox, refresh, onStored]);

  useEffect(() => {
    refresh();
    void flush();
    const online = () => void flush();
    window.addEventListener('online', online);
    const timer = setInterval(() => {
      if (outbox.items(articleId).some((i) => !i.refusal)) void flush();
    }, OUTBOX_RETRY_MS);
    return () => {
      window.removeEventListener('online', online);
      clearInterval(timer);
    };
  }, [outbox, articleId, refresh, flush]);

  /** Keeps the entry on the phone, then sends what waits: resolves with what became of this one. */
  const post = useCallback(
    async (entry: NewEntry): Promise<PostResult> => {
      outbox.put({ ...entry, queuedAt: new Date().toISOString() });
      refresh();
      const seen = (r: FlushReport) => r.stored.includes(entry.id) || r.refused.includes(entry.id);
      let report = await flush();
      // A flush already under way when it was kept read the outbox before it: one more.
      if (!seen(report) && report.waiting) report = await flush();
      if (report.stored.includes(entry.id)) return 'stored';
      return report.refused.includes(entry.id) ? 'refused' : 'network';
    },
    [outbox, refresh, flush],
  );

  /** A refused entry the journalist edited: its refusal goes, and it is sent again (the same id). */
  const resend = useCallback(
    async (item: OutboxItem, body: string) => {
      outbox.put({ ...item, body });
      refresh();
      await flush();
    },
    [outbox, refresh, flush],
  );

  const drop = useCallback((id: string) => (outbox.remove(id), refresh()), [outbox, refresh]);

  return { items, post, resend, drop };
}
