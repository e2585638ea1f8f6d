import type { Claims } from '../db.ts';
import type { ExtensionRights } from './authorization.ts';
import { parseFilter, type Condition } from './filters.ts';
import type { Message } from './protocol.ts';
import type { Change } from './visibility.ts';

/** One `postgres_changes` binding of a joined channel. */
export interface PgBinding {
  /** What the join reply announces; realtime-js matches events to its callbacks by this id. */
  id: number;
  event: string;
  schema: string;
  table?: string;
  filter?: string;
  select?: string[];
  conditions: Condition[];
}

export class BindingError extends Error {}

const EVENTS = new Set(['*', 'INSERT', 'UPDATE', 'DELETE']);
let nextBindingId = 1;

/** Reads `config.postgres_changes` from a join payload; throws BindingError on nonsense. */
export function parseBindings(raw: unknown): PgBinding[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) throw new BindingError('postgres_changes must be a list');
  return raw.map((b: Record<string, unknown>) => {
    const { event, schema, table, filter, select } = b ?? {};
    if (typeof event !== 'string' || !EVENTS.has(event.toUpperCase())) throw new BindingError(`invalid event ${JSON.stringify(event)}`);
    if (typeof schema !== 'string' || !schema) throw new BindingError('schema is required');
    if (table !== undefined && table !== null && typeof table !== 'string') throw new BindingError('table must be a string');
    if (filter !== undefined && filter !== null && typeof filter !== 'string') throw new BindingError('filter must be a string');
    if (select !== undefined && !(Array.isArray(select) && select.every((s) => typeof s === 'string'))) {
      throw new BindingError('select must be a list of column names');
    }
    const hasTable = typeof table === 'string' && table !== '' && table !== '*';
    if (filter && !hasTable) throw new BindingError('a filter needs a table');
    return {
      id: nextBindingId++,
      event,
      schema,
      table: (table as string | undefined) ?? undefined,
      filter: (filter as string | undefined) ?? undefined,
      select: select as string[] | undefined,
      conditions: parseFilter(filter as string | undefined),
    };
  });
}

export function bindingMatches(b: PgBinding, change: Pick<Change, 'op' | 'schema' | 'table'>): boolean {
  const event = b.event.toUpperCase();
  return (
    (event === '*' || event === change.op) &&
    (b.schema === '*' || b.schema === change.schema) &&
    (!b.table || b.table === '*' || b.table === change.table)
  );
}

export interface ChannelConfig {
  broadcastSelf: boolean;
  /** `broadcast.ack`: the sender is answered, with an error when its broadcast was refused. */
  broadcastAck: boolean;
  presenceEnabled: boolean;
  presenceKey: string;
  /** `private: true`: Realtime Authorization applies (policies on realtime.messages). */
  private: boolean;
}

/** A private channel's rights: read decided at join, write on first send (as hosted does). */
export interface ChannelRights {
  read: ExtensionRights;
  write: ExtensionRights | null;
}

/** Largest delay setTimeout honours; tokens living longer are checked again at delivery. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** A joined channel of one websocket connection. */
export class Channel {
  readonly subTopic: string;
  /**
   * Where broadcast and presence meet: hosted keeps private and public channels of one name on
   * separate topics, so a public joiner can never reach a private channel's members.
   */
  readonly hubTopic: string;
  /** Null on public channels, where everything is allowed. */
  rights: ChannelRights | null = null;
  claimsKey = '';
  /** This channel's tracked presence, if any. */
  presence: Record<string, unknown> | null = null;
  private expiryTimer: NodeJS.Timeout | undefined;
  private disposed = false;

  constructor(
    readonly topic: string,
    readonly joinRef: string | null,
    public claims: Claims,
    readonly bindings: PgBinding[],
    readonly config: ChannelConfig,
    private readonly sendFrame: (msg: Message) => void,
    private readonly onExpired: (channel: Channel) => void,
  ) {
    this.subTopic = topic.replace(/^realtime:/i, '');
    this.hubTopic = `${config.private ? 'private' : 'public'}:${topic}`;
    this.setClaims(claims);
  }

  /** New claims (join or `access_token`); the channel closes when they expire, as hosted does. */
  setClaims(claims: Claims): void {
    this.claims = claims;
    this.claimsKey = JSON.stringify(claims);
    clearTimeout(this.expiryTimer);
    if (typeof claims.exp !== 'number') return;
    const delay = claims.exp * 1000 - Date.now();
    if (delay < MAX_TIMER_MS) this.expiryTimer = setTimeout(() => this.onExpired(this), Math.max(0, delay));
  }

  /** Closes the channel if its token has expired; true when it did. */
  closeIfExpired(): boolean {
    const expired = typeof this.claims.exp === 'number' && this.claims.exp * 1000 <= Date.now();
    if (expired) this.onExpired(this);
    return expired;
  }

  push(event: string, payload: unknown): void {
    // A change judged while the channel was being left must not reach it afterwards.
    if (this.disposed) return;
    this.sendFrame({ joinRef: this.joinRef, ref: null, topic: this.topic, event, payload });
  }

  system(status: 'ok' | 'error', message: string, extension = 'system'): void {
    this.push('system', { channel: this.subTopic, extension, message, status });
  }

  /** May this channel's client receive `extension` messages from others? */
  canRead(extension: 'broadcast' | 'presence'): boolean {
    return this.rights === null || this.rights.read[extension];
  }

  dispose(): void {
    this.disposed = true;
    clearTimeout(this.expiryTimer);
  }
}
