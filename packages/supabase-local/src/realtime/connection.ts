import crypto from 'node:crypto';
import type pg from 'pg';
import WebSocket from 'ws';
import type { Claims } from '../db.ts';
import { verifyToken } from '../jwt.ts';
import { readRefusal, readRevoked, readRights, writeRights, type AuthorizationContext, type ExtensionRights } from './authorization.ts';
import { Channel, parseBindings, type PgBinding } from './channel.ts';
import type { Hub } from './hub.ts';
import { decode, encode, ProtocolError, type Message, type Vsn } from './protocol.ts';
import { payloadSize, QUOTAS, RateWindow, REASONS, type AddressBook } from './quotas.ts';
import { tracksItself } from './presenceIdentity.ts';
import { validateBindings } from './validation.ts';

const IDLE_TIMEOUT_MS = 60_000;

/** Who is at the other end: the client address the gateway saw, and the upgrade's headers. */
export interface Peer {
  address: string;
  headers: Record<string, string>;
  addresses: AddressBook;
}

/** One websocket: Phoenix heartbeats, joins, leaves, token updates, broadcast and presence. */
export class Connection {
  private readonly channels = new Map<string, Channel>();
  private queue: Promise<void> = Promise.resolve();
  private closed = false;
  private lastSeen = Date.now();
  private readonly idleTimer: NodeJS.Timeout;
  private readonly joins = new RateWindow(QUOTAS.joinsPerSecond);
  private readonly messages = new RateWindow(QUOTAS.messagesPerSecond);

  constructor(
    private readonly ws: WebSocket,
    private readonly vsn: Vsn,
    /** The project key the socket connected with: the claims of joins without access_token. */
    private readonly apikey: string,
    private readonly hub: Hub,
    private readonly pool: pg.Pool,
    private readonly peer: Peer,
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
      this.queue = this.queue
        .then(() => this.handle(msg))
        .catch((err: Error) => console.error(`[realtime] ${msg.event}: ${err.stack ?? err.message}`));
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
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.idleTimer);
    for (const ch of this.channels.values()) this.hub.remove(ch);
    this.channels.clear();
    this.peer.addresses.disconnect(this.peer.address, this);
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
        return this.broadcast(channel, msg);
      case 'presence':
        return this.presence(channel, msg);
      default:
        return this.reply(msg, 'error', { reason: `unknown event ${msg.event}` });
    }
  }

  private async join(msg: Message): Promise<void> {
    const previous = this.channels.get(msg.topic);
    if (previous) this.drop(previous); // a rejoin replaces the old channel, as in Phoenix
    const refuse = (reason: string) => this.reply(msg, 'error', { reason });
    if (!msg.topic.startsWith('realtime:')) return refuse('unmatched topic');
    if (!this.joins.hit()) {
      // Hosted disconnects a client joining too fast, after answering the join.
      refuse(REASONS.tooManyJoins);
      return void this.ws.close(1008, 'ClientJoinRateLimitReached');
    }
    if (this.channels.size >= QUOTAS.channelsPerConnection) return refuse(REASONS.tooManyChannels);
    if (!this.peer.addresses.join(this.peer.address, this)) return refuse(REASONS.tooManyConnections);

    const config = (msg.payload.config ?? {}) as {
      broadcast?: { self?: unknown; ack?: unknown };
      presence?: { enabled?: unknown; key?: unknown };
      postgres_changes?: unknown;
      private?: unknown;
    };
    const isPrivate = config.private === true;
    const subTopic = msg.topic.slice('realtime:'.length);
    const token = typeof msg.payload.access_token === 'string' ? msg.payload.access_token : this.apikey;
    let claims: Claims;
    let bindings: PgBinding[];
    let read: ExtensionRights | null = null;
    try {
      claims = await verifyToken(token);
      bindings = parseBindings(config.postgres_changes);
      await validateBindings(this.pool, claims, bindings);
      // A private channel is joined only by clients that may read its broadcast or presence.
      if (isPrivate) {
        read = await readRights(this.pool, this.context(subTopic, claims));
        if (!read.broadcast && !read.presence) return refuse(readRefusal(subTopic));
      }
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
        broadcastAck: config.broadcast?.ack === true,
        presenceEnabled: config.presence?.enabled === true,
        presenceKey: typeof presenceKey === 'string' && presenceKey ? presenceKey : crypto.randomUUID(),
        private: isPrivate,
      },
      (m) => this.send(m),
      (ch) => this.expire(ch, 'Token has expired'),
    );
    channel.rights = read ? { read, write: null } : null;
    this.channels.set(msg.topic, channel);
    // Ids in the order of the request: realtime-js pairs them with its callbacks by position.
    this.reply(msg, 'ok', {
      postgres_changes: bindings.map(({ id, event, schema, table, filter }) => ({ id, event, schema, table, filter })),
    });
    if (bindings.length > 0) channel.system('ok', 'Subscribed to PostgreSQL', 'postgres_changes');
    this.hub.add(channel);
  }

  private context(topic: string, claims: Claims): AuthorizationContext {
    return { topic, claims, headers: this.peer.headers };
  }

  /** A private channel's send rights, checked on first use and kept until the token changes. */
  private async mayWrite(channel: Channel, extension: 'broadcast' | 'presence'): Promise<boolean> {
    if (!channel.rights) return true;
    channel.rights.write ??= await writeRights(this.pool, this.context(channel.subTopic, channel.claims));
    return channel.rights.write[extension];
  }

  /** Hosted drops a broadcast its sender may not send, silently; an oversized one too (told only with ack). */
  private async broadcast(channel: Channel, msg: Message): Promise<void> {
    if (!(await this.mayWrite(channel, 'broadcast'))) return;
    if (!this.messages.hit()) return this.expire(channel, REASONS.tooManyMessages);
    if (payloadSize(msg.payload) > QUOTAS.payloadBytes) {
      if (channel.config.broadcastAck) this.reply(msg, 'error', { reason: REASONS.payloadTooLarge });
      return;
    }
    this.hub.broadcast(channel, msg.payload);
    this.reply(msg, 'ok');
  }

  private async presence(channel: Channel, msg: Message): Promise<void> {
    const tracking = msg.payload.event === 'track';
    if (tracking && !(await this.mayWrite(channel, 'presence'))) return this.reply(msg, 'error');
    if (!this.messages.hit()) return this.expire(channel, REASONS.tooManyMessages);
    if (tracking && payloadSize(msg.payload.payload) > QUOTAS.payloadBytes) return this.expire(channel, REASONS.trackTooLarge);
    if (tracking && channel.rights && !tracksItself(msg.payload.payload, channel.claims)) {
      return this.reply(msg, 'error', { reason: REASONS.trackOtherUser });
    }
    this.hub.presence(channel, msg.payload);
    this.reply(msg, 'ok');
  }

  private async updateToken(channel: Channel, token: unknown): Promise<void> {
    if (typeof token !== 'string' || !token) return;
    let claims: Claims;
    try {
      claims = await verifyToken(token);
    } catch (err) {
      return this.expire(channel, `Invalid token: ${(err as Error).message}`);
    }
    channel.setClaims(claims);
    if (!channel.rights) return;
    // New claims, new rights: a read right lost closes the channel, as hosted does.
    const read = await readRights(this.pool, this.context(channel.subTopic, claims));
    const before = channel.rights.read;
    if ((before.broadcast && !read.broadcast) || (before.presence && !read.presence))
      return this.expire(channel, readRevoked(channel.subTopic));
    channel.rights = { read, write: null };
  }

  /** Closes a channel (token expired or invalid, rights lost, quota): a system error, then phx_close. */
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
