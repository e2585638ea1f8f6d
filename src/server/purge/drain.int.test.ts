import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { senderDb } from '@/newsletter/sender';
import { postgresDb, serviceClient, signedUpClient } from '@afriqueactu/supabase-local/testing';
import { PurgeError, type PurgeAdapter, type PurgeBatch } from './adapter';
import { purgeAdapterFromEnv } from './config';
import { drainPurges } from './drain';
import { fakeCdn } from './fakeCdn';

// The purge sender against the real queue (the service role's purge_claim / purge_sent /
// purge_failed): each change is sent twice (once seen, then once no instance can prove an older
// version), a failing CDN is retried with back-off and reported, and two instances send each once.

const db = senderDb(inject('apiUrl'), inject('serviceRoleKey'));
const svc = serviceClient();
let pgdb: pg.Client;
const created: string[] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const SECOND_AFTER_MS = 400;

/** A CDN that records what it was asked (and fails while `failing` says so). */
function recordingCdn(failing: () => boolean = () => false, retryAfterMs = 0): PurgeAdapter & { batches: PurgeBatch[] } {
  const batches: PurgeBatch[] = [];
  return {
    name: 'test',
    batches,
    async purge(batch) {
      if (failing()) throw new PurgeError('CDN de test hors service', retryAfterMs);
      batches.push(batch);
    },
  };
}

/** A new category: one queued change whose key is `category-<id>`. */
async function change(): Promise<string> {
  const slug = `purge-envoi-${Math.random().toString(36).slice(2, 10)}`;
  const { data, error } = await svc.from('categories').insert({ name: slug, slug }).select('id').single();
  if (error) throw error;
  created.push(data.id);
  return `category-${data.id}`;
}

const version = async () => String((await svc.rpc('content_version')).data);
const sends = (adapters: { batches: PurgeBatch[] }[], key: string) =>
  adapters.flatMap((a) => a.batches).filter((b) => b.keys.includes(key)).length;
const row = async (key: string) =>
  (await pgdb.query('select sends, attempts, done_at, last_error from private.purge_queue where $1 = any(keys)', [key])).rows[0];

beforeAll(async () => {
  pgdb = await postgresDb();
});
afterAll(async () => {
  await svc.from('categories').delete().in('id', created);
  await pgdb.end();
});

describe('the purge sender', () => {
  it('sends nothing of a version this instance has not seen; then once, and again after the proof window', async () => {
    // Longer than one drain, however slow a loaded machine makes it: its second send is never due in the same drain.
    const slowWindowMs = 1500;
    const before = await version();
    const key = await change();
    const cdn = recordingCdn();
    await drainPurges({ db, adapter: cdn, seenVersion: () => before, secondAfterMs: slowWindowMs });
    expect(sends([cdn], key), 'before its version is seen').toBe(0);
    const seen = await version();
    await drainPurges({ db, adapter: cdn, seenVersion: () => seen, secondAfterMs: slowWindowMs });
    expect(sends([cdn], key), 'first send').toBe(1);
    await drainPurges({ db, adapter: cdn, seenVersion: () => seen, secondAfterMs: slowWindowMs });
    expect(sends([cdn], key), 'not again before the window').toBe(1);
    await sleep(slowWindowMs + 100);
    await drainPurges({ db, adapter: cdn, seenVersion: () => seen, secondAfterMs: slowWindowMs });
    expect(sends([cdn], key), 'second send').toBe(2);
    expect(await row(key)).toMatchObject({ sends: 2, done_at: expect.any(Date) });
    await drainPurges({ db, adapter: cdn, seenVersion: () => seen, secondAfterMs: 0 });
    expect(sends([cdn], key), 'done: never again').toBe(2);
  });

  it('a failing CDN: retried after back-off, reported to administrators, sent later', async () => {
    const key = await change();
    const seen = await version();
    let failing = true;
    const cdn = recordingCdn(() => failing);
    const logged: string[] = [];
    await drainPurges({ db, adapter: cdn, seenVersion: () => seen, secondAfterMs: SECOND_AFTER_MS, log: (m) => logged.push(m) });
    expect(logged.join('\n')).toContain('Purge CDN en échec (test), nouvel essai plus tard : CDN de test hors service');
    expect(await row(key)).toMatchObject({ sends: 0, attempts: 1, done_at: null, last_error: 'CDN de test hors service' });
    failing = false;
    await drainPurges({ db, adapter: cdn, seenVersion: () => seen, secondAfterMs: SECOND_AFTER_MS });
    expect(sends([cdn], key), 'not before its back-off (1 s)').toBe(0);

    // The dashboard's line: administrators see the failure; nobody else may ask.
    const { sb: admin, userId } = await signedUpClient(`Admin purge ${Date.now()}`);
    await svc.from('user_roles').insert({ user_id: userId, role: 'admin' });
    const status = await admin.rpc('purge_status');
    expect(status.error).toBeNull();
    expect(status.data?.[0]).toMatchObject({ failing: expect.any(Number), last_error: expect.any(String) });
    expect(status.data?.[0].failing).toBeGreaterThanOrEqual(1);

    await sleep(1100);
    await drainPurges({ db, adapter: cdn, seenVersion: () => seen, secondAfterMs: SECOND_AFTER_MS });
    expect(sends([cdn], key), 'sent once the back-off is over').toBe(1);
    // Its change is older than the proof window by now: this one send is also the last.
    expect(await row(key)).toMatchObject({ sends: 2, attempts: 0, done_at: expect.any(Date) });
  });

  it('the back-off doubles (1 s, 2 s, 4 s …) up to 60 s, or what the CDN asked', async () => {
    const key = await change();
    const seen = await version();
    const waits: number[] = [];
    // The last failure is a 429 whose Retry-After asks for 90 s.
    for (const retryAfterMs of [0, 0, 0, 0, 0, 0, 0, 0, 90_000]) {
      await pgdb.query('update private.purge_queue set next_attempt_at = now() where $1 = any(keys)', [key]);
      await drainPurges({ db, adapter: recordingCdn(() => true, retryAfterMs), seenVersion: () => seen, log: () => {} });
      const { rows } = await pgdb.query<{ wait: number }>(
        'select extract(epoch from next_attempt_at - failed_at)::integer as wait from private.purge_queue where $1 = any(keys)',
        [key],
      );
      waits.push(rows[0].wait);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 90]);
  });

  it('two instances draining at once send each change once, and its second send once', async () => {
    const keys = [await change(), await change(), await change(), await change()];
    const seen = await version();
    const a = recordingCdn();
    const b = recordingCdn();
    const drain = (cdn: PurgeAdapter) => drainPurges({ db, adapter: cdn, seenVersion: () => seen, secondAfterMs: SECOND_AFTER_MS });
    for (let round = 0; round < 4; round++) {
      await Promise.all([drain(a), drain(b), drain(a), drain(b)]);
      await sleep(SECOND_AFTER_MS / 2);
    }
    await sleep(SECOND_AFTER_MS);
    await Promise.all([drain(a), drain(b)]);
    for (const key of keys) expect(sends([a, b], key), key).toBe(2);
  });

  it('Cloudflare by address: a renamed article’s new and old addresses, its category’s page and feed', async () => {
    const cloudflare = await fakeCdn([{ status: 200, body: '{"success":true,"errors":[],"messages":[],"result":{"id":"z"}}' }]);
    try {
      const key = await change();
      const categoryId = key.slice('category-'.length);
      const categorySlug = (await svc.from('categories').select('slug').eq('id', categoryId).single()).data!.slug;
      // A new category changes the menu, on every page: by address, that is everything. Sent first.
      await drainPurges({ db, adapter: recordingCdn(), seenVersion: () => `${Number.MAX_SAFE_INTEGER}@`, secondAfterMs: 0 });
      const slug = `adresse-${Date.now()}`;
      const { data: article } = await svc
        .from('articles')
        .insert({
          slug,
          title: 'Adresse',
          content: 'x',
          status: 'published',
          published_at: new Date(Date.now() - 1000).toISOString(),
          category_id: categoryId,
        })
        .select('id')
        .single();
      await svc
        .from('articles')
        .update({ slug: `${slug}-v2` })
        .eq('id', article!.id);
      const env = { CLOUDFLARE_ZONE_ID: 'zone', CLOUDFLARE_API_TOKEN: 'jeton', CLOUDFLARE_API_BASE: cloudflare.url };
      const adapter = purgeAdapterFromEnv(env, db, 'https://afriqueactu.example');
      await drainPurges({ db, adapter, seenVersion: () => `${Number.MAX_SAFE_INTEGER}@`, secondAfterMs: SECOND_AFTER_MS });
      expect(cloudflare.received[0]).toMatchObject({ url: '/zones/zone/purge_cache', headers: { authorization: 'Bearer jeton' } });
      const files = cloudflare.received.flatMap((r) => (JSON.parse(r.body) as { files?: string[] }).files ?? []);
      expect(files).toEqual(
        expect.arrayContaining(
          [
            `/article/${slug}`,
            `/article/${slug}-v2`,
            `/category/${categorySlug}`,
            `/category/${categorySlug}/rss.xml`,
            '/',
            '/edition.json',
            '/rss.xml',
          ].map((p) => `https://afriqueactu.example${p}`),
        ),
      );
      await svc.from('articles').delete().eq('id', article!.id);
    } finally {
      await cloudflare.close();
    }
  });
});
