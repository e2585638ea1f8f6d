/**
 * What a CDN purge adapter is given and how it fails (docs/deployment.md#purges). Keys are those the
 * server's answers carry in Surrogate-Key / Cache-Tag (`article-<id>`, `front`, `all` …); slugs are
 * the articles' and categories' slugs the database recorded with them (purges by address).
 */
export interface PurgeBatch {
  keys: string[];
  slugs: Record<string, string[]>;
}

export interface PurgeAdapter {
  /** For the logs: « Cloudflare (tags) », « Fastly », « HTTP BAN http://127.0.0.1:6081 ». */
  name: string;
  /** Purges every key of the batch, or throws a PurgeError (the queue tries again later). */
  purge(batch: PurgeBatch): Promise<void>;
}

/** A purge the CDN refused or did not answer; retryAfterMs when it said when to come back (429 Retry-After). */
export class PurgeError extends Error {
  constructor(
    message: string,
    readonly retryAfterMs = 0,
  ) {
    super(message);
    this.name = 'PurgeError';
  }
}

/** How long a CDN call may take before it counts as failed. */
export const PURGE_TIMEOUT_MS = 10_000;

/** `items` in slices of at most `size`. */
export function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** A Retry-After header (seconds, or an HTTP date) in milliseconds; 0 when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number {
  if (!header) return 0;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? 0 : Math.max(0, at - now);
}

/** A fetch to a CDN's API: a network failure or timeout becomes a PurgeError. */
export async function cdnFetch(what: string, url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(PURGE_TIMEOUT_MS) });
  } catch (error) {
    throw new PurgeError(`${what}: ${url} unreachable (${(error as Error).message})`);
  }
}

/** A non-2xx answer as a PurgeError, with its body's start and Retry-After. */
export async function refusal(what: string, res: Response): Promise<PurgeError> {
  const body = (await res.text().catch(() => '')).slice(0, 300);
  return new PurgeError(`${what}: HTTP ${res.status}${body ? ` ${body}` : ''}`, retryAfterMs(res.headers.get('retry-after')));
}
