// Measuring for bench:scale: sequential requests (p50/p95) and a bounded load of concurrent clients.

/** One request's outcome: status 0 is a network failure or a time-out (`error` says which). */
export interface Sample {
  ms: number;
  status: number;
  stale: boolean;
  bytes: number;
  error?: string;
}

/** The value below which `p` (0–1) of the sorted values fall (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
}

/** One GET, its body read whole, given up after `timeoutMs`. */
export async function timedGet(url: string, headers: Record<string, string>, timeoutMs: number): Promise<Sample> {
  const started = performance.now();
  try {
    const res = await fetch(url, { headers, signal: AbortSignal.timeout(timeoutMs), redirect: 'manual' });
    const body = await res.arrayBuffer();
    return {
      ms: performance.now() - started,
      status: res.status,
      stale: res.headers.get('x-page-cache') === 'stale',
      bytes: body.byteLength,
    };
  } catch (e) {
    const err = e as Error;
    const error = err.name === 'TimeoutError' ? `no answer within ${timeoutMs / 1000} s` : err.message;
    return { ms: performance.now() - started, status: 0, stale: false, bytes: 0, error };
  }
}

export interface Series {
  samples: Sample[];
  p50: number;
  p95: number;
  /** Requests that did not answer 2xx (or 3xx when `okStatus` allows). */
  errors: number;
  stale: number;
  firstError?: string;
}

/**
 * `runs` requests one after the other (after one unmeasured warm-up), stopping early once
 * `budgetMs` is spent so that a page taking its time-out every time does not hold the bench.
 */
export async function sequential(
  url: string,
  opts: { runs: number; timeoutMs: number; budgetMs: number; headers?: Record<string, string> },
): Promise<Series> {
  const headers = opts.headers ?? {};
  const warm = await timedGet(url, headers, opts.timeoutMs);
  const samples: Sample[] = [];
  const started = Date.now();
  // A warm-up that timed out already cost the budget's worth: one measured try is enough then.
  const runs = warm.status === 0 ? 1 : opts.runs;
  while (samples.length < runs && (samples.length === 0 || Date.now() - started < opts.budgetMs))
    samples.push(await timedGet(url, headers, opts.timeoutMs));
  return summarise(samples);
}

export function summarise(samples: Sample[]): Series {
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  const failed = samples.filter((s) => s.status < 200 || s.status >= 400);
  return {
    samples,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    errors: failed.length,
    stale: samples.filter((s) => s.stale).length,
    firstError: failed[0] ? (failed[0].error ?? `HTTP ${failed[0].status}`) : undefined,
  };
}

export interface Throughput {
  perSecond: number;
  ok: number;
  errors: number;
  stale: number;
  p50: number;
  seconds: number;
}

/**
 * `clients` loops sending GETs for `seconds` (each asks `nextUrl()` for its next address), on
 * keep-alive connections as a load balancer's would be. Requests still running at the end are
 * waited for (bounded by their time-out) and count in the time taken.
 */
export async function load(nextUrl: () => string, opts: { clients: number; seconds: number; timeoutMs: number }): Promise<Throughput> {
  const started = performance.now();
  const deadline = started + opts.seconds * 1000;
  const samples: Sample[] = [];
  await Promise.all(
    Array.from({ length: opts.clients }, async () => {
      while (performance.now() < deadline) samples.push(await timedGet(nextUrl(), {}, opts.timeoutMs));
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const s = summarise(samples);
  const ok = samples.length - s.errors;
  return { perSecond: ok / seconds, ok, errors: s.errors, stale: s.stale, p50: s.p50, seconds };
}
