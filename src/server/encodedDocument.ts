import type { IncomingMessage } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * A kept page's document compressed once per render instead of once per request: with the page
 * cache, compressing the same 40 KB of HTML for every reader was most of a kept page's cost. The
 * bytes are what compression() would have sent (its brotli quality 4, gzip's default level).
 */
export interface EncodedDocument {
  br: Buffer;
  gzip: Buffer;
}

export function encodeDocument(html: string): EncodedDocument {
  return {
    br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }),
    gzip: gzipSync(html),
  };
}

/** How many bytes an encoded document holds, for the page store's memory bound. */
export const encodedBytes = (encoded: EncodedDocument) => encoded.br.length + encoded.gzip.length;

/**
 * The encoding compression() would choose for this request (the highest q among br and gzip, br on a
 * tie, `*` standing for either), or null when the reader accepts neither (the middleware then
 * decides, as for any other response).
 */
export function acceptedEncoding(req: IncomingMessage): keyof EncodedDocument | null {
  const header = req.headers['accept-encoding'];
  if (!header) return null;
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const weight = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = weight ? Number(weight.slice(2)) : 1;
    if (name) q.set(name, Number.isFinite(value) ? value : 0);
  }
  const of = (name: string) => q.get(name) ?? q.get('*') ?? 0;
  const [br, gzip] = [of('br'), of('gzip')];
  if (br <= 0 && gzip <= 0) return null;
  return br >= gzip ? 'br' : 'gzip';
}
