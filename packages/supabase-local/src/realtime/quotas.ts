/**
 * Hosted Realtime's quotas (Free plan, supabase.com/docs/guides/realtime/limits), enforced here per
 * connection and per client address, with the reasons hosted Realtime sends
 * (lib/realtime_web/channels/realtime_channel.ex). Hosted counts messages and connections per
 * project; one local process has no project to share them with, so the same numbers bound each
 * client instead.
 */
export const QUOTAS = {
  /** Channels one websocket may have joined at once. */
  channelsPerConnection: 100,
  /** Joins one websocket may make per second. */
  joinsPerSecond: 100,
  /** Broadcast and presence messages one websocket may send per second. */
  messagesPerSecond: 100,
  /** Websockets with a joined channel per client address ("concurrent connections"). */
  connectionsPerAddress: 200,
  /** Broadcast payload and presence track size. */
  payloadBytes: 256 * 1024,
} as const;

export const REASONS = {
  tooManyChannels: 'ChannelRateLimitReached: Too many channels',
  tooManyJoins: 'ClientJoinRateLimitReached: Too many joins per second',
  tooManyConnections: 'ConnectionRateLimitReached: Too many connected users',
  tooManyMessages: 'Too many messages per second',
  payloadTooLarge: 'payload_size_exceeded',
  trackTooLarge: 'Track message size exceeded',
  /** Local only (README, "Presence identity"): hosted Realtime never reads a presence payload. */
  trackOtherUser: 'Presence user_id must be the signed-in user',
} as const;

/** Counts events in a sliding one-second window; `hit` says whether one more is allowed. */
export class RateWindow {
  private stamps: number[] = [];

  constructor(private readonly perSecond: number) {}

  hit(now = Date.now()): boolean {
    while (this.stamps.length && this.stamps[0] <= now - 1000) this.stamps.shift();
    if (this.stamps.length >= this.perSecond) return false;
    this.stamps.push(now);
    return true;
  }
}

/** Open websockets per client address: `counted` are those that joined a channel, as hosted counts users. */
export class AddressBook {
  private readonly open = new Map<string, number>();
  private readonly counted = new Map<string, Set<object>>();

  /** Registers a new socket; false when the address already holds too many (never-joined ones included). */
  connect(address: string): boolean {
    const n = this.open.get(address) ?? 0;
    // Sockets that never join cost little and are dropped after 60 s of silence, but are still
    // bounded: twice the quota leaves room for reconnects overlapping their predecessors.
    if (n >= QUOTAS.connectionsPerAddress * 2) return false;
    this.open.set(address, n + 1);
    return true;
  }

  /** A socket's first join: false when the address already has its quota of joined sockets. */
  join(address: string, socket: object): boolean {
    const set = this.counted.get(address) ?? new Set<object>();
    if (set.has(socket)) return true;
    if (set.size >= QUOTAS.connectionsPerAddress) return false;
    set.add(socket);
    this.counted.set(address, set);
    return true;
  }

  disconnect(address: string, socket: object): void {
    const n = (this.open.get(address) ?? 1) - 1;
    if (n > 0) this.open.set(address, n);
    else this.open.delete(address);
    const set = this.counted.get(address);
    set?.delete(socket);
    if (set && set.size === 0) this.counted.delete(address);
  }
}

/** Bytes a broadcast or presence payload takes on the wire (a binary broadcast's bytes as they are). */
export function payloadSize(payload: unknown): number {
  if (Buffer.isBuffer(payload)) return payload.length;
  if (payload && typeof payload === 'object' && Buffer.isBuffer((payload as { payload?: unknown }).payload)) {
    const { payload: body, ...rest } = payload as Record<string, unknown>;
    return (body as Buffer).length + Buffer.byteLength(JSON.stringify(rest));
  }
  return Buffer.byteLength(JSON.stringify(payload ?? null) ?? '');
}
