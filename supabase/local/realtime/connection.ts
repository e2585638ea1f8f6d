import crypto from 'node:crypto';
import type pg from 'pg';
import WebSocket from 'ws';
import { withClaims, type Claims } from '../db.ts';
import { verifyToken } from '../jwt.ts';
import { BindingError, Channel, parseBindings, type PgBinding } from './channel.ts';
import { conditionSql, quoteIdent } from './filters.ts';
import type { Hub } from './hub.ts';
import { decode, encode, ProtocolError, type Message, type Vsn } from './protocol.ts';
import { loadTableMeta } from './visibility.ts';

const IDLE_TIMEOUT_MS = 60_000;

/** One websocket: Phoenix heartbeats, joins, leaves, token updates, broadcast and presence. */
export class Connection {
  private readonly channels = new Map<string, Channel>();
  private queue: Promise<void> = Promise.resolve();
  private closed = false;
  private lastSeen = Date.now();
  private readonly idleTimer: NodeJS.Timeout;

  constructor(
    private readonly ws: WebSocket,
    private readonly vsn: Vsn,
    /** The project key the socket connected with: the claims of joins without access_token. */
    private readonly apikey: string,
    private readonly hub: Hub,
    private readonly pool: pg.Pool,
  ) {
    // Like Phoenix: a client silent for 60 s (half-open mobile sockets) is dropped.
    this.idleTimer = setInterval(() => {
      if (Date.now() - this.lastSeen > IDLE_TIMEOUT_MS) ws.terminate();
    }, IDLE_TIMEOUT_MS / 4);
    this.idleTimer.unref();
    ws.on('message', (data, isBinary) => {
      this.lastSeen = Date.now();
      let msg: Message;
      try {
        msg = decode(Buffer.isBuffer(data) ? data : Buffer.from(data as ArrayBuffer), isBinary, vsn);
      } catch (err) {
        // Unreadable frames end the connection, never the process.
        return ws.close(1003, err instanceof ProtocolError ? err.message : 'unreadable frame');
      }
      // One message at a time, so a leave never overtakes the join it follows.
      this.queue = this.queue.then(() => this.handle(msg)).catch((err: Error) => console.error(`[realtime] ${msg.event}: ${err.stack ?? err.message}`));
    });
    ws.on('close', () => this.close());
    ws.on('error', () => ws.terminate());
  }

  send(msg: Message): void {
    if (this.ws.readyState !== WebSocket.OPEN) return;
    const frame = encode(msg, this.vsn);
    if (frame !== null) this.ws.send(frame);
  }

  close(): void {
    this.closed = true;
    clearInterval(this.idleTimer);
    for (const ch of this.channels.values()) this.hub.remove(ch);
    this.channels.clear();
  }

  private reply(msg: Message, status: 'ok' | 'error', response: unknown = {}): void {
    this.send({ joinRef: msg.joinRef, ref: msg.ref, topic: msg.topic, event: 'phx_reply', payload: { status, response } });
  }

  private async handle(msg: Message): Promise<void> {
    if (msg.topic === 'phoenix' && msg.event === 'heartbeat') return this.reply(msg, 'ok');
    if (msg.event === 'phx_join') return this.join(msg);
    const channel = this.channels.get(msg.topic);
    if (!channel) return this.reply(msg, 'error', { reason: 'unmatched topic' });
    switch (msg.event) {
      case 'phx_leave':
        this.drop(channel);
        return this.reply(msg, 'ok');
      case 'access_token':
        return this.updateToken(channel, msg.payload.access_token);
      case 'broadcast':
        this.hub.broadcast(channel, msg.payload);
        return this.reply(msg, 'ok');
      case 'presence':
        this.hub.presence(channel, msg.payload);
        return this.reply(msg, 'ok');
      default:
        return this.reply(msg, 'error', { reason: `unknown event ${msg.event}` });
    }
  }

  private async join(msg: Message): Promise<void> {
    const previous = this.channels.get(msg.topic);
    if (previous) this.drop(previous); // a rejoin replaces the old channel, as in Phoenix
    const refuse = (reason: string) => this.reply(msg, 'error', { reason });
    if (!msg.topic.startsWith('realtime:')) return refuse('unmatched topic');

    const config = (msg.payload.config ?? {}) as {
      broadcast?: { self?: unknown };
      presence?: { enabled?: unknown; key?: unknown };
      postgres_changes?: unknown;
      private?: unknown;
    };
    // Hosted authorizes private channels with RLS on realtime.messages, which this stack lacks:
    // refusing is the only answer that cannot leak a broadcast.
    if (config.private === true) return refuse('Private channels are not supported by the local realtime service');

    const token = typeof msg.payload.access_token === 'string' ? msg.payload.access_token : this.apikey;
    let claims: Claims;
    let bindings: PgBinding[];
    try {
      claims = await verifyToken(token);
      bindings = parseBindings(config.postgres_changes);
      await this.validate(claims, bindings);
    } catch (err) {
      return refuse((err as Error).message);
    }
    if (this.closed) return; // the socket went away while the join was checked

    const presenceKey = config.presence?.key;
    const channel = new Channel(
      msg.topic,
      msg.joinRef,
      claims,
      bindings,
      {
        broadcastSelf: config.broadcast?.self === true,
        presenceEnabled: config.presence?.enabled === true,
        presenceKey: typeof presenceKey === 'string' && presenceKey ? presenceKey : crypto.randomUUID(),
      },
      (m) => this.send(m),
      (ch) => this.expire(ch, 'Token has expired'),
    );
    this.channels.set(msg.topic, channel);
    // Ids in the order of the request: realtime-js pairs them with its callbacks by position.
    this.reply(msg, 'ok', {
      postgres_changes: bindings.map(({ id, event, schema, table, filter }) => ({ id, event, schema, table, filter })),
    });
    if (bindings.length > 0) channel.system('ok', 'Subscribed to PostgreSQL', 'postgres_changes');
    this.hub.add(channel);
  }

  /**
   * Refuses bindings naming a table or column that does not exist, or a value or operator
   * Postgres rejects for the column's type, by compiling the filter under the subscriber's role.
   * Missing privileges are not a join error: like hosted, the subscriber then receives nothing.
   */
  private async validate(claims: Claims, bindings: PgBinding[]): Promise<void> {
    for (const b of bindings) {
      if (!b.table || b.table === '*' || b.schema === '*') continue;
      const invalid = (detail: string) =>
        new BindingError(
          `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: [event: ${b.event}, schema: ${b.schema}, table: ${b.table}, filters: ${b.filter ?? ''}]: ${detail}`,
        );
      const meta = await loadTableMeta(this.pool, b.schema, b.table);
      if (!meta) throw invalid(`relation ${b.schema}.${b.table} does not exist`);
      if (b.conditions.length === 0) continue;
      const params: unknown[] = [];
      const where = b.conditions.map((c) => {
        const column = meta.columns.find((m) => m.name === c.column);
        if (!column) throw invalid(`column ${c.column} does not exist`);
        return conditionSql(c, column.sqlType, 't', params);
      });
      const table = `${quoteIdent(b.schema)}.${quoteIdent(b.table)}`;
      try {
        await withClaims(this.pool, claims, (db) => db.query(`select ${where.join(' and ')} from jsonb_populate_record(null::${table}, '{}') t`, params));
      } catch (err) {
        const code = (err as { code?: string }).code ?? '';
        if (code === '42501') continue;
        if (/^(22|42)/.test(code)) throw invalid((err as Error).message);
        throw err;
      }
    }
  }

  private async updateToken(channel: Channel, token: unknown): Promise<void> {
    if (typeof token !== 'string' || !token) return;
    try {
      channel.setClaims(await verifyToken(token));
    } catch (err) {
      this.expire(channel, `Invalid token: ${(err as Error).message}`);
    }
  }

  /** Closes a channel whose token is expired or invalid: a system error, then phx_close. */
  expire(channel: Channel, reason: string): void {
    if (this.channels.get(channel.topic) !== channel) return;
    channel.system('error', reason);
    channel.push('phx_close', {});
    this.drop(channel);
  }

  private drop(channel: Channel): void {
    this.channels.delete(channel.topic);
    this.hub.remove(channel);
  }
}
