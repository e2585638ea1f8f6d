import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { withClaims, type Claims } from '../db.ts';
import { sendJson } from '../http.ts';
import { callerClaims, SERVICE_CLAIMS } from './caller.ts';
import { ERRORS } from './errors.ts';
import { bucketConfig, findObject, type ObjectRow, type Services } from './queries.ts';
import { verifySignedUrl } from './sign.ts';

export type Access = 'public' | 'authenticated' | 'signed';

/**
 * The row of an object the caller may read. Public reads go through only for a bucket marked
 * public, signed reads only with a valid token for that very object (then, as in storage-api,
 * object policies do not apply: the signer's access was checked when signing). Every other read
 * is a SELECT under the caller's role, so RLS decides and a hidden object is "not found".
 */
async function readableObject(
  svc: Services,
  req: IncomingMessage,
  url: URL,
  access: Access,
  bucketId: string,
  name: string,
): Promise<ObjectRow> {
  let claims: Claims;
  if (access === 'public') {
    const bucket = await bucketConfig(svc.pool, bucketId);
    if (!bucket.public) throw ERRORS.noSuchBucket();
    claims = SERVICE_CLAIMS;
  } else if (access === 'signed') {
    await verifySignedUrl(url, bucketId, name);
    claims = SERVICE_CLAIMS;
  } else {
    claims = await callerClaims(req);
  }
  const row = await withClaims(svc.pool, claims, (c) => findObject(c, bucketId, name));
  if (!row) throw ERRORS.noSuchKey();
  return row;
}

/** storage-api's Content-Disposition: `?download` alone names no file, `?download=x.png` names it. */
function contentDisposition(url: URL): string | null {
  const wanted = url.searchParams.get('download');
  if (wanted === null) return null;
  if (wanted === '') return 'attachment;';
  const encoded = encodeURIComponent(wanted);
  return `attachment; filename=${encoded}; filename*=UTF-8''${encoded};`;
}

/**
 * storage-api never serves a stored object as HTML: a type holding `text/html` goes out as
 * `text/plain`. It looks for the lower-case string only, yet types are stored as declared and a
 * browser reads `Text/HTML` as HTML too: here any case is caught.
 */
const servedType = (mime: string) => (/text\/html/i.test(mime) ? 'text/plain' : mime);

/** GET and HEAD of an object's bytes, with the type and cache policy stored at upload. */
export async function handleDownload(
  svc: Services,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  access: Access,
  bucketId: string,
  name: string,
): Promise<void> {
  const row = await readableObject(svc, req, url, access, bucketId, name);
  const stat = await svc.files.stat(bucketId, name);
  if (!stat) throw ERRORS.noSuchKey();
  const meta = row.metadata ?? {};
  const etag = typeof meta.eTag === 'string' ? meta.eTag : `"${row.version ?? row.id}"`;
  const headers: Record<string, string | number> = {
    'content-type': servedType(typeof meta.mimetype === 'string' ? meta.mimetype : 'application/octet-stream'),
    'cache-control': typeof meta.cacheControl === 'string' ? meta.cacheControl : 'no-cache',
    'content-length': stat.size,
    etag,
    'last-modified': new Date(typeof meta.lastModified === 'string' ? meta.lastModified : row.updated_at).toUTCString(),
    // Stored types are the uploader's word: never let a browser second-guess them into HTML.
    'x-content-type-options': 'nosniff',
  };
  const disposition = contentDisposition(url);
  if (disposition) headers['content-disposition'] = disposition;

  if (req.headers['if-none-match'] === etag) {
    delete headers['content-length'];
    res.writeHead(304, headers);
    res.end();
    return;
  }
  res.writeHead(200, headers);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  try {
    await pipeline(svc.files.open(bucketId, name), res);
  } catch (err) {
    // A reader closing the tab mid-download is not a server error.
    if ((err as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') throw err;
  }
}

/** GET `/object/info/{bucket}/{name}`: storage-api's fields, which storage-js `info()` camel-cases. */
export async function handleInfo(
  svc: Services,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  access: Access,
  bucketId: string,
  name: string,
) {
  const row = await readableObject(svc, req, url, access, bucketId, name);
  const meta = row.metadata ?? {};
  sendJson(res, 200, {
    id: row.id,
    name: row.name,
    version: row.version,
    bucket_id: row.bucket_id,
    size: meta.size ?? null,
    content_type: meta.mimetype ?? null,
    cache_control: meta.cacheControl ?? null,
    etag: meta.eTag ?? null,
    metadata: row.user_metadata,
    last_modified: row.updated_at,
    created_at: row.created_at,
  });
}
