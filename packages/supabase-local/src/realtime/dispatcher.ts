import type pg from 'pg';
import { bindingMatches, type Channel, type PgBinding } from './channel.ts';
import type { Hub } from './hub.ts';
import { loadTableMeta, type TableMeta } from './tableMeta.ts';
import { judgeChange, type Change, type Verdict } from './visibility.ts';

const BATCH = 200;
// Taking a change deletes it: the queue only ever holds what no subscriber has been offered yet.
// Only changes of committed transactions have a commit mark; they come in commit order, each
// transaction's in the order they were made, all stamped with the commit's time.
const TAKE_SQL = `
  with picked as (
    select c.id, m.seq, m.committed_at
    from _local_realtime.changes c
    join _local_realtime.commits m on m.xid = c.xid
    order by m.seq, c.id
    limit $1
  ), taken as (
    delete from _local_realtime.changes c using picked p where c.id = p.id
    returning c.id, c.schema, c."table", c.op, c.record, c.old_record
  )
  select t.id::text, t.schema, t."table", t.op, t.record, t.old_record, p.committed_at as commit_timestamp
  from taken t join picked p on p.id = t.id
  order by p.seq, t.id`;
// Marks whose changes have all been taken. A transaction's changes are all visible with its mark.
const FORGET_SQL = `
  delete from _local_realtime.commits m
  where not exists (select 1 from _local_realtime.changes c where c.xid = m.xid)`;

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
      await this.pool.query(FORGET_SQL);
      const metas = new Map<string, Promise<TableMeta | null>>();
      // One at a time, so each subscriber gets a table's changes in commit order.
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
    if (!meta || !meta.published.includes(change.op)) return;

    // Subscribers with identical claims see the same thing: they are judged together.
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
    const targets = [...groups.values()];
    if (targets.length === 0) return;

    const verdicts = await judgeChange(
      this.pool,
      meta,
      change,
      targets.map((group) => ({ claims: group[0].channel.claims, filters: group.map((t) => t.binding.conditions) })),
    );
    targets.forEach((group, g) => {
      const verdict = verdicts[g];
      if (!verdict) return;
      const perChannel = new Map<Channel, PgBinding[]>();
      group.forEach((t, i) => {
        if (verdict.matches[i]) perChannel.set(t.channel, [...(perChannel.get(t.channel) ?? []), t.binding]);
      });
      for (const [channel, bindings] of perChannel) send(channel, change, verdict, bindings);
    });
  }
}

/** One message per distinct `select` list, in the shape hosted Realtime sends (see realtime-js). */
function send(channel: Channel, change: Change, verdict: Verdict, bindings: PgBinding[]): void {
  const bySelect = new Map<string, PgBinding[]>();
  for (const b of bindings) bySelect.set(JSON.stringify(b.select ?? null), [...(bySelect.get(JSON.stringify(b.select ?? null)) ?? []), b]);
  for (const [selectKey, group] of bySelect) {
    const select = JSON.parse(selectKey) as string[] | null;
    const kept = (name: string) => !select || select.includes(name) || verdict.keys.includes(name);
    const keep = (o: Record<string, unknown> | null) => o && Object.fromEntries(Object.entries(o).filter(([k]) => kept(k)));
    const data: Record<string, unknown> = {
      schema: change.schema,
      table: change.table,
      commit_timestamp: verdict.bare ? null : new Date(change.commit_timestamp).toISOString(),
      type: change.op,
      columns: verdict.columns.filter((c) => kept(c.name)),
      errors: verdict.errors,
    };
    if (change.op !== 'DELETE') data.record = verdict.bare ? {} : keep(verdict.record ?? {});
    if (change.op !== 'INSERT') data.old_record = verdict.bare ? {} : keep(verdict.oldRecord ?? null);
    channel.push('postgres_changes', { ids: group.map((b) => b.id), data });
  }
}
