import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { EMBED_FRAME_ORIGINS } from '@/lib/embedFrames';
import { SAVED_PAGE_CACHE } from '@/offline/cachePolicy';

/** A fresh nonce per response, for the inline scripts Vite's dev server writes into pages. */
export const newNonce = () => randomBytes(16).toString('base64');

/**
 * The Content-Security-Policy of every response. Scripts: the site's own files only. Production
 * pages have no inline script (their JSON blocks are data, never run), so none is allowed; in
 * development Vite's inline preamble runs with the response's nonce. (A nonce in production would
 * be copied to every visitor by the caches that keep pages for a minute.) Styles allow inline:
 * React style props, MUI/emotion (back office) and swiper set styles at run time. Connections and
 * pictures may go to the Supabase project (REST, auth, storage, realtime websocket); article
 * pictures may come from any https host. Frames: only the players of an article's embeds (YouTube's
 * no-cookie host, X's post page), which load when a reader taps them.
 */
export function contentSecurityPolicy(nonce: string | null, supabaseUrl: string, origin: string): string {
  const api = new URL(supabaseUrl).origin;
  const socket = api.replace(/^http/, 'ws');
  const directives = [
    "default-src 'self'",
    nonce ? `script-src 'self' 'nonce-${nonce}'` : "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: https: ${api}`,
    "font-src 'self' data:",
    `connect-src 'self' ${api} ${socket}`,
    // The back office compresses large pictures in a worker bundled with the site.
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    `frame-src ${EMBED_FRAME_ORIGINS.join(' ')}`,
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ];
  if (origin.startsWith('https:')) directives.push('upgrade-insecure-requests');
  return directives.join('; ');
}

/**
 * Sets the headers every response carries, pages, assets and feeds alike. They are worked out
 * once; only a development nonce changes per response.
 */
export function securityHeaders({ supabaseUrl, origin }: { supabaseUrl: string; origin: string }) {
  const fixed: [string, string][] = [
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=()'],
    ['X-Frame-Options', 'DENY'],
  ];
  // Not includeSubDomains: other hosts of the domain may not all serve https.
  if (origin.startsWith('https:')) fixed.push(['Strict-Transport-Security', 'max-age=31536000']);
  const policy = contentSecurityPolicy(null, supabaseUrl, origin);
  return (res: ServerResponse, nonce: string | null): void => {
    res.setHeader('Content-Security-Policy', nonce ? contentSecurityPolicy(nonce, supabaseUrl, origin) : policy);
    for (const [name, value] of fixed) res.setHeader(name, value);
  };
}

/** Cache lifetimes: fingerprinted files forever; pages and feeds briefly, refreshed in the background. */
export const CACHE = {
  immutable: 'public, max-age=31536000, immutable',
  staticFile: 'public, max-age=3600',
  page: 'public, max-age=60, stale-while-revalidate=600',
  /**
   * A data-saver page: kept by the reader's browser only. Some CDNs ignore `Vary: Cookie`, and
   * must never hand it to a reader in normal mode (nor, by the same mistake, the reverse).
   */
  savedPage: SAVED_PAGE_CACHE,
  feed: 'public, max-age=300, stale-while-revalidate=3600',
  missing: 'public, max-age=60',
  /**
   * An article's old address (301). Kept a minute, never served stale: an article renamed X to Y
   * then back to X would otherwise have browsers and CDNs holding X -> Y while Y -> X is fresh, a
   * redirect loop for as long as the old answer may be served (stale-while-revalidate's 10 more
   * minutes). A minute bounds that loop while a flood of clicks on a shared old link still costs
   * the site one answer a minute per cache rather than a database read per click (no-cache's).
   */
  moved: 'public, max-age=60',
  /**
   * Today's edition for reading offline, normal mode: public like a page but not served stale by
   * browsers (an offline reader's list must be the one the front page shows).
   */
  edition: 'public, max-age=60',
  /**
   * A live coverage's delta: kept by the browser a few seconds at most (a reader polls every
   * interval, and must not be handed an answer older than that by its own cache).
   */
  live: 'public, max-age=5',
  /** Asked for again every time (the back office's shell). */
  revalidate: 'no-cache',
  never: 'no-store',
} as const;

/** A name of a browser cache lifetime above. */
export type CacheName = keyof typeof CACHE;

/** How long the edge keeps a delta answer: the coverage's default polling interval (live_coverages.poll_seconds). */
export const LIVE_EDGE_SECONDS = 30;

/**
 * What a shared cache (Varnish, Fastly: Surrogate-Control; Cloudflare: CDN-Cache-Control) keeps:
 * hours, since every change purges the keys it touched (docs/architecture.md#edge-cache). A kept
 * 404 of an unknown address only minutes: nothing names it when the address comes to exist. A
 * live delta one interval.
 */
export const EDGE = {
  hours: 'max-age=86400, stale-while-revalidate=30, stale-if-error=86400',
  missing: 'max-age=300',
  /**
   * A live coverage's delta: one polling interval (LIVE_EDGE_SECONDS, the default 30 s), purged
   * with its article before that, and never served past it: no grace while the answer is fetched
   * again (stale-while-revalidate=0) nor while the origin is down (stale-if-error=0, which the VCL
   * reads as the object's grace; without it Varnish grants 30 s), so a reader is never handed an
   * answer older than one interval and then polls on it.
   */
  live: `max-age=${LIVE_EDGE_SECONDS}, stale-while-revalidate=0, stale-if-error=0`,
} as const;
export type EdgePolicy = keyof typeof EDGE;

/**
 * Sets the edge's lifetime and the answer's purge keys (`all` always). Only on answers any visitor
 * may be given (Cache-Control public): a private, personal or failed answer carries no key and no
 * shared lifetime, whatever its caller asks.
 */
export function tagForEdge(res: ServerResponse, policy: EdgePolicy, keys: readonly string[]): void {
  const cache = res.getHeader('Cache-Control');
  if (typeof cache !== 'string' || !cache.startsWith('public')) return;
  const all = [...new Set(['all', ...keys])];
  res.setHeader('Surrogate-Control', EDGE[policy]);
  res.setHeader('CDN-Cache-Control', EDGE[policy]);
  res.setHeader('Surrogate-Key', all.join(' '));
  res.setHeader('Cache-Tag', all.join(','));
}
