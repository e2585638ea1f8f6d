import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type pg from 'pg';
import { withClaims } from '../db.ts';
import { readJson, sendJson } from '../http.ts';
import { callerClaims, ownerOf } from './caller.ts';
import { ERRORS } from './errors.ts';
import { mustBeValidBucketName, mustBeValidKey } from './keys.ts';
import { assertContentMatches, assertMimeAllowed } from './mime.ts';
import { bucketConfig, findObject, writeObject, type BucketConfig, type ObjectRow, type Services } from './queries.ts';
import { sizeLimit } from './upload.ts';

interface Transfer {
  bucket: string;
  source: string;
  destBucket: string;
  dest: string;
}

async function readTransfer(req: IncomingMessage): Promise<Transfer> {
  const body = await readJson<Record<string, unknown>>(req);
  const bucket = mustBeValidBucketName(body.bucketId);
  return {
    bucket,
    source: mustBeValidKey(body.sourceKey),
    destBucket: body.destinationBucket ? mustBeValidBucketName(body.destinationBucket) : bucket,
    dest: mustBeValidKey(body.destinationKey),
  };
}

/** Into another bucket, an object must meet that bucket's size and type rules like an upload. */
async function assertFits(svc: Services, target: BucketConfig, src: ObjectRow, dest: string): Promise<void> {
  const meta = src.metadata ?? {};
  if (Number(meta.size ?? 0) > sizeLimit(target, dest)) throw ERRORS.tooLarge();
  const mime = typeof meta.mimetype === 'string' ? meta.mimetype : 'application/octet-stream';
  assertMimeAllowed(mime, target.allowedMimeTypes);
  await assertContentMatches(svc.files.pathOf(src.bucket_id, src.name), mime, target.allowedMimeTypes);
}

async function readSource(c: pg.PoolClient, t: Transfer): Promise<ObjectRow> {
  const src = await findObject(c, t.bucket, t.source);
  if (!src) throw ERRORS.noSuchKey();
  return src;
}

/**
 * POST `/object/move`: an UPDATE of the row under the caller's role, so the select and update
 * policies decide (Supabase documents move as needing both); the file follows before commit.
 */
export async function handleMove(svc: Services, req: IncomingMessage, res: ServerResponse) {
  const claims = await callerClaims(req);
  const t = await readTransfer(req);
  if (t.bucket !== t.destBucket || t.source !== t.dest) {
    const target = t.destBucket !== t.bucket ? await bucketConfig(svc.pool, t.destBucket) : null;
    await withClaims(svc.pool, claims, async (c) => {
      const src = await readSource(c, t);
      if (target) await assertFits(svc, target, src, t.dest);
      const { rowCount } = await c.query(
        `update storage.objects set bucket_id = $3, name = $4, updated_at = now(), last_accessed_at = now()
         where bucket_id = $1 and name = $2`,
        [t.bucket, t.source, t.destBucket, t.dest],
      );
      if (!rowCount) throw ERRORS.noSuchKey();
      await svc.files.move(t.bucket, t.source, t.destBucket, t.dest);
    });
  }
  sendJson(res, 200, { message: 'Successfully moved' });
}

/**
 * POST `/object/copy`: a SELECT of the source and an INSERT of the copy, both under the caller's
 * role (select + insert policies, as Supabase documents copy). The copy belongs to the caller.
 */
export async function handleCopy(svc: Services, req: IncomingMessage, res: ServerResponse) {
  const claims = await callerClaims(req);
  const t = await readTransfer(req);
  const upsert = /^true$/i.test(String(req.headers['x-upsert'] ?? ''));
  if (t.bucket === t.destBucket && t.source === t.dest) {
    sendJson(res, 200, { Key: `${t.destBucket}/${t.dest}` });
    return;
  }
  const target = t.destBucket !== t.bucket ? await bucketConfig(svc.pool, t.destBucket) : null;
  const row = await withClaims(svc.pool, claims, async (c) => {
    const src = await readSource(c, t);
    if (target) await assertFits(svc, target, src, t.dest);
    const tmp = await svc.files.copyToTemp(t.bucket, t.source);
    try {
      const written = await writeObject(c, {
        bucket: t.destBucket,
        name: t.dest,
        ...ownerOf(claims),
        metadata: { ...(src.metadata ?? {}), lastModified: new Date().toISOString() },
        userMetadata: src.user_metadata,
        version: randomUUID(),
        upsert,
      });
      await svc.files.publish(tmp, t.destBucket, t.dest);
      return written;
    } finally {
      await svc.files.discard(tmp);
    }
  });
  sendJson(res, 200, { Id: row.id, Key: `${t.destBucket}/${t.dest}` });
}
