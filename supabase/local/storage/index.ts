// Placeholder replaced by the storage service.
import type { ServiceContext } from '../context.ts';
import { sendJson, type RouteHandler } from '../http.ts';
export function createStorageHandler(_ctx: ServiceContext): RouteHandler {
  return async (_req, res) => sendJson(res, 501, { message: 'storage pending' });
}
