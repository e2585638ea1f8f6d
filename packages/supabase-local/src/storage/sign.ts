import type { IncomingMessage, ServerResponse } from 'node:http';
import { withClaims } from '../db.ts';
import { readJson, sendJson } from '../http.ts';
import { InvalidTokenError, signToken, verifySignature } from '../jwt.ts';
import { callerClaims } from './caller.ts';
import { ERRORS, StorageApiError } from './errors.ts';
import { findObject, type Services } from './queries.ts';

function expiresIn(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 1)
    throw ERRORS.invalidRequest('expiresIn must be a positive number of seconds');
  return Math.floor(value);
}

// A signed-URL token holds only `url` and `exp`: without a `role` it is useless as an API token,
// and an API token (no `url`) is useless as a signed URL.
async function signedPath(url: string, seconds: number): Promise<string> {
  const token = await signToken({ url }, Math.floor(Date.now() / 1000) + seconds);
  return `/object/sign/${url}?token=${token}`;
}

/** POST `/object/sign/{bucket}/{name}` `{expiresIn}`: only for an object the caller can SELECT. */
export async function handleSignOne(svc: Services, req: IncomingMessage, res: ServerResponse, bucketId: string, name: string) {
  const claims = await callerClaims(req);
  const seconds = expiresIn((await readJson<{ expiresIn?: unknown }>(req)).expiresIn);
  const row = await withClaims(svc.pool, claims, (c) => findObject(c, bucketId, name));
  if (!row) throw ERRORS.noSuchKey();
  sendJson(res, 200, { signedURL: await signedPath(`${bucketId}/${name}`, seconds) });
}

/** POST `/object/sign/{bucket}` `{expiresIn, paths}`: one entry per path, as storage-api answers. */
export async function handleSignMany(svc: Services, req: IncomingMessage, res: ServerResponse, bucketId: string) {
  const claims = await callerClaims(req);
  const body = await readJson<{ expiresIn?: unknown; paths?: unknown }>(req);
  const seconds = expiresIn(body.expiresIn);
  const paths = body.paths;
  if (!Array.isArray(paths) || paths.length > 1000 || !paths.every((p) => typeof p === 'string')) {
    throw ERRORS.invalidRequest('paths must be an array of object names');
  }
  const { rows } = await withClaims(svc.pool, claims, (c) =>
    c.query<{ name: string }>('select name from storage.objects where bucket_id = $1 and name = any($2::text[])', [bucketId, paths]),
  );
  const visible = new Set(rows.map((r) => r.name));
  const out = [];
  for (const p of paths as string[]) {
    out.push(
      visible.has(p)
        ? { error: null, path: p, signedURL: await signedPath(`${bucketId}/${p}`, seconds) }
        : { error: 'Either the object does not exist or you do not have access to it', path: p, signedURL: null },
    );
  }
  sendJson(res, 200, out);
}

/** Checks `?token=` of GET `/object/sign/{bucket}/{name}` against the very object requested. */
export async function verifySignedUrl(url: URL, bucketId: string, name: string): Promise<void> {
  const token = url.searchParams.get('token');
  if (!token) throw new StorageApiError(400, 'InvalidSignature', 'InvalidSignature', 'Missing token');
  try {
    const payload = await verifySignature(token);
    if (payload.url !== `${bucketId}/${name}`) throw new Error('url mismatch');
  } catch (err) {
    if (err instanceof InvalidTokenError && err.expired) throw new StorageApiError(400, 'ExpiredToken', 'InvalidJWT', 'jwt expired');
    throw new StorageApiError(400, 'InvalidSignature', 'InvalidSignature', 'Invalid signature');
  }
}
