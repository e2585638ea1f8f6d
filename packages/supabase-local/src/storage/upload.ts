import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { withClaims } from '../db.ts';
import { sendJson } from '../http.ts';
import { callerClaims, dryRun, ownerOf } from './caller.ts';
import { receiveUpload } from './incoming.ts';
import { assertMimeAllowed } from './mime.ts';
import { bucketConfig, objectMetadata, writeObject, type BucketConfig, type Services } from './queries.ts';

/** storage-api's default upload limit (hosted free plan: 50 MB); a bucket may only lower it. */
export const GLOBAL_FILE_SIZE_LIMIT = 50 * 1024 * 1024;

// The dashboard's marker for an empty folder: always 0 bytes, exempt from type rules.
const isFolderPlaceholder = (name: string) => name.endsWith('.emptyFolderPlaceholder');

export function sizeLimit(bucket: BucketConfig, name: string): number {
  if (isFolderPlaceholder(name)) return 0;
  return Math.min(GLOBAL_FILE_SIZE_LIMIT, bucket.fileSizeLimit ?? Infinity);
}

/**
 * POST (create; `x-upsert: true` to replace) and PUT (replace) `/object/{bucket}/{name}`, in
 * storage-api's order: the declared type is checked against the bucket (never the bytes), then
 * a raw body's declared size, then RLS is asked with the type and size the upload claims (so a
 * policy may read `metadata->>'mimetype'`), all before a byte is stored. The body goes to a temp
 * file; only then are the row written (under the caller's role again) and the file renamed into
 * place, inside one transaction, so the row and the bytes appear together or not at all.
 */
export async function handleUpload(
  svc: Services,
  req: IncomingMessage,
  res: ServerResponse,
  bucketId: string,
  name: string,
): Promise<void> {
  const claims = await callerClaims(req);
  const upsert = req.method === 'PUT' || /^true$/i.test(String(req.headers['x-upsert'] ?? ''));
  const bucket = await bucketConfig(svc.pool, bucketId);
  const base = { bucket: bucket.id, name, ...ownerOf(claims), upsert };
  const declared = Number(req.headers['content-length']);
  const contentLength = Number.isFinite(declared) && declared >= 0 ? declared : undefined;

  const exempt = isFolderPlaceholder(name);
  const file = await receiveUpload(req, svc.files, {
    limit: sizeLimit(bucket, name),
    checkMime: (mime) => (exempt ? undefined : assertMimeAllowed(mime, bucket.allowedMimeTypes)),
    authorize: ({ mimetype, userMetadata }) =>
      dryRun(svc.pool, claims, (c) =>
        writeObject(c, { ...base, metadata: { mimetype, contentLength }, userMetadata, version: randomUUID() }),
      ),
  });
  try {
    const row = await withClaims(svc.pool, claims, async (c) => {
      const written = await writeObject(c, {
        ...base,
        metadata: objectMetadata(file),
        userMetadata: file.userMetadata,
        version: randomUUID(),
      });
      await svc.files.publish(file.tmp, bucket.id, name);
      return written;
    });
    sendJson(res, 200, { Id: row.id, Key: `${bucket.id}/${name}` });
  } finally {
    await svc.files.discard(file.tmp);
  }
}
