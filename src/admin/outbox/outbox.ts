import { isTransientError } from '../providers/frenchErrors';

/**
 * The phone's outbox, shared by the live desk (an entry) and the article editor (a whole save):
 * what the journalist sent is kept on the phone, under an id made by the phone, before it is
 * sent, and stays until the server has stored it. A send that fails for the network (offline, a
 * request lost, a gateway down) waits for the network; one the server refuses is kept with the
 * refusal, for the journalist to edit or drop: it is not tried again by itself. A retry carries the
 * same id, so the database stores the item once even when an earlier try reached it and only its
 * answer was lost.
 */
export interface QueuedItem {
  /** Made by the phone (crypto.randomUUID()): the server stores one row per id. */
  id: string;
  /** The article the item belongs to (its screen lists it). */
  articleId: string;
  /** When the journalist sent it (ISO): the outbox sends in that order. */
  queuedAt: string;
  /** The server's refusal in French, once refused: then it waits for the journalist, not for the network. */
  refusal: string | null;
}

/** Where the items live: the browser's localStorage in the back office, memory in tests. */
export interface OutboxStore<T extends QueuedItem> {
  read(): Record<string, T>;
  write(items: Record<string, T>): void;
}

/** How often a waiting outbox tries again when no `online` event came (a network back without one, a server down). */
export const OUTBOX_RETRY_MS = 15_000;

/** An outbox kept in memory only: while the signed-in account is not known yet (a moment). */
export function memoryOutboxStore<T extends QueuedItem>(): OutboxStore<T> {
  let items: Record<string, T> = {};
  return { read: () => structuredClone(items), write: (next) => void (items = structuredClone(next)) };
}

/** One object keyed by item id under `key` (a few items at most); an unreadable one reads as empty. */
export function storageOutbox<T extends QueuedItem>(storage: Storage, key: string): OutboxStore<T> {
  return {
    read() {
      try {
        const parsed = JSON.parse(storage.getItem(key) ?? '{}') as unknown;
        return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, T>) : {};
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

export interface Outbox<T extends QueuedItem> {
  /** The items of one article, oldest first. */
  items(articleId: string): T[];
  /** Keeps an item (a new one, one replacing the waiting one of its id, or a refused one edited: its refusal is cleared). */
  put(item: Omit<T, 'refusal'>): void;
  remove(id: string): void;
  /**
   * Sends every waiting item (never a refused one), oldest first, one at a time, until the network
   * fails (the rest wait with it). A flush asked for while one runs gets that one: an item is never
   * sent twice at once.
   */
  flush(): Promise<FlushReport>;
}

/** The same item, refusal aside: what was sent is still what the journalist wants. */
const sameItem = (a: QueuedItem | undefined, b: QueuedItem) =>
  a !== undefined && JSON.stringify({ ...a, refusal: null }) === JSON.stringify({ ...b, refusal: null });

export function createOutbox<T extends QueuedItem>(store: OutboxStore<T>, send: (item: T) => Promise<SendOutcome>): Outbox<T> {
  let running: Promise<FlushReport> | null = null;
  const ordered = (items: Record<string, T>) => Object.values(items).sort((a, b) => a.queuedAt.localeCompare(b.queuedAt));
  const update = (change: (items: Record<string, T>) => void) => {
    const items = store.read();
    change(items);
    store.write(items);
  };

  const run = async (): Promise<FlushReport> => {
    const report: FlushReport = { stored: [], refused: [], waiting: 0 };
    for (const item of ordered(store.read()).filter((i) => !i.refusal)) {
      const outcome = await send(item);
      if (outcome.kind === 'stored') {
        // Replaced meanwhile (a newer save of the same id): the newer one still waits.
        update((items) => void (sameItem(items[item.id], item) && delete items[item.id]));
        report.stored.push(item.id);
      } else if (outcome.kind === 'refused') {
        update((items) => {
          // Edited or dropped meanwhile: the journalist's latest word stands.
          if (sameItem(items[item.id], item)) items[item.id] = { ...items[item.id], refusal: outcome.message };
        });
        report.refused.push(item.id);
      } else break;
    }
    report.waiting = Object.values(store.read()).filter((i) => !i.refusal).length;
    return report;
  };

  return {
    items: (articleId) => ordered(store.read()).filter((i) => i.articleId === articleId),
    put: (item) => update((items) => void (items[item.id] = { ...item, refusal: null } as T)),
    remove: (id) => update((items) => void delete items[id]),
    flush() {
      running ??= run().finally(() => (running = null));
      return running;
    },
  };
}
