import type pg from 'pg';
import { bindingMatches, type Channel, type PgBinding } from './channel.ts';
import type { Hub } from './hub.ts';
import { judge, loadTableMeta, type Change, type TableMeta, type Verdict } from './visibility.ts';

const BATCH = 200;
// Taking a change deletes it: the queue only ever holds what no subscriber has been offered yet.
const TAKE_SQL = `
  delete from _local_realtime.changes
  where id in (select id from _local_realtime.changes order by id limit $1)
  returning id::text, schema, "table", op, record, old_record, commit_timestamp`;

/** Drains the change queue and fans each change out to the subscribers allowed to see it. */
export class Dispatcher {
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly hub: Hub,
  ) {}

  /** Called on every notification; overlapping calls collapse into one more pass. */
  drain(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.loop()
      .catch((err: Error) => console.error(`[realtime] draining changes: ${err.message}`))
      .finally(() => {
        this.running = null;
        if (this.again) this.drain();
      });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.running;
  }

  private async loop(): Promise<void> {
    for (;;) {
      this.again = false;
      const { rows } = await this.pool.query<Change>(TAKE_SQL, [BATCH]);
      rows.sort((a, b) => Number(BigInt(a.id) - BigInt(b.id)));
      const metas = new Map<string, Promise<TableMeta | null>>();
      // In order, so each subscriber sees a row's changes in the order they happened.
      for (const change of rows) {
        if (this.stopped) return;
        await this.dispatch(change, metas).catch((err: Error) => console.error(`[realtime] change ${change.id}: ${err.message}`));
      }
      if (rows.length < BATCH) return;
    }
  }

  private async dispatch(change: Change, metas: Map<string, Promise<TableMeta | null>>): Promise<void> {
    const channels = this.hub.subscribersOf(change);
    if (channels.length === 0) return;
    const key = `${change.schema}.${change.table}`;
    if (!metas.has(key)) metas.set(key, loadTableMeta(this.pool, change.schema, change.table));
    const meta = await metas.get(key)!;
    if (!meta) return;

    // Subscribers with identical claims see the same thing: one visibility query per claims set.
    const groups = new Map<string, { channel: Channel; binding: PgBinding }[]>();
    for (const channel of channels) {
      if (channel.closeIfExpired()) continue;
      for (const binding of channel.bindings) {
        if (!bindingMatches(binding, change)) continue;
        const group = groups.get(channel.claimsKey) ?? [];
        group.push({ channel, binding });
        groups.set(channel.claimsKey, group);
      }
    }

    await Promise.all(
      [...groups.values()].map(async (targets) => {
        const conditions = targets.map((t) => t.binding.conditions);
        // A permission error, a policy raising, a dropped table: these subscribers get nothing.
        const verdict = await judge(this.pool, targets[0].channel.claims, meta, change, conditions).catch(
          (err: Error & { code?: string }) => {
            if (err.code !== '42501') console.error(`[realtime] visibility of ${key} change ${change.id}: ${err.message}`);
            return null;
          },
        );
        if (!verdict) return;
        const perChannel = new Map<Channel, PgBinding[]>();
        targets.forEach((t, i) => {
          if (verdict.matches[i]) perChannel.set(t.channel, [...(perChannel.get(t.channel) ?? []), t.binding]);
        });
        for (const [channel, bindings] of perChannel) send(channel, change, verdict, bindings);
      }),
    );
  }
}

/** One message per distinct `select` list, in the shape hosted Realtime sends (see realtime-js). */
function send(channel: Channel, change: Change, verdict: Verdict, bindings: PgBinding[]): void {
  const bySelect = new Map<string, PgBinding[]>();
  for (const b of bindings) bySelect.set(JSON.stringify(b.select ?? null), [...(bySelect.get(JSON.stringify(b.select ?? null)) ?? []), b]);
  for (const [selectKey, group] of bySelect) {
    const select = JSON.parse(selectKey) as string[] | null;
    const keep = (o: Record<string, unknown>) => (select ? Object.fromEntries(Object.entries(o).filter(([k]) => select.includes(k))) : o);
    const data: Record<string, unknown> = {
      schema: change.schema,
      table: change.table,
      commit_timestamp: new Date(change.commit_timestamp).toISOString(),
      type: change.op,
      columns: select ? verdict.columns.filter((c) => select.includes(c.name)) : verdict.columns,
      errors: verdict.errors,
    };
    if (verdict.record) data.record = keep(verdict.record);
    if (verdict.oldRecord) data.old_record = keep(verdict.oldRecord);
    channel.push('postgres_changes', { ids: group.map((b) => b.id), data });
  }
}
