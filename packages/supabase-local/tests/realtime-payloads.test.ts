import type { SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { anonClient, serviceClient, postgresDb } from '../src/testing/clients.ts';
import { listenChanges, type Change, type ChangesBinding } from './realtimeChanges.ts';
import { sleep, waitFor } from '../src/testing/realtimeRaw.ts';

// Issue 13 §3: hosted Realtime sends each change as the WAL recorded it, evaluates filters on that
// record, checks RLS by asking, as the subscriber, whether a row with that primary key exists, and
// delivers in commit order. These tests pin what a subscriber sees of quick successive changes.

const FIXTURES = `
  create table public.rtp_items (
    id bigint generated always as identity primary key,
    label text not null,
    status text not null default 'draft',
    priority int not null default 0,
    secret text
  );
  alter table public.rtp_items enable row level security;
  create policy rtp_items_read on public.rtp_items for select to anon using (status <> 'hidden');
  grant select (id, label, status, priority) on public.rtp_items to anon;
  grant select, insert, update, delete on public.rtp_items to service_role;

  -- Old values travel whole under REPLICA IDENTITY FULL.
  create table public.rtp_full (id int primary key, label text, status text, secret text);
  alter table public.rtp_full replica identity full;
  alter table public.rtp_full enable row level security;
  create policy rtp_full_read on public.rtp_full for select to anon using (status <> 'hidden');
  grant select (id, label, status) on public.rtp_full to anon;
  create table public.rtp_open (id int primary key, label text);
  alter table public.rtp_open replica identity full;
  grant select on public.rtp_open to anon;

  create table public.rtp_nokey (label text);
  grant select on public.rtp_nokey to anon;

  -- Every row anon may see costs a second to check: it holds the dispatcher while others commit.
  create table public.rtp_slow (id int primary key);
  alter table public.rtp_slow enable row level security;
  create policy rtp_slow_read on public.rtp_slow for select to anon using (pg_sleep(1) is not null);
  grant select on public.rtp_slow to anon;

  -- A policy that raises whenever it is asked.
  create table public.rtp_broken (id int primary key, label text);
  alter table public.rtp_broken enable row level security;
  create policy rtp_broken_read on public.rtp_broken for select to anon using (1 / (id - id) = 1);
  grant select on public.rtp_broken to anon, service_role;

  alter publication supabase_realtime add table public.rtp_items, public.rtp_full, public.rtp_open, public.rtp_nokey, public.rtp_slow,
    public.rtp_broken;
`;

const QUIET_MS = 600;

let db: pg.Client;
const opened: SupabaseClient[] = [];

beforeAll(async () => {
  db = await postgresDb();
  await db.query(FIXTURES);
});

afterEach(async () => {
  for (const sb of opened.splice(0)) {
    await sb.removeAllChannels();
    await sb.realtime.disconnect();
  }
});

afterAll(async () => {
  await db.end();
});

function managed(sb: SupabaseClient): SupabaseClient {
  opened.push(sb);
  return sb;
}

async function subscribe(binding: ChangesBinding, sb: SupabaseClient = anonClient()) {
  const listening = await listenChanges(managed(sb), binding);
  expect(listening.status).toBe('SUBSCRIBED');
  return listening.events;
}

async function insertItem(label: string, status = 'published'): Promise<number> {
  const { rows } = await db.query('insert into public.rtp_items (label, status, secret) values ($1, $2, $3) returning id', [
    label,
    status,
    `secret of ${label}`,
  ]);
  return Number(rows[0].id);
}

const labels = (events: Change[]) => events.map((e) => `${e.eventType} ${String(e.new.label ?? e.old.id)}`);

describe('realtime payloads come from the change itself', () => {
  it('two quick updates arrive as two events, with the first and the second state', async () => {
    const events = await subscribe({ event: 'UPDATE', table: 'rtp_items' });
    const id = await insertItem('état 0');
    // Two commits sent together: the second lands before the first is delivered.
    await db.query(`begin; update public.rtp_items set label = 'état 1', priority = 1 where id = ${id}; commit;
                    begin; update public.rtp_items set label = 'état 2', priority = 2 where id = ${id}; commit;`);
    await waitFor(() => events[1]);
    expect(events.map((e) => e.new)).toEqual([
      { id, label: 'état 1', status: 'published', priority: 1 },
      { id, label: 'état 2', status: 'published', priority: 2 },
    ]);
    // REPLICA IDENTITY DEFAULT: the old record is the primary key; `secret` is not anon's to select.
    expect(events.map((e) => e.old)).toEqual([{ id }, { id }]);
  });

  it('two updates in one transaction arrive as two events, with each state', async () => {
    const events = await subscribe({ event: 'UPDATE', table: 'rtp_items' });
    const id = await insertItem('avant');
    await db.query(`begin;
      update public.rtp_items set label = 'pendant' where id = ${id};
      update public.rtp_items set label = 'après', status = 'archived' where id = ${id};
      commit;`);
    await waitFor(() => events[1]);
    expect(events.map((e) => [e.new.label, e.new.status])).toEqual([
      ['pendant', 'published'],
      ['après', 'archived'],
    ]);
    expect(events[0].commit_timestamp).toBe(events[1].commit_timestamp);
  });

  it('evaluates filters on each change’s new values, with the column’s type', async () => {
    const id = await insertItem('filtré');
    const filtered = await subscribe({ event: 'UPDATE', table: 'rtp_items', filter: 'priority=gte.10' });
    const witness = await subscribe({ event: 'UPDATE', table: 'rtp_items' });
    // Matches, then leaves the filter before delivery: the matching change is still delivered.
    await db.query(`begin;
      update public.rtp_items set priority = 10, label = 'entré' where id = ${id};
      update public.rtp_items set priority = 2, label = 'sorti' where id = ${id};
      commit;`);
    // Does not match (9 < 10 as integers, though '9' > '10' as text), then enters it.
    await db.query(`begin;
      update public.rtp_items set priority = 9, label = 'pas encore' where id = ${id};
      update public.rtp_items set priority = 12, label = 'revenu' where id = ${id};
      commit;`);
    await waitFor(() => witness[3]);
    await sleep(QUIET_MS);
    expect(labels(filtered)).toEqual(['UPDATE entré', 'UPDATE revenu']);
    expect(filtered.map((e) => e.new.priority)).toEqual([10, 12]);
  });

  it('keeps commit order over a burst of changes', async () => {
    const events = await subscribe({ event: '*', table: 'rtp_items' });
    const counter = await insertItem('compteur 0');
    await waitFor(() => events[0]);
    const burst = Array.from(
      { length: 20 },
      (_, i) => `begin; insert into public.rtp_items (label) values ('rafale ${i + 1}');
        update public.rtp_items set label = 'compteur ${i + 1}' where id = ${counter}; commit;`,
    );
    await db.query(burst.join('\n'));
    await waitFor(() => events[40], 10_000);
    const expected = ['INSERT compteur 0'];
    for (let i = 1; i <= 20; i++) expected.push(`INSERT rafale ${i}`, `UPDATE compteur ${i}`);
    expect(labels(events)).toEqual(expected);
  });

  it('delivers concurrent transactions in the order they committed, not the order they started writing', async () => {
    const slow = await subscribe({ event: 'INSERT', table: 'rtp_slow' });
    const items = await subscribe({ event: 'INSERT', table: 'rtp_items' });
    const other = new pg.Client({ connectionString: inject('dbUrl') });
    await other.connect();
    try {
      await db.query('insert into public.rtp_slow values (1)');
      await sleep(200); // the dispatcher is now checking that row, for a second
      await other.query(`begin; insert into public.rtp_items (label, status) values ('ouvert en premier', 'published')`);
      await insertItem('validé en premier');
      await other.query('commit');
      await waitFor(() => items[1], 5000);
      expect(labels(items)).toEqual(['INSERT validé en premier', 'INSERT ouvert en premier']);
      expect(slow).toHaveLength(1);
    } finally {
      await other.end();
    }
  });

  it('stamps every change with its transaction’s commit time', async () => {
    const events = await subscribe({ event: 'INSERT', table: 'rtp_items' });
    const results = (await db.query(`begin;
      insert into public.rtp_items (label, status) values ('horodaté 1', 'published');
      select pg_sleep(0.3);
      select clock_timestamp() as before_commit;
      insert into public.rtp_items (label, status) values ('horodaté 2', 'published');
      commit;`)) as unknown as pg.QueryResult[];
    const beforeCommit = (results.find((r) => r.rows[0]?.before_commit)!.rows[0].before_commit as Date).getTime();
    await waitFor(() => events[1]);
    const stamps = events.map((e) => new Date(e.commit_timestamp).getTime());
    expect(stamps[0]).toBe(stamps[1]);
    expect(stamps[0]).toBeGreaterThanOrEqual(Math.floor(beforeCommit));
    expect(events[0].commit_timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });
});

describe('realtime old records and deletes', () => {
  it('under REPLICA IDENTITY FULL, an UPDATE carries the old row; a DELETE the primary key, filtered on the old row', async () => {
    const all = await subscribe({ event: '*', table: 'rtp_full' });
    const archivedGone = await subscribe({ event: 'DELETE', table: 'rtp_full', filter: 'status=eq.archived' });
    // One step at a time: an INSERT or UPDATE is shown only while its row still passes RLS.
    await db.query(`insert into public.rtp_full values (1, 'premier', 'published', 'caché'), (2, 'second', 'published', 'caché')`);
    await waitFor(() => all[1]);
    await db.query(`update public.rtp_full set label = 'premier bis', status = 'archived' where id = 1`);
    await waitFor(() => all[2]);
    await db.query(`delete from public.rtp_full where id in (1, 2)`);
    await waitFor(() => all[4]);
    expect(all.map((e) => [e.eventType, e.new, e.old])).toEqual([
      ['INSERT', { id: 1, label: 'premier', status: 'published' }, {}],
      ['INSERT', { id: 2, label: 'second', status: 'published' }, {}],
      ['UPDATE', { id: 1, label: 'premier bis', status: 'archived' }, { id: 1, label: 'premier', status: 'published' }],
      // The row is gone and RLS cannot be checked against it: the primary key only.
      ['DELETE', {}, { id: 1 }],
      ['DELETE', {}, { id: 2 }],
    ]);
    await sleep(QUIET_MS);
    expect(archivedGone.map((e) => e.old)).toEqual([{ id: 1 }]);
  });

  it('without RLS, a row inserted and deleted before delivery still arrives as both changes', async () => {
    const open = await subscribe({ event: '*', table: 'rtp_open' });
    const guarded = await subscribe({ event: '*', table: 'rtp_items' });
    await db.query(`begin; insert into public.rtp_open values (7, 'éphémère'); delete from public.rtp_open where id = 7; commit;`);
    await db.query(`begin;
      insert into public.rtp_items (label, status) values ('éphémère', 'published');
      delete from public.rtp_items where label = 'éphémère';
      commit;`);
    await waitFor(() => open[1]);
    expect(open.map((e) => [e.eventType, e.new, e.old])).toEqual([
      ['INSERT', { id: 7, label: 'éphémère' }, {}],
      ['DELETE', {}, { id: 7, label: 'éphémère' }],
    ]);
    // With RLS, visibility is asked of the table as the subscriber: the row is gone, so the INSERT
    // is not shown; the DELETE is, with its primary key.
    const deleted = await waitFor(() => guarded.find((e) => e.eventType === 'DELETE'));
    expect(guarded).toEqual([deleted]);
    expect(Object.keys(deleted.old)).toEqual(['id']);
  });

  it('a table without a primary key sends INSERTs as an error without the row, as hosted does', async () => {
    const events = await subscribe({ event: 'INSERT', table: 'rtp_nokey' });
    await db.query(`insert into public.rtp_nokey values ('sans clé')`);
    const e = await waitFor(() => events[0]);
    expect(e.errors).toEqual(['Error 400: Bad Request, no primary key']);
    expect(e.new).toEqual({});
  });

  it('a policy that raises sends hosted’s error to that subscriber, never the row', async () => {
    const anon = await subscribe({ event: 'INSERT', table: 'rtp_broken' });
    const service = await subscribe({ event: 'INSERT', table: 'rtp_broken' }, serviceClient());
    await db.query(`insert into public.rtp_broken values (1, 'gardé')`);
    const e = await waitFor(() => anon[0]);
    expect(e.errors).toEqual(['Error 500: Internal Server Error, RLS policy evaluation failed']);
    expect(e.new).toEqual({});
    expect(JSON.stringify(e)).not.toContain('gardé');
    expect((await waitFor(() => service[0])).new).toEqual({ id: 1, label: 'gardé' });
  });

  it('a record over 1 MiB keeps only its small values and says so', async () => {
    const events = await subscribe({ event: 'INSERT', table: 'rtp_items' });
    const id = await insertItem('x'.repeat(1_100_000));
    const e = await waitFor(() => events[0], 5000);
    expect(e.errors).toEqual(['Error 413: Payload Too Large']);
    expect(e.new).toEqual({ id, status: 'published', priority: 0 });
  });
});

describe('realtime and the publication', () => {
  it('sends only the operations the publication publishes', async () => {
    const events = await subscribe({ event: '*', table: 'rtp_open' });
    await db.query(`alter publication supabase_realtime set (publish = 'insert')`);
    try {
      await db.query(`insert into public.rtp_open values (20, 'publié'); update public.rtp_open set label = 'non publié' where id = 20`);
      await db.query(`insert into public.rtp_open values (21, 'témoin')`);
      await waitFor(() => events[1]);
      await sleep(QUIET_MS);
      expect(labels(events)).toEqual(['INSERT publié', 'INSERT témoin']);
    } finally {
      await db.query(`alter publication supabase_realtime set (publish = 'insert, update, delete, truncate')`);
    }
  });
});

describe('realtime filters and column privileges', () => {
  it('refuses a filter on a column the subscriber may not select', async () => {
    const binding = { event: '*', table: 'rtp_items', filter: 'secret=eq.x' };
    const { status } = await listenChanges(managed(anonClient()), binding);
    expect(status).toMatch(/^CHANNEL_ERROR: .*invalid column for filter secret/);
    expect((await listenChanges(managed(serviceClient()), binding)).status).toBe('SUBSCRIBED');
  });

  it('refuses what hosted’s filter check refuses: like on a non-text column, more than 100 values in `in`', async () => {
    const status = async (filter: string) =>
      (await listenChanges(managed(anonClient()), { event: '*', table: 'rtp_items', filter })).status;
    expect(await status('priority=like.1%')).toMatch(/operator like requires a text-compatible column type, got integer/);
    expect(await status('priority=not.imatch.^1')).toMatch(/operator imatch requires a text-compatible column type, got integer/);
    expect(await status(`priority=in.(${Array.from({ length: 101 }, (_, i) => i).join(',')})`)).toMatch(
      /too many values for `in` filter. Maximum 100/,
    );
    expect(await status('label=ilike.*Dakar*')).toBe('SUBSCRIBED');
    expect(await status(`priority=in.(${Array.from({ length: 100 }, (_, i) => i).join(',')})`)).toBe('SUBSCRIBED');
  });
});
