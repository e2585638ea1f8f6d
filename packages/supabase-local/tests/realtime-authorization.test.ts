import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, serviceClient, signedUpClient, postgresDb } from '../src/testing/clients.ts';
import { rawSocket, sleep, waitFor, type RawSocket } from '../src/testing/realtimeRaw.ts';

// Issue 12 §6: anyone could broadcast into the home page's channel (900 KB messages reached every
// open page) and fake presence on it. The home page now joins the private channel
// `home-articles`, whose policies on realtime.messages (migration ..._home_channel_authorization)
// let anyone receive and nobody but the service role send.

const HOME = 'home-articles';
const QUIET_MS = 600;

let db: pg.Client;
const opened: SupabaseClient[] = [];
const raws: RawSocket[] = [];
const slugs: string[] = [];

beforeAll(async () => {
  db = await postgresDb();
});
afterEach(async () => {
  for (const sb of opened.splice(0)) {
    await sb.removeAllChannels();
    await sb.realtime.disconnect();
  }
  for (const s of raws.splice(0)) s.close();
});
afterAll(async () => {
  await db.query('delete from public.articles where slug = any($1)', [slugs]);
  await db.end();
});

function managed(sb: SupabaseClient): SupabaseClient {
  opened.push(sb);
  return sb;
}

async function subscribed(channel: RealtimeChannel): Promise<string> {
  return new Promise((resolve) =>
    channel.subscribe((s, err) => (s === 'SUBSCRIBED' ? resolve(s) : s === 'CHANNEL_ERROR' && resolve(`${s}: ${err?.message}`))),
  );
}

/** The home page's own channel, as useLiveArticles opens it, collecting what arrives. */
async function homePage(sb: SupabaseClient, presence = false) {
  const got = { changes: [] as unknown[], broadcasts: [] as unknown[], presence: [] as unknown[] };
  const channel = sb
    .channel(HOME, { config: { private: true, ...(presence ? { presence: { key: 'lecteur' } } : {}) } })
    .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'articles', filter: 'status=eq.published' }, (p) =>
      got.changes.push(p),
    )
    .on('broadcast', { event: '*' }, (p) => got.broadcasts.push(p))
    .on('presence', { event: 'join' }, (p) => got.presence.push(p));
  expect(await subscribed(channel)).toBe('SUBSCRIBED');
  return { channel, got };
}

async function publish(title: string): Promise<void> {
  const slug = `rt-auth-${Date.now().toString(36)}-${slugs.length}`;
  slugs.push(slug);
  await db.query(`insert into public.articles (slug, title, content, status) values ($1, $2, '<p>x</p>', 'published')`, [slug, title]);
}

describe('realtime authorization: the private home channel', () => {
  it('anon and signed-in readers join it and still receive published articles', async () => {
    const anon = await homePage(managed(anonClient()));
    const reader = await signedUpClient('Lecteur en direct');
    managed(reader.sb);
    const signedIn = await homePage(reader.sb);
    await publish('Direct : le Parlement vote le budget');
    for (const page of [anon, signedIn]) {
      const change = await waitFor(() => page.got.changes[0] as { new: { title: string } } | undefined);
      expect(change.new.title).toBe('Direct : le Parlement vote le budget');
    }
  });

  it('an anon broadcast into it reaches nobody, with supabase-js or a raw socket', async () => {
    const victim = await homePage(managed(anonClient()));
    const watcher = await homePage(managed(serviceClient()));
    const attacker = managed(anonClient()).channel(HOME, { config: { private: true, broadcast: { self: true } } });
    expect(await subscribed(attacker)).toBe('SUBSCRIBED');
    await attacker.send({ type: 'broadcast', event: 'alerte', payload: { titre: 'Faux flash', bourrage: 'x'.repeat(200_000) } });

    const raw = await rawSocket();
    raws.push(raw);
    expect((await raw.join(HOME, { private: true })).status).toBe('ok');
    raw.send(`realtime:${HOME}`, 'broadcast', { type: 'broadcast', event: 'alerte', payload: { titre: 'Faux flash brut' } });
    // The same name joined as a public channel is another topic: nothing crosses over.
    const publicRaw = await rawSocket();
    raws.push(publicRaw);
    expect((await publicRaw.join(HOME)).status).toBe('ok');
    publicRaw.send(`realtime:${HOME}`, 'broadcast', { type: 'broadcast', event: 'alerte', payload: { titre: 'Faux flash public' } });

    // Control: the service role may send, and what it sends arrives; it went out after the
    // attacks, so once it is in, theirs were decided.
    const service = managed(serviceClient()).channel(HOME, { config: { private: true } });
    expect(await subscribed(service)).toBe('SUBSCRIBED');
    expect(await service.send({ type: 'broadcast', event: 'annonce', payload: { texte: 'vrai' } })).toBe('ok');
    await waitFor(() => victim.got.broadcasts[0]);
    await sleep(QUIET_MS);
    for (const page of [victim, watcher])
      expect(page.got.broadcasts).toEqual([{ type: 'broadcast', event: 'annonce', payload: { texte: 'vrai' } }]);
  });

  it('anon cannot fake presence on it', async () => {
    const watcher = await homePage(managed(serviceClient()), true);
    const attacker = managed(anonClient()).channel(HOME, { config: { private: true, presence: { key: 'faux-lecteur' } } });
    expect(await subscribed(attacker)).toBe('SUBSCRIBED');
    expect(await attacker.track({ lecteurs: 100_000 })).toBe('error');

    const raw = await rawSocket();
    raws.push(raw);
    expect((await raw.join(HOME, { private: true, presence: { key: 'faux-brut', enabled: true } })).status).toBe('ok');
    const ref = raw.send(`realtime:${HOME}`, 'presence', { type: 'presence', event: 'track', payload: { lecteurs: 1 } });
    expect((await raw.next((f) => f.ref === ref)).payload.status).toBe('error');

    // Control: the service role's own track is seen.
    const service = managed(serviceClient()).channel(HOME, { config: { private: true, presence: { key: 'redaction' } } });
    expect(await subscribed(service)).toBe('SUBSCRIBED');
    expect(await service.track({ role: 'redaction' })).toBe('ok');
    await waitFor(() => (watcher.channel.presenceState().redaction ? true : undefined));
    await sleep(QUIET_MS);
    expect(Object.keys(watcher.channel.presenceState()).sort()).toEqual(['redaction']);
  });

  it('a private topic no policy opens refuses the join with Realtime’s reason', async () => {
    const raw = await rawSocket();
    raws.push(raw);
    expect(await raw.join('salle-privee', { private: true })).toEqual({
      status: 'error',
      response: { reason: 'Unauthorized: You do not have permissions to read from this Channel topic: salle-privee' },
    });
    const status = await subscribed(managed(anonClient()).channel('salle-privee', { config: { private: true } }));
    expect(status).toMatch(/^CHANNEL_ERROR: .*You do not have permissions to read from this Channel topic: salle-privee/);
  });
});
