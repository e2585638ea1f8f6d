import type pg from 'pg';
import { withClaims } from '../db.ts';
import { SERVICE_CLAIMS } from './caller.ts';
import { ERRORS } from './errors.ts';
import type { FileStore } from './files.ts';

/** What every storage route works with. */
export interface Services {
  /** As supabase_storage_admin, which only ever acts through `withClaims` as an API role. */
  pool: pg.Pool;
  files: FileStore;
}

export interface BucketConfig {
  id: string;
  public: boolean;
  fileSizeLimit: number | null;
  allowedMimeTypes: string[] | null;
}

export interface ObjectRow {
  id: string;
  bucket_id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  version: string | null;
  created_at: Date;
  updated_at: Date;
  last_accessed_at: Date;
  metadata: Record<string, unknown> | null;
  user_metadata: Record<string, unknown> | null;
}

export const OBJECT_COLUMNS =
  'id, bucket_id, name, owner, owner_id, version, created_at, updated_at, last_accessed_at, metadata, user_metadata';

/** A bucket's settings, read like storage-api does: regardless of the caller's bucket policies. */
export async function bucketConfig(pool: pg.Pool, id: string): Promise<BucketConfig> {
  const { rows } = await withClaims(pool, SERVICE_CLAIMS, (c) =>
    c.query('select id, public, file_size_limit, allowed_mime_types from storage.buckets where id = $1', [id]),
  );
  const row = rows[0];
  if (!row) throw ERRORS.noSuchBucket();
  return {
    id: row.id,
    public: row.public === true,
    fileSizeLimit: row.file_size_limit === null ? null : Number(row.file_size_limit),
    allowedMimeTypes: row.allowed_mime_types,
  };
}

export async function findObject(client: pg.PoolClient, bucket: string, name: string): Promise<ObjectRow | null> {
  const { rows } = await client.query<ObjectRow>(`select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`, [
    bucket,
    name,
  ]);
  return rows[0] ?? null;
}

export interface ObjectWrite {
  bucket: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  metadata: Record<string, unknown>;
  userMetadata: Record<string, unknown> | null;
  version: string;
  /** Replace an existing object (x-upsert, PUT) instead of failing on it. */
  upsert: boolean;
}

/**
 * Inserts (or upserts) the object row under the caller's role: the insert policy, and for an
 * upsert the update policy, decide. A conflict without upsert is the unique violation → 409.
 */
export async function writeObject(client: pg.PoolClient, w: ObjectWrite): Promise<{ id: string }> {
  const conflict = w.upsert
    ? `on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id,
         metadata = excluded.metadata, user_metadata = excluded.user_metadata, version = excluded.version,
         updated_at = now(), last_accessed_at = now()`
    : '';
  const { rows } = await client.query<{ id: string }>(
    `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version)
     values ($1, $2, $3, $4, $5, $6, $7) ${conflict} returning id`,
    [w.bucket, w.name, w.owner, w.owner_id, w.metadata, w.userMetadata, w.version],
  );
  return rows[0]!;
}

/** Metadata as storage-api stores it, so SQL and clients that read `metadata->>'size'` work. */
export function objectMetadata(file: { size: number; md5: string; mimetype: string; cacheControl: string }) {
  return {
    eTag: `"${file.md5}"`,
    size: file.size,
    mimetype: file.mimetype,
    cacheControl: file.cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: file.size,
    httpStatusCode: 200,
  };
}
