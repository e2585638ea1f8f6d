import { isTransientError } from '../providers/frenchErrors';

/**
 * The field outbox: an entry of a live coverage typed on a phone is kept on the phone, under its
 * own id (made by the phone), before it is sent, and stays until the server has stored it. A send
 * that fails for the network (offline, a request lost, a gateway down) waits for the network; one
 * the server refuses (a paused or closed coverage, a text too long) is kept with the refusal, for
 * the journalist to edit or drop: it is not tried again by itself. A retry carries the same id, so
 * the database stores the entry once even when an earlier try reached it and only its answer was
 * lost (live_post answers the stored entry for an id it already has).
 */
export interface OutboxItem {
  /** The entry's id (crypto.randomUUID() on the phone): live_post's p_id. */
  id: string;
  articleId: string;
  body: string;
  imageUrl: string | null;
  imageAlt: string | null;
  /** When the journalist posted it (ISO): the outbox sends in that order. */
  queuedAt: string;
  /** The server's refusal in French, once refused: then it waits for the journalist, not for the network. */
  refusal: string | null;
}

/** Where the items live: the browser's localStorage in the back office, memory in tests. */
export interface OutboxStore {
  read(): Record<string, OutboxItem>;
  write(items: Record<string, OutboxItem>): void;
}

/** The outbox of one signed-in account: `<prefix>:<user id>` (outboxKey). */
export const OUTBOX_STORAGE_KEY = 'afriqueactu:live-outbox';
/** How often a waiting outbox tries again when no `online` event came (a network back without one, a server down). */
export const OUTBOX_RETRY_MS = 15_000;

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
export function localOutboxStore(userId: string, storage: Storage = localStorage): OutboxStore {
  const store = storageOutbox(storage, outboxKey(userId));
  const shared = storageOutbox(storage, OUTBOX_STORAGE_KEY);
  const left = Object.values(shared.read());
  if (left.length) {
    const held = Object.fromEntries(left.map((item) => [item.id, { ...item, refusal: item.refusal ?? SHARED_OUTBOX_HOLD }]));
    store.write({ ...held, ...store.read() });
    shared.write({});
  }
  return store;
}

/** An outbox kept in memory only: the desk's while the signed-in account is not known yet (a moment). */
export function memoryOutboxStore(): OutboxStore {
  let items: Record<string, OutboxItem> = {};
  return { read: () => structuredClone(items), write: (next) => void (items = structuredClone(next)) };
}

function storageOutbox(storage: Storage, key: string): OutboxStore {
  return {
    read() {
      try {
        const parsed = JSON.parse(storage.getItem(key) ?? '{}') as unknown;
        return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, OutboxItem>) : {};
      } catch {
        return {};
      }
    },
    write(items) {
      if (Object.keys(items).length) storage.setItem(key, JSON.stringify(items));
      else storage.removeItem(key);
    },
  };
}

/** What one send came to: stored, lost on the network (try again later), or refused (say why, keep it). */
export type SendOutcome = { kind: 'stored' } | { kind: 'network' } | { kind: 'refused'; message: string };

/**
 * A failed send read as the outbox needs it: the network (the phone offline, a request that never
 * got an answer, a timeout, a server or gateway failing) or a refusal, told in French by `describe`.
 */
export function failureOutcome(error: unknown, online: boolean, describe: (error: unknown) => string): SendOutcome {
  if (!online || isTransientError(error)) return { kind: 'network' };
  return { kind: 'refused', message: describe(error) };
}

export interface FlushReport {
  stored: string[];
  refused: string[];
  /** Items still waiting for the network. */
  waiting: number;
}

export interface Outbox {
  /** The items of one article, oldest first. */
  items(articleId: string): OutboxItem[];
  /** Keeps an item (a new entry, or a refused one the journalist edited: its refusal is cleared). */
  put(item: Omit<OutboxItem, 'refusal'>): void;
  remove(id: string): void;
  /**
   * Sends every waiting item (never a refused one), oldest first, one at a time, until the network
   * fails (the rest wait with it). A flush asked for while one runs gets that one: an item is never
   * sent twice at once.
   */
  flush(): Promise<FlushReport>;
}

export function createOutbox(store: OutboxStore, send: (item: OutboxItem) => Promise<SendOutcome>): Outbox {
  let running: Promise<FlushReport> | null = null;
  const ordered = (items: Record<string, OutboxItem>) => Object.values(items).sort((a, b) => a.queuedAt.localeCompare(b.queuedAt));
  const update = (id: string, change: (items: Record<string, OutboxItem>) => void) => {
    const items = store.read();
    change(items);
    store.write(items);
    return items[id];
  };

  const run = async (): Promise<FlushReport> => {
    const report: FlushReport = { stored: [], refused: [], waiting: 0 };
    for (const item of ordered(store.read()).filter((i) => !i.refusal)) {
      const outcome = await send(item);
      if (outcome.kind === 'stored') {
        update(item.id, (items) => void delete items[item.id]);
        report.stored.push(item.id);
      } else if (outcome.kind === 'refused') {
        update(item.id, (items) => {
          // Edited or dropped meanwhile: the journalist's latest word stands.
          if (items[item.id]?.body === item.body) items[item.id] = { ...items[item.id], refusal: outcome.message };
        });
        report.refused.push(item.id);
      } else break;
    }
    report.waiting = Object.values(store.read()).filter((i) => !i.refusal).length;
    return report;
  };

  return {
    items: (articleId) => ordered(store.read()).filter((i) => i.articleId === articleId),
    put: (item) => void update(item.id, (items) => void (items[item.id] = { ...item, refusal: null })),
    remove: (id) => void update(id, (items) => void delete items[id]),
    flush() {
      running ??= run().finally(() => (running = null));
      return running;
    },
  };
}
