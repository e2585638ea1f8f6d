import type { IncomingMessage } from 'node:http';
import { renderKey, renderOrStale, type Outcome, type Sized, type StalePages, type Verdict } from './stalePages';

/**
 * Bounds the renders that nothing kept can answer (a page never rendered, or not for a while: a
 * flood of distinct search or article URLs), so that they cannot take the process from the
 * pages it keeps, which go out without a render. Each client (by address) may have a few such
 * renders under way; the whole server a few more, with a short queue. Beyond that the answer is
 * at once: 429 for the client asking too much, 503 when the server is full, both with Retry-After.
 */

/** Renders one client may have under way or queued at once (a browser asks for one page at a time). */
export const RENDERS_PER_CLIENT = 3;
/** Renders under way at once: each spends most of its time waiting for the database, some on the CPU. */
export const RENDERS_AT_ONCE = 2;
/** Renders waiting for a place. */
export const RENDER_QUEUE = 8;
/** How long a render waits for a place before the answer is 503. */
export const RENDER_QUEUE_MS = 1000;

export type Refusal = 'client' | 'busy';

export interface Slot {
  release: () => void;
}

export interface LimitOptions {
  perClient?: number;
  atOnce?: number;
  queue?: number;
  queueMs?: number;
}

export class RenderLimit {
  private active = 0;
  private waiting: (() => void)[] = [];
  private perClient = new Map<string, number>();
  private readonly options: Required<LimitOptions>;

  /**
   * `shared`: while it says so (« Mode urgence »), one address may be thousands of readers (a VPN
   * exit, a carrier's NAT): it may take the whole server's room (atOnce + queue), so a crowd behind
   * it meets 503s when the server is full, as everyone does, rather than 429s of its own.
   */
  constructor(
    { perClient = RENDERS_PER_CLIENT, atOnce = RENDERS_AT_ONCE, queue = RENDER_QUEUE, queueMs = RENDER_QUEUE_MS }: LimitOptions = {},
    private readonly shared: () => boolean = () => false,
  ) {
    this.options = { perClient, atOnce, queue, queueMs };
  }

  /** Renders under way (for tests and benchmarks). */
  get running(): number {
    return this.active;
  }

  /**
   * A place for one render, to release when it ends; or why there is none. `wait: false` takes a
   * free place or none: for a render that a kept copy can stand in for, queueing only delays that copy.
   */
  async enter(client: string, { wait = true }: { wait?: boolean } = {}): Promise<Slot | Refusal> {
    const mine = this.perClient.get(client) ?? 0;
    const allowed = this.shared() ? Math.max(this.options.perClient, this.options.atOnce + this.options.queue) : this.options.perClient;
    if (mine >= allowed) return 'client';
    if (this.active >= this.options.atOnce && (!wait || this.waiting.length >= this.options.queue)) return 'busy';
    this.perClient.set(client, mine + 1);
    const leave = () => {
      const left = (this.perClient.get(client) ?? 1) - 1;
      if (left) this.perClient.set(client, left);
      else this.perClient.delete(client);
    };
    if (this.active >= this.options.atOnce) {
      const turn = await new Promise<boolean>((resolve) => {
        const go = () => {
          clearTimeout(timer);
          resolve(true);
        };
        const timer = setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(go), 1);
          resolve(false);
        }, this.options.queueMs);
        this.waiting.push(go);
      });
      if (!turn) {
        leave();
        return 'busy';
      }
    } else this.active += 1;
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        leave();
        // The place goes straight to the first in the queue (active stays as it is), else frees up.
        const next = this.waiting.shift();
        if (next) next();
        else this.active -= 1;
      },
    };
  }
}

/**
 * renderOrStale (stalePages.ts) under the limit, for one client: a render that nothing kept can
 * stand in for, and that no request has begun, needs a place. An older kept copy does not answer
 * alone (renderOrStale renders afresh beside it), so that render needs a place too, but does not
 * wait for one: refused one, the request gets the kept copy (still proven current). With no copy,
 * the refusal is the answer.
 */
export async function renderWithinLimit<T extends Sized>(
  limit: RenderLimit,
  client: string,
  {
    store,
    key,
    render,
    verdict,
    currentVersion,
  }: {
    store: StalePages<T>;
    key: string | null;
    render: () => Promise<T>;
    verdict: (page: T) => Verdict;
    currentVersion: () => string | null;
  },
): Promise<Outcome<T> | Refusal> {
  const version = currentVersion();
  const answered = key !== null && (store.fresh(key, version) || store.failure(key, version) || store.isRunning(renderKey(key, version)));
  let release: (() => void) | undefined;
  if (!answered) {
    // With a copy proven current at hand, the render only refreshes it: when no place is free at
    // once (renders waiting on a flooded backend hold them), the copy is the answer without delay.
    const kept = key !== null && store.get(key, version) !== undefined;
    const slot = await limit.enter(client, { wait: !kept });
    if (typeof slot === 'string') {
      const keptUnderFlood = key === null ? undefined : store.get(key, currentVersion());
      return keptUnderFlood ? { page: keptUnderFlood, stale: false } : slot;
    }
    release = slot.release;
  }
  let began = false;
  const limited = release
    ? () => {
        began = true;
        return render().finally(release);
      }
    : render;
  return renderOrStale(store, key, limited, verdict, { currentVersion }).finally(() => {
    // A render begun by another request meanwhile answered this one: the place is not used.
    if (!began) release?.();
  });
}

/**
 * Who is asking: the connection's address; behind a proxy the operator trusts (TRUST_PROXY=1, see
 * docs/deployment.md), the address that proxy saw, the last one it appended to X-Forwarded-For
 * (earlier entries are whatever the client sent, and anyone can write them).
 */
export function clientAddress(req: IncomingMessage, trustProxy: boolean): string {
  const forwarded = trustProxy ? req.headers['x-forwarded-for'] : undefined;
  const last = (Array.isArray(forwarded) ? forwarded.join(',') : forwarded)?.split(',').pop()?.trim();
  return last || req.socket.remoteAddress || 'unknown';
}
