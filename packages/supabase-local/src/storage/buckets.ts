import type { IncomingMessage, ServerResponse } from 'node:http';
import { withClaims } from '../db.ts';
import { readJson, sendJson } from '../http.ts';
import { callerClaims, ownerOf } from './caller.ts';
import { ERRORS } from './errors.ts';
import { mustBeValidBucketName, parseFileSizeLimit } from './keys.ts';
import { allowedMimeList } from './mime.ts';
import { escapeLike } from './objects.ts';
import type { Services } from './queries.ts';
import { GLOBAL_FILE_SIZE_LIMIT } from './upload.ts';

// Every bucket call is plain SQL on storage.buckets under the caller's role: with no bucket
// policies (the default) only service_role sees or changes buckets, exactly as on hosted.
const BUCKET_COLUMNS = `id, name, owner, public, file_size_limit::float8 as file_size_limit, allowed_mime_types,
  created_at, updated_at, 'STANDARD' as type`;
const SORT_COLUMNS = new Set(['id', 'name', 'created_at', 'updated_at']);

/** GET `/bucket`, with storage-js's `limit`, `offset`, `search`, `sortColumn`, `sortOrder`. */
export async function handleListBuckets(svc: Services, req: IncomingMessage, res: ServerResponse, url: URL) {
  const claims = await callerClaims(req);
  const q = url.searchParams;
  const column = SORT_COLUMNS.has(q.get('sortColumn') ?? '') ? q.get('sortColumn') : 'name';
  const order = q.get('sortOrder')?.toLowerCase() === 'desc' ? 'desc' : 'asc';
  const limit = Number.parseInt(q.get('limit') ?? '', 10);
  const offset = Number.parseInt(q.get('offset') ?? '', 10);
  const { rows } = await withClaims(svc.pool, claims, (c) =>
    c.query(
      `select ${BUCKET_COLUMNS} from storage.buckets where name ilike '%' || $1 || '%'
       order by ${column} ${order} limit $2 offset $3`,
      [escapeLike(q.get('search') ?? ''), limit > 0 ? limit : null, offset > 0 ? offset : 0],
    ),
  );
  sendJson(res, 200, rows);
}

/** GET `/bucket/{id}`: a bucket the caller may not see is "not found". */
export async function handleGetBucket(svc: Services, req: IncomingMessage, res: ServerResponse, id: string) {
  const claims = await callerClaims(req);
  const { rows } = await withClaims(svc.pool, claims, (c) => c.query(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [id]));
  if (!rows[0]) throw ERRORS.noSuchBucket();
  sendJson(res, 200, rows[0]);
}

interface BucketBody {
  id?: unknown;
  name?: unknown;
  public?: unknown;
  file_size_limit?: unknown;
  allowed_mime_types?: unknown;
}

/** What a body says of each setting; undefined where it says nothing, null where it clears one. */
interface BucketSettings {
  public?: boolean;
  fileSizeLimit?: number | null;
  allowedMimeTypes?: string[] | null;
}

/**
 * A create or update body read as storage-api reads it: a limit over the server's own is refused
 * (a bucket may only lower it), and an empty allow-list is kept empty (it allows every type).
 */
function readSettings(body: BucketBody): BucketSettings {
  if (body.public !== undefined && typeof body.public !== 'boolean') throw ERRORS.invalidRequest('body/public must be boolean');
  const mimes = body.allowed_mime_types;
  if (mimes !== undefined && mimes !== null && !(Array.isArray(mimes) && mimes.every((m) => typeof m === 'string'))) {
    throw ERRORS.invalidRequest('body/allowed_mime_types must be array');
  }
  const fileSizeLimit = body.file_size_limit === undefined ? undefined : parseFileSizeLimit(body.file_size_limit);
  if (fileSizeLimit && fileSizeLimit > GLOBAL_FILE_SIZE_LIMIT) throw ERRORS.tooLarge();
  return {
    public: body.public,
    fileSizeLimit,
    allowedMimeTypes: Array.isArray(mimes) ? allowedMimeList(mimes as string[]) : (mimes as null | undefined),
  };
}

/** POST `/bucket` (storage-js `createBucket`): an INSERT under the caller's role. */
export async function handleCreateBucket(svc: Services, req: IncomingMessage, res: ServerResponse) {
  const claims = await callerClaims(req);
  const body = await readJson<BucketBody>(req);
  const id = mustBeValidBucketName(body.id ?? body.name);
  const s = readSettings(body);
  const { owner, owner_id } = ownerOf(claims);
  try {
    await withClaims(svc.pool, claims, (c) =>
      c.query(
        `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
         values ($1, $1, $2, $3, $4, $5, $6)`,
        [id, owner, owner_id, s.public ?? false, s.fileSizeLimit ?? null, s.allowedMimeTypes ?? null],
      ),
    );
  } catch (err) {
    if ((err as { code?: string }).code === '23505') throw ERRORS.bucketExists();
    throw err;
  }
  sendJson(res, 200, { name: id });
}

const SETTING_COLUMNS = { public: 'public', fileSizeLimit: 'file_size_limit', allowedMimeTypes: 'allowed_mime_types' } as const;

/**
 * PUT `/bucket/{id}` (storage-js `updateBucket`): only the settings the body names change, the
 * others keep their values, and updated_at is left alone, as storage-api's update does.
 */
export async function handleUpdateBucket(svc: Services, req: IncomingMessage, res: ServerResponse, id: string) {
  const claims = await callerClaims(req);
  const s = readSettings(await readJson<BucketBody>(req));
  const changes = (Object.keys(SETTING_COLUMNS) as (keyof BucketSettings)[]).filter((key) => s[key] !== undefined);
  // A body that names nothing still asks RLS whether the caller may update the bucket.
  const assignments = changes.length ? changes.map((key, i) => `${SETTING_COLUMNS[key]} = $${i + 2}`).join(', ') : 'public = public';
  const { rowCount } = await withClaims(svc.pool, claims, (c) =>
    c.query(`update storage.buckets set ${assignments} where id = $1`, [id, ...changes.map((key) => s[key])]),
  );
  if (!rowCount) throw ERRORS.noSuchBucket();
  sendJson(res, 200, { message: 'Successfully updated' });
}

/** DELETE `/bucket/{id}`: refused while objects remain (the foreign key says so). */
export async function handleDeleteBucket(svc: Services, req: IncomingMessage, res: ServerResponse, id: string) {
  const claims = await callerClaims(req);
  const { rowCount } = await withClaims(svc.pool, claims, (c) => c.query('delete from storage.buckets where id = $1', [id]));
  if (!rowCount) throw ERRORS.noSuchBucket();
  await svc.files.removeBucket(mustBeValidBucketName(id));
  sendJson(res, 200, { message: 'Successfully deleted' });
}

/** POST `/bucket/{id}/empty`: deletes every object the caller's delete policy allows. */
export async function handleEmptyBucket(svc: Services, req: IncomingMessage, res: ServerResponse, id: string) {
  const claims = await callerClaims(req);
  const { rows } = await withClaims(svc.pool, claims, (c) =>
    c.query<{ name: string }>('delete from storage.objects where bucket_id = $1 returning name', [id]),
  );
  for (const row of rows) await svc.files.remove(id, row.name).catch(() => undefined);
  sendJson(res, 200, { message: 'Successfully emptied' });
}
