import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from './http.ts';

/**
 * How deep a REST `select` may nest embedded resources. Hosted PostgREST has no such cap, so this
 * one is set well above any read an app makes (the product nests two levels) and serves what hosted
 * serves: it is a backstop, not the guard. The guard is REST_RESPONSE_LIMIT: PostgREST's
 * `db-max-rows` (1000, hosted's "Max rows") caps each embedded list apart, not their product, and a
 * 150-byte `articles?select=*,categories(*,articles(*,categories(*,articles(*))))` came back as 4 to
 * 14 MB; whatever its depth, such an answer is cut at the size limit.
 */
export const MAX_EMBED_DEPTH = 8;

/**
 * Largest REST response the gateway passes on: 4 MiB, ten times the largest read the product makes
 * (an admin list or a 1000-row page of the subscribers export). Bigger answers are cut, whatever
 * shape of request asked for them.
 */
export const REST_RESPONSE_LIMIT = 4 * 1024 * 1024;

/** PostgREST's error body, so that supabase-js hands it over as `error` like any other. */
function sendPostgrestError(res: ServerResponse, status: number, code: string, message: string, hint: string): void {
  sendJson(res, status, { code, details: null, hint, message });
}

/**
 * The deepest nesting of embedded resources in a `select`: `a,b(c,d(e))` is 2. Empty parentheses
 * (aggregates: `count()`, `amount.sum()`) and quoted names do not count.
 */
export function embeddingDepth(select: string): number {
  let depth = 0;
  let deepest = 0;
  let quoted = false;
  for (let i = 0; i < select.length; i++) {
    const ch = select[i];
    if (quoted) {
      if (ch === '\\') i++;
      else if (ch === '"') quoted = false;
    } else if (ch === '"') quoted = true;
    else if (ch === '(' && select[i + 1] !== ')') deepest = Math.max(deepest, ++depth);
    else if (ch === ')' && select[i - 1] !== '(') depth--;
  }
  return deepest;
}

/** Refuses, with a 400 in PostgREST's shape, a select nested deeper than MAX_EMBED_DEPTH; true when refused. */
export function refuseDeepEmbedding(url: URL, res: ServerResponse): boolean {
  const depth = Math.max(0, ...url.searchParams.getAll('select').map(embeddingDepth));
  if (depth <= MAX_EMBED_DEPTH) return false;
  sendPostgrestError(
    res,
    400,
    '54001',
    `Embedding nested ${depth} levels deep: the API allows ${MAX_EMBED_DEPTH}`,
    'Read the deeper level in a second request (local stack limit, packages/supabase-local/src/responseLimits.ts).',
  );
  return true;
}

/**
 * Passes PostgREST's answer on once it is whole and under REST_RESPONSE_LIMIT, else answers a 400
 * in PostgREST's shape and drops the rest (the client gets no half of a JSON array). Held whole
 * because the status line must wait for the size: at most the limit per request.
 */
export function forwardBounded(up: IncomingMessage, res: ServerResponse, upstream: { destroy(): void }): void {
  const chunks: Buffer[] = [];
  let size = 0;
  up.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > REST_RESPONSE_LIMIT) {
      chunks.length = 0;
      up.removeAllListeners('data').removeAllListeners('end').resume();
      upstream.destroy();
      sendPostgrestError(
        res,
        400,
        '54000',
        `Response larger than ${REST_RESPONSE_LIMIT / 1024 / 1024} MiB`,
        'Ask for fewer rows (limit and offset, or Range) or fewer columns and embedded resources.',
      );
      return;
    }
    chunks.push(chunk);
  });
  up.on('end', () => {
    const headers = { ...up.headers };
    delete headers['transfer-encoding'];
    const body = Buffer.concat(chunks);
    headers['content-length'] = String(body.length);
    res.writeHead(up.statusCode ?? 502, headers);
    res.end(body);
  });
  up.on('error', () => res.destroy());
}
