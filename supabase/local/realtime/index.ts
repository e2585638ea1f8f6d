// Placeholder replaced by the realtime service.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ServiceContext } from '../context.ts';
export const REALTIME_SQL_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'capture.sql');
export async function createRealtime(_ctx: ServiceContext) {
  return {
    handleUpgrade: (_req: IncomingMessage, socket: Duplex, _head: Buffer, _url: URL) => socket.destroy(),
    stop: async () => {},
  };
}
