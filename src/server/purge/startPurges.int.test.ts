import { afterAll, describe, expect, inject, it } from 'vitest';
import { serviceClient } from '@afriqueactu/supabase-local/testing';
import { ContentVersion, POLL_MS, PROOF_MS } from '../contentVersion';
import { startPurges } from './config';
import { fakeCdn } from './fakeCdn';

// The sender as `npm start` runs it (startPurges, from the environment) with the server's own
// ContentVersion poll, against a local cache taking BAN: a change's keys reach the cache about a
// second after the commit, and again once PROOF_MS + POLL_MS have passed.

const svc = serviceClient();
const created: string[] = [];
afterAll(async () => {
  await svc.from('categories').delete().in('id', created);
});

describe('startPurges with CDN_PURGE_URL', () => {
  it(
    'BANs a change’s keys within ~2 s of the commit, and again within ~8 s, not before the proof window',
    { timeout: 20_000 },
    async () => {
      const cache = await fakeCdn([{ status: 200 }]);
      const version = new ContentVersion(async () => String((await svc.rpc('content_version')).data));
      void version.start();
      const sender = startPurges(
        { SUPABASE_SERVICE_ROLE_KEY: inject('serviceRoleKey'), CDN_PURGE_URL: cache.url },
        { supabaseUrl: inject('apiUrl'), origin: 'http://127.0.0.1:9', seenVersion: () => version.current() },
      );
      try {
        const slug = `purge-ban-${Date.now()}`;
        const before = Date.now();
        const { data, error } = await svc.from('categories').insert({ name: slug, slug }).select('id').single();
        if (error) throw error;
        created.push(data.id);
        const key = `category-${data.id}`;
        const bans = () => cache.received.filter((r) => r.method === 'BAN' && r.headers['surrogate-key'].split(' ').includes(key));
        for (const deadline = Date.now() + 15_000; bans().length < 2 && Date.now() < deadline;)
          await new Promise((r) => setTimeout(r, 100));
        const [first, second] = bans().map((r) => r.at - before);
        expect(bans()).toHaveLength(2);
        expect(first, 'first BAN after the commit (ms)').toBeLessThan(2500);
        expect(second, 'second BAN (ms)').toBeGreaterThanOrEqual(PROOF_MS + POLL_MS);
        expect(second).toBeLessThan(PROOF_MS + POLL_MS + 2500);
      } finally {
        sender.stop();
        version.stop();
        await cache.close();
      }
    },
  );
});
