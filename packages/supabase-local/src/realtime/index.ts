import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { ServiceContext } from '../context.ts';
import { connectionString } from '../db.ts';
import { verifyToken } from '../jwt.ts';
import { Connection } from './connection.ts';
import { Dispatcher } from './dispatcher.ts';
import { Hub } from './hub.ts';
import { listen } from './listener.ts';
import { VSNS, type Vsn } from './protocol.ts';
import { AddressBook, REASONS } from './quotas.ts';
import { socketAddress } from '../requestLimits.ts';

/** Change capture (queue, triggers, publication watch); migrate.ts runs it at every start. */
export const REALTIME_SQL_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'capture.sql');
const NOTIFY_CHANNEL = '_local_realtime';

function refuse(socket: Duplex, status: string, message: string): void {
  const body = JSON.stringify({ message });
  socket.end(
    `HTTP/1.1 ${status}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * Supabase Realtime's websocket (`/realtime/v1/websocket`) for postgres_changes, with in-memory
 * broadcast and presence. Row changes come from capture.sql's queue, woken by NOTIFY.
 */
export async function createRealtime(ctx: ServiceContext) {
  const pool = ctx.pools.realtime;
  const hub = new Hub();
  const connections = new Map<Connection, true>();
  const addresses = new AddressBook();
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  const dispatcher = new Dispatcher(pool, hub);

  // Changes queued before this start (migrations, seed, a crashed run) have no subscriber.
  await pool.query('delete from _local_realtime.changes; delete from _local_realtime.commits');
  const listener = listen(connectionString(ctx.options.dbPort, 'supabase_realtime_admin'), NOTIFY_CHANNEL, () => dispatcher.drain());

  let stopped = false;
  return {
    handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, url: URL): void {
      socket.on('error', () => socket.destroy());
      const vsn = url.searchParams.get('vsn') ?? '1.0.0';
      if (!VSNS.has(vsn)) return refuse(socket, '400 Bad Request', `unsupported serializer version ${vsn}`);
      const header = req.headers.apikey;
      const apikey = url.searchParams.get('apikey') ?? (typeof header === 'string' ? header : '');
      const address = socketAddress(req);
      if (!addresses.connect(address)) return refuse(socket, '429 Too Many Requests', REASONS.tooManyConnections);
      // Until a Connection owns the socket, its slot is given back when the socket goes away.
      let owned = false;
      socket.once('close', () => owned || addresses.disconnect(address, socket));
      const headers = Object.fromEntries(
        Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v ?? '')]),
      );
      verifyToken(apikey).then(
        () =>
          wss.handleUpgrade(req, socket, head, (ws) => {
            owned = true;
            const conn = new Connection(ws, vsn as Vsn, apikey, hub, pool, { address, headers, addresses });
            connections.set(conn, true);
            ws.on('close', () => connections.delete(conn));
          }),
        (err: Error) => refuse(socket, '401 Unauthorized', err.message),
      );
    },

    async stop(): Promise<void> {
      if (stopped) return;
      stopped = true;
      await listener.stop();
      for (const ws of wss.clients) ws.terminate();
      for (const conn of connections.keys()) conn.close();
      connections.clear();
      hub.stop();
      await dispatcher.stop();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
