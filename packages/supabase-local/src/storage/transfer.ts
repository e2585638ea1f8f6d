import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type pg from 'pg';
import { withClaims } from '../db.ts';
import { readJson, sendJson } from '../http.ts';
import { callerClaims, ownerOf } from './caller.ts';
import { ERRORS } from './errors.ts';
import { mustBeValidBucketName, mustBeValidKey } from './keys.ts';
import { findObject, writeObject, type ObjectRow, type Services } from './queries.ts';

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

async function readSource(c: pg.PoolClient, t: Transfer): Promise<ObjectRow> {
  const src = await findObject(c, t.bucket, t.source);
  if (!src) throw ERRORS.noSuchKey();
  return src;
}

/**
 * POST `/object/move`: an UPDATE of the row under the caller's role, so the select and update
 * policies decide (Supabase documents move as needing both); the file follows before commit.
 * Into another bucket, as storage-api, neither that bucket's types nor its size limit are checked.
 */
export async function handleMove(svc: Services, req: IncomingMessage, res: ServerResponse) {
  const claims = await callerClaims(req);
  const t = await readTransfer(req);
  if (t.bucket !== t.destBucket || t.source !== t.dest) {
    await withClaims(svc.pool, claims, async (c) => {
      await readSource(c, t);
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
 * Like a move, a copy into another bucket is held to none of that bucket's rules, as storage-api.
 */
export async function handleCopy(svc: Services, req: IncomingMessage, res: ServerResponse) {
  const claims = await callerClaims(req);
  const t = await readTransfer(req);
  const upsert = /^true$/i.test(String(req.headers['x-upsert'] ?? ''));
  if (t.bucket === t.destBucket && t.source === t.dest) {
    sendJson(res, 200, { Key: `${t.destBucket}/${t.dest}` });
    return;
  }
  const row = await withClaims(svc.pool, claims, async (c) => {
    const src = await readSource(c, t);
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
