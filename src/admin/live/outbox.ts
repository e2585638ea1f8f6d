import { storageOutbox, type OutboxStore, type QueuedItem } from '../outbox/outbox';

export {
  createOutbox,
  failureOutcome,
  memoryOutboxStore,
  OUTBOX_RETRY_MS,
  type FlushReport,
  type Outbox,
  type SendOutcome,
} from '../outbox/outbox';

/**
 * The live desk's outbox (../outbox/outbox.ts): an entry of a live coverage typed on a phone is
 * kept on the phone under its own id, and sent until the server has stored it. One the server
 * refuses (a paused or closed coverage, a text too long) waits for the journalist. A retry carries
 * the same id: live_post answers the stored entry for an id it already has.
 */
export interface OutboxItem extends QueuedItem {
  body: string;
  imageUrl: string | null;
  imageAlt: string | null;
}

/** The outbox of one signed-in account: `<prefix>:<user id>` (outboxKey). */
export const OUTBOX_STORAGE_KEY = 'afriqueactu:live-outbox';

/**
 * Each account's outbox under a key of its own: a phone or a desk computer is shared by
 * journalists, and an entry one of them typed must never be sent by the next one to sign in, under
 * the next one's name.
 */
export const outboxKey = (userId: string) => `${OUTBOX_STORAGE_KEY}:${userId}`;

/** What an entry found in the outbox every account once shared says until the journalist decides. */
export const SHARED_OUTBOX_HOLD =
  "Entrée restée sur cet appareil d'une session précédente : relisez-la, puis renvoyez-la ou abandonnez-la.";

/**
 * The signed-in account's outbox in localStorage, one object keyed by entry id (a few entries at
 * most: a short text each). Entries left under the key every account used to share (whose author
 * nobody can tell) come into it held, as refused ones are: kept, never sent by themselves.
 */
export function localOutboxStore(userId: string, storage: Storage = localStorage): OutboxStore<OutboxItem> {
  const store = storageOutbox<OutboxItem>(storage, outboxKey(userId));
  const shared = storageOutbox<OutboxItem>(storage, OUTBOX_STORAGE_KEY);
  const left = Object.values(shared.read());
  if (left.length) {
    const held = Object.fromEntries(left.map((item) => [item.id, { ...item, refusal: item.refusal ?? SHARED_OUTBOX_HOLD }]));
    store.write({ ...held, ...store.read() });
    shared.write({});
  }
  return store;
}
