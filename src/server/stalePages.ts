/**
 * The pages this server rendered last, kept in memory so readers are still served when Supabase is
 * slow or failing (an attack saturating the database, an outage): a page whose fresh render fails,
 * or has not finished within STALE_AFTER_MS, goes out as last rendered. A healthy backend is never
 * bypassed: every request still renders afresh, so a change in the newsroom shows at once.
 */

/** A fresh render slower than this is not waited for when a kept copy exists (it still completes). */
export const STALE_AFTER_MS = 500;
/** How old a kept copy may be and still be served (stale-if-error's usual day). */
export const STALE_MAX_MS = 24 * 3600 * 1000;
/** Memory bound: the least recently used pages go first. */
export const STALE_MAX_BYTES = 32 * 1024 * 1024;

export interface Sized {
  /** Approximate bytes held (UTF-16 text counts 2 per character). */
  bytes: number;
}

interface Entry<T> {
  value: T;
  storedAt: number;
}

export class StalePages<T extends Sized> {
  private entries = new Map<string, Entry<T>>();
  private running = new Map<string, Promise<T>>();
  private bytes = 0;

  constructor(
    private readonly maxBytes = STALE_MAX_BYTES,
    private readonly maxAgeMs = STALE_MAX_MS,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get heldBytes(): number {
    return this.bytes;
  }

  /** The kept copy, if young enough; reading it makes it the most recently used. */
  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.drop(key);
    if (this.now() - entry.storedAt > this.maxAgeMs) return undefined;
    this.entries.set(key, entry);
    this.bytes += entry.value.bytes;
    return entry.value;
  }

  set(key: string, value: T): void {
    this.drop(key);
    if (value.bytes > this.maxBytes) return;
    this.entries.set(key, { value, storedAt: this.now() });
    this.bytes += value.bytes;
    for (const oldest of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(oldest);
    }
  }

  /** Forgets the kept copy (the page is gone or has moved: its last render must not come back). */
  delete(key: string): void {
    this.drop(key);
  }

  /** One render per key at a time: a flood of requests for one page costs the backend one render. */
  shared(key: string, render: () => Promise<T>): Promise<T> {
    let pending = this.running.get(key);
    if (!pending) {
      pending = render().finally(() => this.running.delete(key));
      this.running.set(key, pending);
    }
    return pending;
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.value.bytes;
  }
}

export interface Outcome<T> {
  page: T;
  /** True when the kept copy went out instead of a fresh render. */
  stale: boolean;
}

/**
 * What a fresh render is worth: `keep`, a good page, kept for bad times; `final`, a definite
 * answer that is no page to keep (not found, moved), which also forgets the copy kept of the
 * address (an unpublished or renamed article must not come back from it); `failed` (a 503, a
 * missing part), for which a kept copy is the better answer.
 */
export type Verdict = 'keep' | 'final' | 'failed';

/**
 * Renders afresh (one render at a time per key; a null key is a page not worth keeping: rendered,
 * never kept), and does with the render what its `verdict` says. When a kept copy exists and the
 * render fails, is `failed` or is still running after `staleAfterMs`, the kept copy is the answer
 * and the render, if still running, refreshes (or forgets) it later.
 */
export async function renderOrStale<T extends Sized>(
  pages: StalePages<T>,
  key: string | null,
  render: () => Promise<T>,
  verdict: (page: T) => Verdict,
  staleAfterMs = STALE_AFTER_MS,
): Promise<Outcome<T>> {
  if (key === null) return { page: await render(), stale: false };
  const fresh = pages.shared(key, render).then((page) => {
    const worth = verdict(page);
    if (worth === 'keep') pages.set(key, page);
    else if (worth === 'final') pages.delete(key);
    return page;
  });
  const kept = pages.get(key);
  if (!kept) return { page: await fresh, stale: false };
  fresh.catch(() => {}); // a late failure is the next request's business
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), staleAfterMs)));
  const first = await Promise.race([fresh, late]).catch(() => null);
  clearTimeout(timer);
  return first && verdict(first) !== 'failed' ? { page: first, stale: false } : { page: kept, stale: true };
}
