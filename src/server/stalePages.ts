/**
 * The pages this server rendered last, kept in memory (docs/architecture.md#the-page-cache):
 * - for FRESH_MS a kept page is the answer, without a render: a burst of readers on one article
 *   costs one render;
 * - after that, every request renders afresh (one render at a time per page), and the kept copy
 *   is the answer only when the render fails or is slow (the backend saturated or failing);
 * - a render that failed is the answer for FAILED_MS (no kept copy to fall back on): a failing
 *   backend is asked once per page every few seconds, not once per request.
 * Every copy carries the content version it was rendered under (contentVersion.ts) and is served
 * only while that version is the current, proven one: anything readers could see that changed
 * since, or a database too slow to say, and the copy is never served again.
 */

/** How long a kept page answers without a render (the HTTP cache headers are unchanged). */
export const FRESH_MS = 30_000;
/** A fresh render slower than this is not waited for when a kept copy exists (it still completes). */
export const STALE_AFTER_MS = 500;
/** How old a kept copy may be and still be served (stale-if-error's usual day). */
export const STALE_MAX_MS = 24 * 3600 * 1000;
/** Memory bound: the least recently used pages go first. */
export const STALE_MAX_BYTES = 32 * 1024 * 1024;
/** How long a failed render (or a thrown error) answers for its page before the backend is asked again. */
export const FAILED_MS = 5000;
/** At most this many failures remembered at once (each may hold a failed page). */
export const MAX_FAILURES = 1000;

export interface Sized {
  /** Approximate bytes held (UTF-16 text counts 2 per character). */
  bytes: number;
}

interface Entry<T> {
  value: T;
  storedAt: number;
  /** The content version the value was rendered under. */
  version: string;
  /** What the entry holds: its value and its key (an address can be long, and a 404 keeps it too). */
  bytes: number;
}

interface Failure<T> {
  outcome: { page: T } | { error: unknown };
  until: number;
  version: string;
}

export interface StoreOptions {
  maxBytes?: number;
  maxAgeMs?: number;
  freshMs?: number;
  /** Multiplies freshMs while it says so (« Mode urgence »: emergency.ts); 1 by default. */
  freshFactor?: () => number;
  failedMs?: number;
  now?: () => number;
}

export class StalePages<T extends Sized> {
  private entries = new Map<string, Entry<T>>();
  private failures = new Map<string, Failure<T>>();
  private running = new Map<string, Promise<T>>();
  private bytes = 0;
  private readonly maxBytes: number;
  private readonly maxAgeMs: number;
  private readonly baseFreshMs: number;
  private readonly freshFactor: () => number;
  private readonly failedMs: number;
  private readonly now: () => number;

  constructor({
    maxBytes = STALE_MAX_BYTES,
    maxAgeMs = STALE_MAX_MS,
    freshMs = FRESH_MS,
    freshFactor = () => 1,
    failedMs = FAILED_MS,
    now = Date.now,
  }: StoreOptions = {}) {
    this.maxBytes = maxBytes;
    this.maxAgeMs = maxAgeMs;
    this.baseFreshMs = freshMs;
    this.freshFactor = freshFactor;
    this.failedMs = failedMs;
    this.now = now;
  }

  /** How long a kept copy answers without a render, now (a negative setting: never). */
  get freshMs(): number {
    return this.baseFreshMs < 0 ? this.baseFreshMs : Math.min(this.baseFreshMs * this.freshFactor(), this.maxAgeMs);
  }

  get size(): number {
    return this.entries.size;
  }

  get heldBytes(): number {
    return this.bytes;
  }

  /**
   * The kept copy, if young enough and rendered under `version` (the current, proven one; null
   * when none is: then nothing kept may go out). Reading it makes it the most recently used.
   */
  get(key: string, version: string | null, maxAgeMs = this.maxAgeMs): T | undefined {
    const entry = this.entries.get(key);
    if (!entry || version === null) return undefined;
    if (entry.version !== version || this.now() - entry.storedAt > this.maxAgeMs) {
      this.drop(key);
      return undefined;
    }
    if (this.now() - entry.storedAt > maxAgeMs) return undefined;
    this.drop(key);
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    return entry.value;
  }

  /** The kept copy while it still answers without a render (FRESH_MS). */
  fresh(key: string, version: string | null): T | undefined {
    return this.get(key, version, this.freshMs);
  }

  set(key: string, value: T, version: string): void {
    this.drop(key);
    this.failures.delete(key);
    // The key counts too (2 bytes a character): an unknown address's 404 is small, its address need not be.
    const bytes = value.bytes + 2 * key.length;
    if (bytes > this.maxBytes) return;
    this.entries.set(key, { value, storedAt: this.now(), version, bytes });
    this.bytes += bytes;
    for (const oldest of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(oldest);
    }
  }

  /** Forgets the kept copy (the page is gone or has moved: its last render must not come back). */
  delete(key: string): void {
    this.drop(key);
    this.failures.delete(key);
  }

  /** Forgets everything (the content version moved: any page may show what changed). */
  clear(): void {
    this.entries.clear();
    this.failures.clear();
    this.bytes = 0;
  }

  /**
   * Remembers a failed render for FAILED_MS. Bounded like the pages: expired failures go first,
   * then the oldest, so a flood of new failing addresses cannot grow the map without end.
   */
  fail(key: string, outcome: Failure<T>['outcome'], version: string): void {
    this.failures.delete(key);
    if (this.failures.size >= MAX_FAILURES) {
      const now = this.now();
      for (const [k, f] of this.failures) if (f.until < now) this.failures.delete(k);
      for (const oldest of this.failures.keys()) {
        if (this.failures.size < MAX_FAILURES) break;
        this.failures.delete(oldest);
      }
    }
    this.failures.set(key, { outcome, until: this.now() + this.failedMs, version });
  }

  /** The failure remembered for the page, while it is recent and of the current version. */
  failure(key: string, version: string | null): Failure<T>['outcome'] | undefined {
    const failure = this.failures.get(key);
    if (!failure) return undefined;
    if (failure.version !== version || this.now() > failure.until) {
      this.failures.delete(key);
      return undefined;
    }
    return failure.outcome;
  }

  /** Whether a render of the page is under way (a request for it joins that render). */
  isRunning(key: string): boolean {
    return this.running.has(key);
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
    this.bytes -= entry.bytes;
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

/** The key of a render under one content version: a request made after a change never joins a render begun before it. */
export const renderKey = (key: string, version: string | null) => `${version ?? '?'} ${key}`;

/**
 * Serves a page from the store (`pages`), rendering it only when needed: the kept copy while
 * fresh; else a fresh render (one at a time per key and version; a null key is a page not worth
 * keeping: rendered, never kept), which does with the store what its `verdict` says. When a kept
 * copy of the current version (`currentVersion`, null when unproven) exists and the render fails, is `failed` or is still running after
 * `staleAfterMs`, the kept copy is the answer and the render, if still running, refreshes (or
 * forgets) it later. A failure with no kept copy is the answer for the next FAILED_MS.
 */
export async function renderOrStale<T extends Sized>(
  pages: StalePages<T>,
  key: string | null,
  render: () => Promise<T>,
  verdict: (page: T) => Verdict,
  { currentVersion, staleAfterMs = STALE_AFTER_MS }: { currentVersion: () => string | null; staleAfterMs?: number },
): Promise<Outcome<T>> {
  if (key === null) return { page: await render(), stale: false };
  const version = currentVersion();
  const hit = pages.fresh(key, version);
  if (hit) return { page: hit, stale: false };
  const failure = pages.failure(key, version);
  if (failure) {
    if ('error' in failure) throw failure.error;
    return { page: failure.page, stale: false };
  }
  const fresh = pages.shared(renderKey(key, version), render).then(
    (page) => {
      const worth = verdict(page);
      if (worth === 'keep' && version !== null) pages.set(key, page, version);
      else if (worth === 'final') pages.delete(key);
      else if (worth === 'failed' && version !== null && !pages.get(key, version)) pages.fail(key, { page }, version);
      return page;
    },
    (error: unknown) => {
      if (version !== null && !pages.get(key, version)) pages.fail(key, { error }, version);
      throw error;
    },
  );
  const kept = pages.get(key, version);
  if (!kept) return { page: await fresh, stale: false };
  fresh.catch(() => {}); // a late failure is the next request's business
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), staleAfterMs)));
  const first = await Promise.race([fresh, late]).catch(() => null);
  clearTimeout(timer);
  if (first && verdict(first) !== 'failed') return { page: first, stale: false };
  // The render took long: the version may have moved meanwhile, or no longer be proven.
  return pages.get(key, currentVersion()) === kept ? { page: kept, stale: true } : { page: first ?? (await fresh), stale: false };
}
