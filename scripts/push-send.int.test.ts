import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { AlertPayload } from '@/push/payload';
import { clientFrom, serviceClient } from '@afriqueactu/supabase-local/testing';
import { startTestPushService, type TestPushService } from '../tests/push/pushService.ts';
import { COMMAND_TEST_MS, runCommand } from '../tests/integration/runCommand.ts';

// `npm run push:send -- <slug>` as an editor runs it: the alert goes to the article's followers by a
// real Web Push request (the test push service decrypts it), and a second run is refused.

const svc = serviceClient();
let service: TestPushService;
const token = Math.random().toString(36).slice(2, 10);
let articleId: string;
let categoryId: string;

const run = (args: string[]) =>
  runCommand('scripts/push-send.ts', args, {
    SUPABASE_URL: inject('apiUrl'),
    SUPABASE_SERVICE_ROLE_KEY: inject('serviceRoleKey'),
    VITE_SUPABASE_ANON_KEY: inject('anonKey'),
    SITE_URL: 'http://localhost:4321',
    VITE_NEWSROOM_TIME_ZONE: 'Africa/Dakar',
  });

beforeAll(async () => {
  service = await startTestPushService();
  // The clock of the run must not fall in quiet hours. The administrators' zone differs from the run's.
  await svc.from('push_settings').update({ quiet_enabled: false, time_zone: 'Africa/Lagos' }).eq('id', true);
  categoryId = (
    await svc
      .from('categories')
      .insert({ name: `Inondations ${token}`, slug: `inondations-${token}` })
      .select('id')
      .single()
  ).data!.id;
  articleId = (
    await svc
      .from('articles')
      .insert({
        slug: `crue-${token}`,
        title: `Crue du fleuve ${token}`,
        content: '<p>Texte</p>',
        key_points: ['Les quartiers bas sont évacués cette nuit'],
        status: 'published',
        published_at: new Date(Date.now() - 60_000).toISOString(),
        category_id: categoryId,
      })
      .select('id')
      .single()
  ).data!.id;
});

afterAll(async () => {
  await svc.from('push_settings').update({ quiet_enabled: true, time_zone: 'UTC' }).eq('id', true);
  await svc.from('articles').delete().eq('id', articleId);
  await svc.from('categories').delete().eq('id', categoryId);
  await service.close();
});

it(
  'sends the alert about an article to its category’s followers, with its title and first key point; not twice; leaves the newsroom’s time zone',
  { timeout: 3 * COMMAND_TEST_MS },
  async () => {
    const follower = service.device();
    const { error } = await clientFrom('127.0.29.1').rpc('push_subscribe', {
      p_endpoint: follower.endpoint,
      p_p256dh: follower.keys.p256dh,
      p_auth: follower.keys.auth,
      p_follows_front: false,
      p_categories: [categoryId],
    });
    expect(error).toBeNull();

    const first = await run([`crue-${token}`]);
    expect(first.out).toContain('1 appareil(s) visé(s)');
    expect(first.code).toBe(0);
    // The quiet hours' zone is the administrators' setting: the command reads it, says it differs
    // from its VITE_NEWSROOM_TIME_ZONE, and leaves it.
    expect(first.out).toContain('Heures calmes dans le fuseau Africa/Lagos (réglé dans « Alertes »), et non Africa/Dakar');
    expect((await svc.from('push_settings').select('time_zone').single()).data).toEqual({ time_zone: 'Africa/Lagos' });
    expect(service.received(follower).map((r) => r.payload as AlertPayload)).toMatchObject([
      {
        title: `Crue du fleuve ${token}`,
        body: 'Les quartiers bas sont évacués cette nuit',
        // Tagged « alertes » (issue 41): the view it brings counts for the alerts.
        url: `http://localhost:4321/article/crue-${token}?s=al`,
      },
    ]);

    const again = await run([`crue-${token}`]);
    expect(again.code).toBe(1);
    expect(again.out).toContain('une alerte est déjà partie pour cet article');
    expect((await run(['pas-un-article'])).out).toContain('Aucun article « pas-un-article »');
  },
);
