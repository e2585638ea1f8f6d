import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import WebSocket from 'ws';
import { signToken } from '../src/jwt.ts';
import { anonClient, serviceClient, postgresDb, signedUpClient } from '../src/testing/clients.ts';
import { listenChanges, type Change, type ChangesBinding } from './realtimeChanges.ts';
import { sleep, waitFor, type Frame } from '../src/testing/realtimeRaw.ts';
import { expiredToken, forgedToken, noneToken } from './tokens.ts';

// Fixture tables of our own: the product schema is not what these tests are about.
const FIXTURES = `
  create table public.rt_posts (
    id bigint generated always as identity primary key,
    title text not null,
    status text not null default 'draft',
    tags text[] not null default '{}',
    meta jsonb not null default '{}',
    author uuid
  );
  alter table public.rt_posts enable row level security;
  create policy rt_read_published on public.rt_posts for select to anon, authenticated using (status = 'published');
  create policy rt_read_own on public.rt_posts for select to authenticated using (author = auth.uid());
  grant select on public.rt_posts to anon, authenticated;
  grant select, insert, update, delete on public.rt_posts to service_role;
  -- In the publication, but readable by service_role only.
  create table public.rt_secrets (id bigint generated always as identity primary key, body text);
  alter table public.rt_secrets enable row level security;
  grant select, insert, delete on public.rt_secrets to service_role;
  alter publication supabase_realtime add table public.rt_posts, public.rt_secrets;
`;

const AUTHOR = '11111111-1111-4111-8111-111111111111';
const QUIET_MS = 600; // how long "nothing arrives" is watched for, after a later change did arrive

let db: pg.Client;
const opened: SupabaseClient[] = [];
const sockets: WebSocket[] = [];

beforeAll(async () => {
  db = await postgresDb();
  await db.query(FIXTURES);
  await db.query(`notify pgrst, 'reload schema'`);
});

afterEach(async () => {
  for (const sb of opened.splice(0)) {
    await sb.removeAllChannels();
    await sb.realtime.disconnect();
  }
  for (const ws of sockets.splice(0)) ws.terminate();
});

afterAll(async () => {
  await db.end();
});

async function insertPost(title: string, status = 'published', author: string | null = null): Promise<number> {
  const { rows } = await db.query('insert into public.rt_posts (title, status, author) values ($1, $2, $3) returning id', [
    title,
    status,
    author,
  ]);
  return Number(rows[0].id);
}

function managed(sb: SupabaseClient): SupabaseClient {
  opened.push(sb);
  return sb;
}

/** Subscribes to postgres_changes on rt_posts (unless told another table), collecting events. */
const listen = (sb: SupabaseClient, binding: Omit<ChangesBinding, 'table'> & { table?: string }, name?: string) =>
  listenChanges(sb, { table: 'rt_posts', ...binding }, name);

const byTitle = (events: Change[], title: string, type = 'INSERT') => events.find((e) => e.eventType === type && e.new.title === title);

describe('realtime postgres_changes through supabase-js', () => {
  it('delivers INSERT and UPDATE with the new record within 2 s', async () => {
    const { events, status } = await listen(managed(anonClient()), { event: '*' });
    expect(status).toBe('SUBSCRIBED');
    const id = await insertPost('Élection à Dakar');
    const inserted = await waitFor(() => byTitle(events, 'Élection à Dakar'));
    expect(inserted).toMatchObject({ schema: 'public', table: 'rt_posts', eventType: 'INSERT', errors: null });
    expect(inserted.new).toEqual({ id, title: 'Élection à Dakar', status: 'published', tags: [], meta: {}, author: null });
    expect(new Date(inserted.commit_timestamp as string).getTime()).toBeGreaterThan(Date.now() - 60_000);

    await db.query(`update public.rt_posts set title = 'Élection à Dakar (mis à jour)', tags = '{a,b}' where id = $1`, [id]);
    const updated = await waitFor(() => events.find((e) => e.eventType === 'UPDATE' && e.new.id === id));
    expect(updated.new).toMatchObject({ title: 'Élection à Dakar (mis à jour)', tags: ['a', 'b'] });
    expect(updated.old).toEqual({ id });
  });

  it('never shows anon a draft, while the service role sees it', async () => {
    const anon = await listen(managed(anonClient()), { event: '*' });
    const service = await listen(managed(serviceClient()), { event: '*' });
    const draftId = await insertPost('Brouillon secret', 'draft');
    await db.query(`update public.rt_posts set title = 'Brouillon secret v2' where id = $1`, [draftId]);
    await insertPost('Article publié');
    // Changes are delivered in order: once the later one is in, the draft's were decided.
    await waitFor(() => byTitle(anon.events, 'Article publié'));
    await waitFor(() => service.events.find((e) => e.eventType === 'UPDATE' && e.new.id === draftId));
    await sleep(QUIET_MS);
    expect(JSON.stringify(anon.events)).not.toContain('Brouillon secret');
    expect(anon.events.some((e) => e.new.id === draftId || e.old.id === draftId)).toBe(false);

    // Publishing it makes the next change visible, as the row now passes the policy.
    await db.query(`update public.rt_posts set status = 'published' where id = $1`, [draftId]);
    const published = await waitFor(() => anon.events.find((e) => e.eventType === 'UPDATE' && e.new.id === draftId));
    expect(published.new.title).toBe('Brouillon secret v2');
  });

  it('applies filters: eq, in, and a negated in', async () => {
    const sb = managed(serviceClient());
    const eq = await listen(sb, { event: 'INSERT', filter: 'status=eq.published' });
    const inList = await listen(sb, { event: 'INSERT', filter: 'title=in.("Filtre, un",Filtre deux)' });
    const notIn = await listen(sb, { event: 'INSERT', filter: 'status=not.in.(published,archived)', select: ['id', 'title'] });
    await insertPost('Filtre, un', 'draft');
    await insertPost('Filtre deux', 'published');
    await insertPost('Filtre trois', 'archived');
    await waitFor(() => byTitle(eq.events, 'Filtre deux'));
    await waitFor(() => inList.events.length === 2 || undefined);
    await waitFor(() => byTitle(notIn.events, 'Filtre, un'));
    await sleep(QUIET_MS);
    expect(eq.events.map((e) => e.new.title)).toEqual(['Filtre deux']);
    expect(inList.events.map((e) => e.new.title)).toEqual(['Filtre, un', 'Filtre deux']);
    expect(notIn.events.map((e) => Object.keys(e.new))).toEqual([['id', 'title']]);
    expect(notIn.events.map((e) => e.new.title)).toEqual(['Filtre, un']);
  });

  it('refuses a filter on a column that does not exist', async () => {
    const { status } = await listen(managed(anonClient()), { event: '*', filter: 'nope=eq.1' });
    expect(status).toMatch(/^CHANNEL_ERROR: .*invalid column for filter nope$/);
  });

  it('answers a filter on a hidden table’s real column exactly as on a column that does not exist (auth.users)', async () => {
    const { sb } = await signedUpClient();
    for (const subscriber of [anonClient(), sb]) {
      const refusal = async (column: string) => {
        const { status } = await listen(managed(subscriber), { event: '*', schema: 'auth', table: 'users', filter: `${column}=eq.x` });
        return status.replaceAll(column, '<column>');
      };
      const real = await refusal('encrypted_password');
      expect(real).toMatch(/^CHANNEL_ERROR: .*invalid column for filter <column>$/);
      expect(await refusal('email')).toBe(real);
      expect(await refusal('no_such_column')).toBe(real);
    }
    // A column the subscriber may select is still filtered on.
    expect((await listen(managed(anonClient()), { event: '*', filter: 'status=eq.published' })).status).toBe('SUBSCRIBED');
  });

  it('sends DELETE with the primary key only, and only to roles that can select the table', async () => {
    const anonPosts = await listen(managed(anonClient()), { event: 'DELETE' });
    const anonSecrets = await listen(managed(anonClient()), { event: '*', table: 'rt_secrets' });
    const serviceSecrets = await listen(managed(serviceClient()), { event: '*', table: 'rt_secrets' });
    const id = await insertPost('À supprimer', 'draft');
    await db.query('delete from public.rt_posts where id = $1', [id]);
    const deleted = await waitFor(() => anonPosts.events.find((e) => e.old.id === id));
    expect(deleted).toMatchObject({ eventType: 'DELETE', new: {}, old: { id } });

    const { rows } = await db.query(`insert into public.rt_secrets (body) values ('code nucléaire') returning id`);
    const secretId = Number(rows[0].id);
    // On a table with RLS an INSERT is shown only while its row can still be selected: wait for it.
    await waitFor(() => serviceSecrets.events.find((e) => e.eventType === 'INSERT'));
    await db.query('delete from public.rt_secrets where id = $1', [secretId]);
    await waitFor(() => serviceSecrets.events.find((e) => e.eventType === 'DELETE'));
    expect(serviceSecrets.events.map((e) => [e.eventType, e.new, e.old])).toEqual([
      ['INSERT', { id: secretId, body: 'code nucléaire' }, {}],
      ['DELETE', {}, { id: secretId }],
    ]);
    await sleep(QUIET_MS);
    expect(anonSecrets.events).toEqual([]);
  });

  it('works with the 1.0.0 serializer too', async () => {
    const sb = managed(
      createClient(inject('apiUrl'), inject('anonKey'), {
        auth: { persistSession: false, autoRefreshToken: false },
        realtime: { transport: WebSocket as never, vsn: '1.0.0' },
      }),
    );
    expect(sb.realtime.vsn).toBe('1.0.0');
    const { events, status } = await listen(sb, { event: 'INSERT' });
    expect(status).toBe('SUBSCRIBED');
    await insertPost('Version un');
    await waitFor(() => byTitle(events, 'Version un'));
  });

  it('carries records larger than NOTIFY’s 8 kB limit, and changes made through REST', async () => {
    const { events } = await listen(managed(anonClient()), { event: 'INSERT' });
    const long = 'x'.repeat(20_000);
    await insertPost(long);
    await waitFor(() => byTitle(events, long));

    let error: unknown = 'not tried';
    for (let i = 0; i < 50 && error; i++) {
      ({ error } = await serviceClient().from('rt_posts').insert({ title: 'Par REST', status: 'published' }));
      if (error) await sleep(100); // PostgREST reloads its schema cache asynchronously
    }
    expect(error).toBeNull();
    await waitFor(() => byTitle(events, 'Par REST'));
  });

  it('stops delivering after unsubscribe', async () => {
    const sb = managed(anonClient());
    const { channel, events } = await listen(sb, { event: 'INSERT' });
    const other = await listen(sb, { event: 'INSERT' });
    expect(await channel.unsubscribe()).toBe('ok');
    await insertPost('Après le départ');
    await waitFor(() => byTitle(other.events, 'Après le départ'));
    await sleep(QUIET_MS);
    expect(events).toEqual([]);
  });

  it('picks up a table added to the publication at runtime', async () => {
    await db.query(`create table public.rt_late (id int primary key, label text);
      grant select on public.rt_late to anon;
      alter publication supabase_realtime add table public.rt_late`);
    const { events } = await listen(managed(anonClient()), { event: 'INSERT', table: 'rt_late' });
    await db.query(`insert into public.rt_late values (1, 'tardif')`);
    const e = await waitFor(() => events[0]);
    expect(e.new).toEqual({ id: 1, label: 'tardif' });
  });
});

describe('realtime change queue', () => {
  it('is readable by no API role', async () => {
    for (const role of ['anon', 'authenticated', 'service_role']) {
      for (const table of ['changes', 'commits']) {
        await db.query(`begin; set local role ${role}`);
        const outcome = await db.query(`select * from _local_realtime.${table}`).then(
          () => 'read',
          (e: Error) => e.message,
        );
        await db.query('rollback');
        expect(outcome, `${role} on ${table}`).toMatch(/permission denied/);
      }
    }
    // PostgREST's login role, which `postgres` may not become (as on hosted): asked of the catalog.
    const { rows } = await db.query(`select has_schema_privilege('authenticator', '_local_realtime', 'USAGE') as usage`);
    expect(rows[0].usage).toBe(false);
  });
});

describe('realtime access tokens', () => {
  it.each([
    ['forged', () => forgedToken()],
    ['alg none', async () => noneToken()],
    ['expired', () => expiredToken()],
  ])('a %s access token is refused and gets no events', async (_name, make) => {
    const sb = managed(anonClient());
    sb.realtime.setAuth(await make());
    const { events, status } = await listen(sb, { event: '*' });
    expect(status).toMatch(/^CHANNEL_ERROR/);
    const witness = await listen(managed(serviceClient()), { event: 'INSERT' });
    await insertPost('Pour personne');
    await waitFor(() => byTitle(witness.events, 'Pour personne'));
    await sleep(QUIET_MS);
    expect(events).toEqual([]);
  });

  it('an access_token update changes what the channel may see', async () => {
    const sb = managed(anonClient());
    const { events } = await listen(sb, { event: 'INSERT' });
    await insertPost('Brouillon d’auteur avant', 'draft', AUTHOR);
    await insertPost('Témoin');
    await waitFor(() => byTitle(events, 'Témoin')); // so the draft above was judged as anon
    const userToken = await signToken({ role: 'authenticated', sub: AUTHOR, aud: 'authenticated' }, Math.floor(Date.now() / 1000) + 600);
    await sb.realtime.setAuth(userToken);
    await sleep(200); // the access_token push is fire-and-forget
    await insertPost('Brouillon d’auteur après', 'draft', AUTHOR);
    await waitFor(() => byTitle(events, 'Brouillon d’auteur après'));
    expect(byTitle(events, 'Brouillon d’auteur avant')).toBeUndefined();
  });

  it('closes the channel when its token expires', async () => {
    const s = await rawSocket('2.0.0');
    // 2–3 s of life: the join is checked within it even on a saturated machine (a token already
    // expired at the join is refused there, another case).
    const token = await signToken({ role: 'anon' }, Math.floor(Date.now() / 1000) + 3);
    s.send(
      'realtime:expiring',
      'phx_join',
      { config: { postgres_changes: [{ event: '*', schema: 'public', table: 'rt_posts' }] }, access_token: token },
      '1',
    );
    expect((await s.next((f) => f.event === 'phx_reply', 5000)).payload.status, 'joined').toBe('ok');
    const system = await s.next((f) => f.event === 'system' && f.payload.status === 'error', 5000);
    expect(system.payload).toMatchObject({ message: 'Token has expired', channel: 'expiring' });
    await s.next((f) => f.event === 'phx_close');
    const count = s.frames.length;
    await insertPost('Après expiration');
    await sleep(QUIET_MS);
    expect(s.frames.slice(count)).toEqual([]);
  });

  it('an invalid access_token update closes the channel', async () => {
    const sb = managed(anonClient());
    const closed: string[] = [];
    const events: Change[] = [];
    const channel: RealtimeChannel = sb
      .channel('to-close')
      .on('postgres_changes' as never, { event: '*', schema: 'public', table: 'rt_posts' } as never, (p: Change) => events.push(p))
      .on('system' as never, {} as never, (p: { status: string; message: string }) => closed.push(`${p.status}: ${p.message}`));
    await new Promise<void>((resolve) => channel.subscribe((s) => s === 'SUBSCRIBED' && resolve()));
    await sb.realtime.setAuth(await forgedToken());
    await waitFor(() => closed.find((m) => m.startsWith('error: Invalid token')));
    await waitFor(() => (channel.state === 'closed' ? true : undefined));
    await insertPost('Après fermeture');
    await sleep(QUIET_MS);
    expect(events).toEqual([]);
  });
});

describe('realtime broadcast', () => {
  it('relays a broadcast (binary frame in 2.0.0) to the other subscribers of the topic', async () => {
    const received: unknown[] = [];
    const receiver = managed(anonClient())
      .channel('salle')
      .on('broadcast', { event: 'ping' }, (p) => received.push(p));
    const sender = managed(anonClient()).channel('salle', { config: { broadcast: { ack: true } } });
    for (const ch of [receiver, sender]) await new Promise<void>((resolve) => ch.subscribe((s) => s === 'SUBSCRIBED' && resolve()));
    expect(await sender.send({ type: 'broadcast', event: 'ping', payload: { n: 1, texte: 'salut' } })).toBe('ok');
    await waitFor(() => received[0]);
    expect(received).toEqual([{ type: 'broadcast', event: 'ping', payload: { n: 1, texte: 'salut' } }]);
  });
});

describe('realtime presence', () => {
  it('shares tracked presence with the other subscribers of the topic', async () => {
    const alice = managed(anonClient()).channel('salon', { config: { presence: { key: 'alice' } } });
    const bob = managed(anonClient()).channel('salon', { config: { presence: { key: 'bob' } } });
    bob.on('presence', { event: 'sync' }, () => undefined);
    for (const ch of [alice, bob]) await new Promise<void>((resolve) => ch.subscribe((s) => s === 'SUBSCRIBED' && resolve()));
    expect(await alice.track({ statut: 'en ligne' })).toBe('ok');
    const state = await waitFor(() => (bob.presenceState().alice ? bob.presenceState() : undefined));
    expect(state.alice).toEqual([expect.objectContaining({ statut: 'en ligne' })]);
    await alice.untrack();
    await waitFor(() => (bob.presenceState().alice ? undefined : true));
  });
});

/** A bare websocket speaking one serializer version, to assert the exact frames. */
async function rawSocket(vsn: '1.0.0' | '2.0.0', apikey = inject('anonKey')) {
  const url = `${inject('apiUrl').replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${apikey}&vsn=${vsn}`;
  const ws = new WebSocket(url);
  sockets.push(ws);
  const frames: Frame[] = [];
  ws.on('message', (data) => {
    const m = JSON.parse(String(data));
    frames.push(vsn === '2.0.0' ? { join_ref: m[0], ref: m[1], topic: m[2], event: m[3], payload: m[4] } : m);
  });
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  let ref = 0;
  return {
    frames,
    send(topic: string, event: string, payload: object, joinRef: string | null = null): string {
      const r = String(++ref);
      ws.send(JSON.stringify(vsn === '2.0.0' ? [joinRef, r, topic, event, payload] : { topic, event, payload, ref: r }));
      return r;
    },
    next: (pred: (f: Frame) => boolean, ms = 2000) => waitFor(() => frames.find(pred), ms),
  };
}

describe.each(['1.0.0', '2.0.0'] as const)('realtime wire protocol, serializer %s', (vsn) => {
  const joinRef = vsn === '2.0.0' ? '7' : null;

  it('answers heartbeats', async () => {
    const s = await rawSocket(vsn);
    const ref = s.send('phoenix', 'heartbeat', {});
    const reply = await s.next((f) => f.ref === ref);
    expect(reply).toMatchObject({ topic: 'phoenix', event: 'phx_reply', payload: { status: 'ok', response: {} } });
  });

  it('joins with ids in binding order, confirms, delivers, and leaves', async () => {
    const s = await rawSocket(vsn);
    const bindings = [
      { event: 'UPDATE', schema: 'public', table: 'rt_posts' },
      { event: 'INSERT', schema: 'public', table: 'rt_posts', filter: 'status=eq.published' },
    ];
    const ref = s.send(
      `realtime:raw-${vsn}`,
      'phx_join',
      { config: { postgres_changes: bindings }, access_token: inject('anonKey') },
      joinRef,
    );
    const reply = await s.next((f) => f.ref === ref);
    expect(reply).toMatchObject({ topic: `realtime:raw-${vsn}`, event: 'phx_reply', payload: { status: 'ok' } });
    if (vsn === '2.0.0') expect(reply.join_ref).toBe(joinRef);
    const announced = reply.payload.response.postgres_changes;
    expect(announced.map(({ id: _id, ...rest }: { id: number }) => rest)).toEqual(bindings);
    expect(new Set(announced.map((b: { id: number }) => typeof b.id === 'number' && b.id)).size).toBe(2);
    const system = await s.next((f) => f.event === 'system');
    expect(system.payload).toEqual({
      status: 'ok',
      message: 'Subscribed to PostgreSQL',
      extension: 'postgres_changes',
      channel: `raw-${vsn}`,
    });

    const id = await insertPost(`Brut ${vsn}`);
    const change = await s.next((f) => f.event === 'postgres_changes');
    expect(change.topic).toBe(`realtime:raw-${vsn}`);
    expect(change.payload.ids).toEqual([announced[1].id]);
    expect(change.payload.data).toMatchObject({
      schema: 'public',
      table: 'rt_posts',
      type: 'INSERT',
      errors: null,
      record: { id, title: `Brut ${vsn}` },
    });
    expect(change.payload.data.columns).toContainEqual({ name: 'id', type: 'int8' });
    expect(change.payload.data.columns).toContainEqual({ name: 'tags', type: '_text' });
    expect(change.payload.data.commit_timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    const leaveRef = s.send(`realtime:raw-${vsn}`, 'phx_leave', {}, joinRef);
    expect((await s.next((f) => f.ref === leaveRef)).payload).toEqual({ status: 'ok', response: {} });
    const count = s.frames.length;
    await insertPost(`Brut ${vsn} après`);
    await sleep(QUIET_MS);
    expect(s.frames.slice(count).filter((f) => f.event === 'postgres_changes')).toEqual([]);
  });

  it('refuses a forged access token at join', async () => {
    const s = await rawSocket(vsn);
    const ref = s.send(
      'realtime:forged',
      'phx_join',
      { config: { postgres_changes: [{ event: '*', schema: 'public', table: 'rt_posts' }] }, access_token: await forgedToken() },
      joinRef,
    );
    const reply = await s.next((f) => f.ref === ref);
    expect(reply.payload.status).toBe('error');
    expect(reply.payload.response.reason).toMatch(/invalid JWT/i);
    const pushRef = s.send('realtime:forged', 'broadcast', { type: 'broadcast', event: 'x', payload: {} }, joinRef);
    expect((await s.next((f) => f.ref === pushRef)).payload).toEqual({ status: 'error', response: { reason: 'unmatched topic' } });
  });
});

describe('realtime websocket handshake', () => {
  const statusOf = (query: string) =>
    new Promise<number>((resolve, reject) => {
      const ws = new WebSocket(`${inject('apiUrl').replace(/^http/, 'ws')}/realtime/v1/websocket?${query}`);
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.on('open', () => (ws.terminate(), resolve(101)));
      ws.on('error', reject);
    });

  it('refuses a socket without a valid project key, and unknown serializer versions', async () => {
    expect(await statusOf(`apikey=${inject('anonKey')}&vsn=2.0.0`)).toBe(101);
    expect(await statusOf(`apikey=${await forgedToken()}&vsn=2.0.0`)).toBe(401);
    expect(await statusOf(`apikey=${noneToken()}&vsn=1.0.0`)).toBe(401);
    expect(await statusOf(`apikey=${inject('anonKey')}&vsn=9.9.9`)).toBe(400);
  });
});
