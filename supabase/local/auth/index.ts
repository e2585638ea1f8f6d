// Placeholder replaced by the auth service.
import type { ServiceContext } from '../context.ts';
import { sendJson, type RouteHandler } from '../http.ts';
export function createAuthHandler(_ctx: ServiceContext): RouteHandler {
  return async (_req, res) => sendJson(res, 501, { message: 'auth pending' });
}
