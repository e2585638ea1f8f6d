import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PushServer } from '@/push/config';
import { CACHE } from './headers';

/** Where the reader's « Recevoir les alertes » control asks for the server's VAPID public key. */
export const PUSH_KEY_PATH = '/api/push/key';

/**
 * The public key a browser subscribes with (applicationServerKey), or 404 when the server sends no
 * alerts: the control then says they are not available. Fetched on the reader's click only.
 */
export function pushRoutes(push: PushServer | undefined) {
  return (req: IncomingMessage, res: ServerResponse, url: URL): boolean => {
    if (url.pathname !== PUSH_KEY_PATH) return false;
    res.statusCode = push ? 200 : 404;
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Cache-Control', CACHE.never);
    res.end(JSON.stringify(push ? { publicKey: push.vapid.publicKey } : { error: 'alerts_off' }));
    return true;
  };
}
