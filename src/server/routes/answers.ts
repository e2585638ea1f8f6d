import type { ServerResponse } from 'node:http';
import { CACHE, tagForEdge, type EdgePolicy } from '../headers';
import type { Refusal } from '../renderLimit';
import { KEY } from './keys';

/** What a shared cache may keep of an answer: its lifetime there and its purge keys (headers.ts tagForEdge). */
export interface EdgeTags {
  policy: EdgePolicy;
  keys: readonly string[];
}

/** Sends an answer; with `edge`, tagged for shared caches when its Cache-Control is public. */
export function send(res: ServerResponse, status: number, type: string, cache: string, body: string | Buffer, edge?: EdgeTags): void {
  res.statusCode = status;
  res.setHeader('Content-Type', type);
  res.setHeader('Cache-Control', cache);
  if (edge) tagForEdge(res, edge.policy, edge.keys);
  res.end(body);
}

/** A permanent move to `location`. */
export function moved(res: ServerResponse, location: string, cache: string, edge?: EdgeTags): void {
  res.setHeader('Location', location);
  send(res, 301, 'text/plain; charset=utf-8', cache, '', edge);
}

/** A generated file as kept (or none: a 404) and whether it is an old copy. */
export interface FileAnswer {
  body: string | null;
  stale: boolean;
  keys: readonly string[];
}

/**
 * A generated file's answer: none is a kept 404; an old copy served while the backend struggles is
 * kept by no cache.
 */
export function sendFile(res: ServerResponse, type: string, cache: string, policy: EdgePolicy, { body, stale, keys }: FileAnswer): void {
  if (body === null)
    return send(res, 404, 'text/plain; charset=utf-8', CACHE.missing, 'Flux introuvable\n', { policy: 'missing', keys: [KEY.missing] });
  if (stale) res.setHeader('X-Page-Cache', 'stale');
  send(res, 200, type, stale ? CACHE.never : cache, body, stale ? undefined : { policy, keys });
}

/** A file that could not be built (the backend failing): tried again in a few seconds, not on every request. */
export function unavailable(res: ServerResponse, error: unknown, what: string): void {
  console.error(`${what} : construction impossible`, error);
  res.setHeader('Retry-After', '30');
  send(res, 503, 'text/plain; charset=utf-8', CACHE.never, 'Momentanément indisponible. Réessayez dans un instant.\n');
}

/** A flood's answer, at once and cheaply: for a page its shell (the browser renders the page itself, if a reader's). */
export function refuse(res: ServerResponse, why: Refusal, type: string, body: string): void {
  res.setHeader('Retry-After', why === 'client' ? '5' : '10');
  send(res, why === 'client' ? 429 : 503, type, CACHE.never, body);
}
