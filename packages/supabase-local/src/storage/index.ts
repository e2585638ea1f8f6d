import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ServiceContext } from '../context.ts';
import type { RouteHandler } from '../http.ts';
import {
  handleCreateBucket,
  handleDeleteBucket,
  handleEmptyBucket,
  handleGetBucket,
  handleListBuckets,
  handleUpdateBucket,
} from './buckets.ts';
import { handleDownload, handleInfo } from './download.ts';
import { ERRORS, sendError, toStorageError } from './errors.ts';
import { FileStore } from './files.ts';
import { mustBeValidBucketName, splitObjectPath } from './keys.ts';
import { handleDeleteMany, handleDeleteOne, handleList } from './objects.ts';
import type { Services } from './queries.ts';
import { handleSignMany, handleSignOne } from './sign.ts';
import { handleCopy, handleMove } from './transfer.ts';
import { handleUpload } from './upload.ts';

const decodeBucket = (raw: string) => {
  try {
    return mustBeValidBucketName(decodeURIComponent(raw));
  } catch {
    throw ERRORS.invalidBucketName();
  }
};

async function routeBucket(svc: Services, req: IncomingMessage, res: ServerResponse, rest: string, url: URL) {
  const method = req.method;
  if (rest === '' || rest === '/') {
    if (method === 'GET') return handleListBuckets(svc, req, res, url);
    if (method === 'POST') return handleCreateBucket(svc, req, res);
    throw ERRORS.notFound();
  }
  const [, raw, action] = /^\/([^/]+)(\/empty)?\/?$/.exec(rest) ?? [];
  if (!raw) throw ERRORS.notFound();
  const id = decodeBucket(raw);
  if (action) {
    if (method === 'POST') return handleEmptyBucket(svc, req, res, id);
  } else if (method === 'GET') return handleGetBucket(svc, req, res, id);
  else if (method === 'PUT') return handleUpdateBucket(svc, req, res, id);
  else if (method === 'DELETE') return handleDeleteBucket(svc, req, res, id);
  throw ERRORS.notFound();
}

async function routeObject(svc: Services, req: IncomingMessage, res: ServerResponse, rest: string, url: URL) {
  const method = req.method ?? 'GET';
  const read = method === 'GET' || method === 'HEAD';
  if (method === 'POST' && rest === 'move') return handleMove(svc, req, res);
  if (method === 'POST' && rest === 'copy') return handleCopy(svc, req, res);
  if (method === 'POST' && rest.startsWith('list/')) return handleList(svc, req, res, decodeBucket(rest.slice(5)));

  const access = /^(public|authenticated|sign)\/(.+)$/.exec(rest);
  if (read && access) {
    const { bucket, name } = splitObjectPath(access[2]!);
    const kind = access[1] === 'sign' ? 'signed' : (access[1] as 'public' | 'authenticated');
    return handleDownload(svc, req, res, url, kind, bucket, name);
  }
  if (method === 'POST' && access?.[1] === 'sign') {
    if (!access[2]!.includes('/')) return handleSignMany(svc, req, res, decodeBucket(access[2]!));
    const { bucket, name } = splitObjectPath(access[2]!);
    return handleSignOne(svc, req, res, bucket, name);
  }
  const info = /^info\/(?:(public|authenticated)\/)?(.+)$/.exec(rest);
  if (method === 'GET' && info) {
    const { bucket, name } = splitObjectPath(info[2]!);
    return handleInfo(svc, req, res, url, info[1] === 'public' ? 'public' : 'authenticated', bucket, name);
  }
  if (method === 'DELETE' && !rest.includes('/')) return handleDeleteMany(svc, req, res, decodeBucket(rest));

  const { bucket, name } = splitObjectPath(rest);
  if (method === 'POST' || method === 'PUT') return handleUpload(svc, req, res, bucket, name);
  if (read) return handleDownload(svc, req, res, url, 'authenticated', bucket, name);
  if (method === 'DELETE') return handleDeleteOne(svc, req, res, bucket, name);
  throw ERRORS.notFound();
}

/**
 * The storage-api-compatible service behind `/storage/v1` (the gateway strips that prefix).
 * Permissions are never decided here: each call runs as the caller's API role with its claims,
 * and Postgres RLS on storage.objects / storage.buckets answers.
 */
export function createStorageHandler(ctx: ServiceContext): RouteHandler {
  const svc: Services = { pool: ctx.pools.storage, files: new FileStore(ctx.storageDir) };
  return async (req, res, path, url) => {
    try {
      if (path.startsWith('/object/')) return await routeObject(svc, req, res, path.slice('/object/'.length), url);
      if (path === '/bucket' || path.startsWith('/bucket/')) return await routeBucket(svc, req, res, path.slice('/bucket'.length), url);
      if (path === '/status' && req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'text/plain' }).end('');
        return;
      }
      throw ERRORS.notFound();
    } catch (err) {
      const known = toStorageError(err);
      if (!known) console.error(`[storage] ${req.method} ${path}: ${(err as Error).stack ?? String(err)}`);
      sendError(req, res, known ?? ERRORS.internal());
    }
  };
}
