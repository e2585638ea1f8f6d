import crypto from 'node:crypto';
import { bindingMatches, type Channel } from './channel.ts';
import type { Change } from './visibility.ts';

type Presences = Record<string, { metas: Record<string, unknown>[] }>;

/**
 * Every joined channel of every connection: who wants which row changes, and the in-memory
 * broadcast and presence that hosted Realtime runs through its cluster (one process here).
 */
export class Hub {
  private readonly channels = new Set<Channel>();

  add(channel: Channel): void {
    this.channels.add(channel);
    if (channel.config.presenceEnabled && channel.canRead('presence')) channel.push('presence_state', this.presenceState(channel.hubTopic));
  }

  remove(channel: Channel): void {
    if (!this.channels.delete(channel)) return;
    channel.dispose();
    this.untrack(channel);
  }

  /** Channels with at least one binding for this change. */
  subscribersOf(change: Pick<Change, 'op' | 'schema' | 'table'>): Channel[] {
    return [...this.channels].filter((ch) => ch.bindings.some((b) => bindingMatches(b, change)));
  }

  /**
   * Relays a user broadcast to the topic's other channels (and the sender's with `self`); on a
   * private topic only to members whose policies let them read broadcasts.
   */
  broadcast(from: Channel, payload: Record<string, unknown>): void {
    for (const ch of this.channels) {
      if (ch.hubTopic === from.hubTopic && (ch !== from || from.config.broadcastSelf) && ch.canRead('broadcast'))
        ch.push('broadcast', payload);
    }
  }

  /** `presence` pushes: `track` with a payload, or `untrack`. */
  presence(from: Channel, payload: Record<string, unknown>): void {
    if (payload.event === 'track') {
      const leaves = this.metaOf(from);
      from.presence = { ...((payload.payload as Record<string, unknown>) ?? {}), phx_ref: crypto.randomUUID() };
      this.diff(from.hubTopic, { [from.config.presenceKey]: { metas: [from.presence] } }, leaves);
    } else if (payload.event === 'untrack') {
      this.untrack(from);
    }
  }

  stop(): void {
    for (const ch of this.channels) ch.dispose();
    this.channels.clear();
  }

  private untrack(ch: Channel): void {
    const leaves = this.metaOf(ch);
    ch.presence = null;
    if (Object.keys(leaves).length) this.diff(ch.hubTopic, {}, leaves);
  }

  private metaOf(ch: Channel): Presences {
    return ch.presence ? { [ch.config.presenceKey]: { metas: [ch.presence] } } : {};
  }

  private presenceState(hubTopic: string): Presences {
    const state: Presences = {};
    for (const ch of this.channels) {
      if (ch.hubTopic !== hubTopic || !ch.presence) continue;
      (state[ch.config.presenceKey] ??= { metas: [] }).metas.push(ch.presence);
    }
    return state;
  }

  private diff(hubTopic: string, joins: Presences, leaves: Presences): void {
    for (const ch of this.channels) {
      if (ch.hubTopic === hubTopic && ch.config.presenceEnabled && ch.canRead('presence')) ch.push('presence_diff', { joins, leaves });
    }
  }
}
