import type { IncomingMessage, ServerResponse } from 'node:http';
import { withClaims } from '../db.ts';
import { readJson, sendJson } from '../http.ts';
import { callerClaims } from './caller.ts';
import { ERRORS } from './errors.ts';
import { OBJECT_COLUMNS, type ObjectRow, type Services } from './queries.ts';

/**
 * DELETE `/object/{bucket}` `{prefixes: [names]}`: deletes the rows RLS lets the caller delete,
 * returns them (storage-js hands them back from `remove()`), then removes their files. Names the
 * caller may not delete, or that do not exist, are silently left out, as in storage-api.
 */
export async function handleDeleteMany(svc: Services, req: IncomingMessage, res: ServerResponse, bucketId: string) {
  const claims = await callerClaims(req);
  const body = await readJson<{ prefixes?: unknown }>(req);
  const prefixes = body.prefixes;
  if (!Array.isArray(prefixes) || prefixes.length === 0 || prefixes.length > 1000 || !prefixes.every((p) => typeof p === 'string')) {
    throw ERRORS.invalidRequest('prefixes must be an array of 1 to 1000 object names');
  }
  const deleted = await deleteRows(svc, claims, bucketId, prefixes as string[]);
  sendJson(res, 200, deleted);
}

/** DELETE `/object/{bucket}/{name}`. */
export async function handleDeleteOne(svc: Services, req: IncomingMessage, res: ServerResponse, bucketId: string, name: string) {
  const claims = await callerClaims(req);
  const deleted = await deleteRows(svc, claims, bucketId, [name]);
  if (deleted.length === 0) throw ERRORS.noSuchKey();
  sendJson(res, 200, { message: 'Successfully deleted' });
}

async function deleteRows(svc: Services, claims: Parameters<typeof withClaims>[1], bucketId: string, names: string[]) {
  const { rows } = await withClaims(svc.pool, claims, (c) =>
    c.query<ObjectRow>(`delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning ${OBJECT_COLUMNS}`, [
      bucketId,
      names,
    ]),
  );
  // Rows first, files after commit: a crash in between leaves an orphan file, never a row
  // pointing at nothing.
  for (const row of rows) await svc.files.remove(row.bucket_id, row.name).catch(() => undefined);
  return rows;
}

const SORT_COLUMNS = new Set(['name', 'updated_at', 'created_at', 'last_accessed_at']);
/** storage-api's page size cap for a listing. */
const MAX_LIST = 1500;
/** Makes a user's text literal inside a LIKE pattern. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

interface ListBody {
  prefix?: unknown;
  limit?: unknown;
  offset?: unknown;
  search?: unknown;
  sortBy?: { column?: unknown; order?: unknown };
}

/**
 * POST `/object/list/{bucket}`: one folder level, as storage-api's `storage.search` returns it.
 * Sorted by name, folders (id, dates and metadata null) and files interleave in the order of
 * their lower-cased full names, a folder where its first object would be; sorted by a date,
 * folders come first. At most 1500 entries a page. It is a SELECT under the caller's role, so
 * what RLS hides is neither listed nor revealed as a folder.
 */
export async function handleList(svc: Services, req: IncomingMessage, res: ServerResponse, bucketId: string) {
  const claims = await callerClaims(req);
  const body = await readJson<ListBody>(req);
  let prefix = typeof body.prefix === 'string' ? body.prefix : '';
  if (prefix && !prefix.endsWith('/')) prefix += '/';
  const search = typeof body.search === 'string' ? body.search : '';
  const limit = Number.isInteger(body.limit) && (body.limit as number) > 0 ? Math.min(body.limit as number, MAX_LIST) : 100;
  const offset = Number.isInteger(body.offset) && (body.offset as number) >= 0 ? (body.offset as number) : 0;
  const column = SORT_COLUMNS.has(String(body.sortBy?.column)) ? String(body.sortBy?.column) : 'name';
  const order = String(body.sortBy?.order).toLowerCase() === 'desc' ? 'desc' : 'asc';
  const level = prefix.split('/').length;
  // By name, a folder sorts as its name and a slash (where its objects' names would sort); by a
  // date, every folder comes before every file.
  const ordering =
    column === 'name'
      ? `order by sort_key collate "C" ${order}`
      : `order by is_file, case when is_file then null else name end ${order}, ${column} ${order}`;

  const { rows } = await withClaims(svc.pool, claims, (c) =>
    c.query(
      `with matched as (
         select name, path_tokens, id, updated_at, created_at, last_accessed_at, metadata
         from storage.objects where bucket_id = $1 and name ilike $2 escape '\\'
       ), folders as (
         select distinct on (lower(path_tokens[$3::int])) path_tokens[$3::int] as name, false as is_file,
                lower(path_tokens[$3::int]) || '/' as sort_key, null::uuid as id, null::timestamptz as updated_at,
                null::timestamptz as created_at, null::timestamptz as last_accessed_at, null::jsonb as metadata
         from matched where array_length(path_tokens, 1) > $3::int
         order by lower(path_tokens[$3::int]), lower(matched.name) collate "C"
       )
       select name, id, updated_at, created_at, last_accessed_at, metadata from (
         select * from folders
         union all
         select path_tokens[$3::int], true, lower(path_tokens[$3::int]), id, updated_at, created_at, last_accessed_at, metadata
         from matched where array_length(path_tokens, 1) = $3::int
       ) listed
       ${ordering}
       limit $4 offset $5`,
      [bucketId, `${escapeLike(prefix)}${escapeLike(search)}%`, level, limit, offset],
    ),
  );
  sendJson(res, 200, rows);
}
