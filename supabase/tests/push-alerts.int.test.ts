import type { SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import webpush from 'web-push';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { senderDb } from '@/newsletter/sender';
import type { Resolve } from '@/push/address';
import type { AlertPayload } from '@/push/payload';
import { quietHoursEnd } from '@/push/schedule';
import { drainPush, pushOne, UNUSABLE_KEYS, type PushSite, type Vapid } from '@/push/sender';
import { clientFrom, postgresDb, serviceClient } from '@afriqueactu/supabase-local/testing';
import { startTestPushService, type TestDevice, type TestPushService } from '../../tests/push/pushService.ts';
import { createFixtures, expectDenied, must, removeFixtures, sessions, uid, type Fixtures, type Role, type Session } from './helpers.ts';

// Breaking-news alerts end to end through the real stack and a push service of this file's own
// (tests/push/pushService.ts: it checks VAPID and decrypts aes128gcm with each device's keys):
// devices subscribe through push_subscribe as anon, an administrator sends an alert, the sender
// delivers it by real Web Push requests; followers get it, others nothing; 410 deletes a device;
// the daily cap holds; anon never lists nor touches another's device.

const svc = serviceClient();
const db = senderDb(inject('apiUrl'), inject('serviceRoleKey'));
const keys = webpush.generateVAPIDKeys();
const vapid: Vapid = { ...keys, subject: 'mailto:alertes@afriqueactu.test' };
const site: PushSite = {
  origin: 'https://www.afriqueactu.test',
  supabaseUrl: inject('apiUrl'),
  anonKey: inject('anonKey'),
  production: false,
};
let service: TestPushService;
let who: Record<Role, Session>;
let f: Fixtures;
let other: { id: string };
let pgdb: pg.Client;

let nextHost = 1;
const visitor = () => clientFrom(`127.0.28.${nextHost++}`);

const subscribe = (sb: SupabaseClient, device: Pick<TestDevice, 'endpoint' | 'keys'>, follows: Follows) =>
  sb.rpc('push_subscribe', {
    p_endpoint: device.endpoint,
    p_p256dh: device.keys.p256dh,
    p_auth: device.keys.auth,
    p_follows_front: follows.front ?? false,
    p_categories: follows.categories ?? [],
    ...(follows.tags ? { p_tags: follows.tags } : {}),
  });

/** What a device follows: « À la une », categories, countries and topics (tags). */
type Follows = { front?: boolean; categories?: string[]; tags?: string[] };

/** A new device subscribed as anon from its own address. */
async function newDevice(follows: Follows): Promise<TestDevice> {
  const device = service.device();
  must(await subscribe(visitor(), device, follows).then((r) => ({ ...r, data: true })), 'a device subscribes');
  return device;
}

/** A new published article of a category, as the administrator writes it (`format: 'live'`: a live coverage). */
async function article(categoryId: string, keyPoint = 'Le scrutin est reporté de deux semaines', extra: { format?: 'live' } = {}) {
  const token = uid();
  return must(
    await who.admin.sb
      .from('articles')
      .insert({
        slug: `alerte-${token}`,
        title: `Alerte ${token}`,
        excerpt: `Résumé ${token}`,
        content: `<p>Contenu ${token}</p>`,
        key_points: [keyPoint],
        status: 'published',
        category_id: categoryId,
        ...extra,
      })
      .select('id, slug, title')
      .single(),
    'admin publishes an article',
  );
}

const sendAlert = async (
  sb: SupabaseClient,
  articleId: string,
  extra: { p_not_before?: string; p_proposal?: number; p_urgent?: boolean; p_entry?: string } = {},
) => sb.rpc('push_send_alert', { p_article: articleId, p_title: 'Élection reportée', p_body: 'Le scrutin est reporté.', ...extra });

/** The settings as released: 3 a day, quiet from 22:00 to 07:00 in UTC. */
const NIGHT = { daily_cap: 3, quiet_enabled: true, quiet_start: '22:00', quiet_end: '07:00', time_zone: 'UTC' };

const payloads = (device: TestDevice) => service.received(device).map((r) => r.payload as AlertPayload);

beforeAll(async () => {
  service = await startTestPushService();
  who = await sessions();
  f = await createFixtures(who.admin.sb);
  other = must(
    await who.admin.sb
      .from('categories')
      .insert({ name: `Sport ${f.token}`, slug: `sport-${f.token}` })
      .select('id')
      .single(),
    'a second category',
  );
  pgdb = await postgresDb();
  // Whatever the hour the suite runs at: the stories that want quiet hours set their own.
  await svc.from('push_settings').update({ quiet_enabled: false }).eq('id', true);
});

afterAll(async () => {
  await svc.from('push_subscriptions').delete().not('id', 'is', null);
  await svc.from('push_alerts').delete().not('id', 'is', null);
  await svc.from('push_settings').update(NIGHT).eq('id', true);
  await svc.from('categories').delete().eq('id', other.id);
  await removeFixtures(f);
  await pgdb.end();
  await service.close();
});

beforeEach(async () => {
  // Each story counts its own devices.
  await svc.from('push_subscriptions').delete().not('id', 'is', null);
});

describe('push alerts: followers get them by real Web Push, others nothing', () => {
  it('an alert reaches « À la une » and its category followers, encrypted and signed; a device following another category gets nothing', async () => {
    const front = await newDevice({ front: true });
    const follower = await newDevice({ categories: [f.category.id] });
    const elsewhere = await newDevice({ categories: [other.id] });
    const story = await article(f.category.id);

    expect(must(await who.admin.sb.rpc('push_audience_count', { p_article: story.id }), 'the confirmation counts devices')).toBe(2);
    const [sent] = must(await sendAlert(who.admin.sb, story.id), 'the administrator sends');
    expect(sent).toMatchObject({ status: 'sent', targeted: 2 });

    const report = await drainPush(db, vapid, site);
    expect(report.sent).toBeGreaterThanOrEqual(2);
    expect(service.rejected).toEqual([]);
    for (const device of [front, follower]) {
      expect(payloads(device)).toEqual([
        {
          alert: sent.id,
          title: 'Élection reportée',
          body: 'Le scrutin est reporté.',
          url: `https://www.afriqueactu.test/article/${story.slug}?s=al`, // tagged « alertes » (src/lib/channels.ts)
          icon: 'https://www.afriqueactu.test/icons/icon-192.png',
          badge: 'https://www.afriqueactu.test/icons/icon-192.png',
          opened: { url: `${inject('apiUrl')}/rest/v1/rpc/push_alert_opened`, key: inject('anonKey') },
        },
      ]);
      const [received] = service.received(device);
      expect(received.urgency).toBe('high');
      expect(received.vapidKey).toBe(keys.publicKey);
      // Until the alert expires, 4 hours on.
      expect(received.ttl).toBeGreaterThan(3.9 * 3600);
      expect(received.ttl).toBeLessThanOrEqual(4 * 3600);
    }
    expect(service.received(elsewhere)).toEqual([]);

    const [stats] = must(await who.admin.sb.rpc('push_alert_stats', {}), 'the alerts list').filter((a: { id: number }) => a.id === sent.id);
    expect(stats).toMatchObject({ targeted: 2, delivered: 2, failed: 0, waiting: 0, opened: 0 });
    // A click on the notification counts one open, anonymously.
    expect((await visitor().rpc('push_alert_opened', { p_alert: sent.id })).error).toBeNull();
    const [after] = must(await who.admin.sb.rpc('push_alert_stats', {}), 'the alerts list').filter((a: { id: number }) => a.id === sent.id);
    expect(after.opened).toBe(1);
  });

  it('a push service answering 410 deletes the device; 500 keeps the delivery for a retry', async () => {
    const gone = await newDevice({ front: true });
    const flaky = await newDevice({ front: true });
    service.answer(gone, 410);
    service.answer(flaky, 500);
    const [sent] = must(await sendAlert(who.admin.sb, (await article(f.category.id)).id), 'the administrator sends');
    await drainPush(db, vapid, site);

    expect(must(await svc.from('push_subscriptions').select('endpoint'), 'devices').map((d) => d.endpoint)).toEqual([flaky.endpoint]);
    const deliveries = must(
      await svc.from('push_deliveries').select('status, attempts, error').eq('alert_id', sent.id).order('status'),
      'deliveries',
    );
    expect(deliveries).toEqual([
      { status: 'gone', attempts: 1, error: '410' },
      { status: 'queued', attempts: 1, error: '500' },
    ]);
  });

  it('the daily cap: a device that had its alerts in the last 24 hours is left out of the next', async () => {
    await svc.from('push_settings').update({ daily_cap: 1 }).eq('id', true);
    try {
      const device = await newDevice({ categories: [f.category.id] });
      must(await sendAlert(who.admin.sb, (await article(f.category.id)).id), 'the first alert');
      const second = await article(f.category.id);
      expect(must(await who.admin.sb.rpc('push_audience_count', { p_article: second.id }), 'the second audience')).toBe(0);
      const [sent] = must(await sendAlert(who.admin.sb, second.id), 'the second alert');
      expect(sent.targeted).toBe(0);
      await drainPush(db, vapid, site);
      expect(payloads(device).map((p) => p.title)).toEqual(['Élection reportée']);
    } finally {
      await svc.from('push_settings').update({ daily_cap: 3 }).eq('id', true);
    }
  });

  it('during quiet hours the deliveries wait for their end', async () => {
    const device = await newDevice({ front: true });
    const later = new Date(Date.now() + 3600_000).toISOString();
    must(await sendAlert(who.admin.sb, (await article(f.category.id)).id, { p_not_before: later }), 'an alert sent at night');
    await drainPush(db, vapid, site);
    expect(service.received(device)).toEqual([]);
  });
});

describe('push alerts: devices whose keys cannot be encrypted for', () => {
  const offCurve = (device: TestDevice) => {
    const key = Buffer.from(device.keys.p256dh, 'base64url');
    key[64] ^= 1;
    return key.toString('base64url');
  };

  it('push_subscribe refuses a p256dh of the right shape that is no P-256 point, and a short auth secret', async () => {
    const device = service.device();
    const point = Buffer.from(device.keys.p256dh, 'base64url');
    for (const p256dh of [
      `B${'A'.repeat(86)}`,
      offCurve(device),
      Buffer.concat([Buffer.from([5]), point.subarray(1)]).toString('base64url'),
      Buffer.concat([point, Buffer.from([0])]).toString('base64url'),
    ])
      expect(
        (await subscribe(visitor(), { endpoint: device.endpoint, keys: { ...device.keys, p256dh } }, { front: true })).error?.details,
        p256dh,
      ).toBe('keys');
    for (const [auth, what] of [
      ['A'.repeat(16), '12-byte auth'],
      ['A'.repeat(24), '18-byte auth'],
      [`${'A'.repeat(22)}=`, 'one padding letter'],
      [`${'A'.repeat(22)}===`, 'three padding letters'],
    ])
      expect(
        (await subscribe(visitor(), { endpoint: device.endpoint, keys: { ...device.keys, auth } }, { front: true })).error?.details,
        what,
      ).toBe('keys');
    // Any number of '=' after the key passed the function's check, and met the table's: a raw 23514.
    for (const padding of ['==', '===', '========'])
      expect(
        (
          await subscribe(
            visitor(),
            { endpoint: device.endpoint, keys: { ...device.keys, p256dh: device.keys.p256dh + padding } },
            { front: true },
          )
        ).error?.details,
        `p256dh${padding}`,
      ).toBe('keys');
    expect((await subscribe(visitor(), device, { front: true })).error, 'the real key').toBeNull();
    const padded = service.device();
    expect(
      (
        await subscribe(
          visitor(),
          { endpoint: padded.endpoint, keys: { p256dh: `${padded.keys.p256dh}=`, auth: `${padded.keys.auth}==` } },
          { front: true },
        )
      ).error,
      'the real keys with their padding',
    ).toBeNull();
  });

  it('fake devices already stored hold up no real device’s alert, and are deleted at the first alert', async () => {
    // As the service role may still write them (or as they were stored before the check).
    const fakes = Array.from({ length: 6 }, () => service.device());
    const stored = await svc.from('push_subscriptions').insert(
      fakes.map((d, i) => ({
        endpoint: d.endpoint,
        p256dh: i % 2 ? offCurve(d) : `B${'A'.repeat(86)}`,
        auth: i === 5 ? 'A'.repeat(16) : d.keys.auth,
        follows_front: true,
      })),
    );
    expect(stored.error).toBeNull();
    const real = await newDevice({ front: true });
    const [sent] = must(await sendAlert(who.admin.sb, (await article(f.category.id)).id), 'the administrator sends');
    expect(sent.targeted).toBe(7);

    // One pass of the sender delivers the real device's alert, whatever order the fakes come in.
    const report = await drainPush(db, vapid, site);
    expect(report).toMatchObject({ sent: 1, failed: 6 });
    expect(payloads(real).map((p) => p.alert)).toEqual([sent.id]);
    expect(fakes.flatMap((d) => service.received(d))).toEqual([]);
    expect(must(await svc.from('push_subscriptions').select('endpoint'), 'devices').map((d) => d.endpoint)).toEqual([real.endpoint]);
    const deliveries = must(
      await svc.from('push_deliveries').select('status, error').eq('alert_id', sent.id).neq('status', 'sent'),
      'deliveries',
    );
    expect(deliveries).toEqual(fakes.map(() => ({ status: 'gone', error: UNUSABLE_KEYS })));
  });

  it('a delivery that throws in the sender is that delivery’s failure; the others still go', async () => {
    const broken = await newDevice({ front: true });
    const fine = await newDevice({ front: true });
    const [sent] = must(await sendAlert(who.admin.sb, (await article(f.category.id)).id), 'the administrator sends');
    const push: typeof pushOne = (claimed, ...rest) => {
      if (claimed.endpoint === broken.endpoint) throw new Error('panne imprévue');
      return pushOne(claimed, ...rest);
    };
    expect(await drainPush(db, vapid, site, { push })).toMatchObject({ sent: 1, failed: 1 });
    expect(payloads(fine).map((p) => p.alert)).toEqual([sent.id]);
    const deliveries = must(
      await svc.from('push_deliveries').select('status, error').eq('alert_id', sent.id).order('status'),
      'deliveries',
    );
    expect(deliveries).toEqual([
      { status: 'failed', error: 'erreur de l’envoi : panne imprévue' },
      { status: 'sent', error: null },
    ]);
  });
});

describe('push alerts: where a push service’s name leads', () => {
  it('a device whose name resolves to a private address gets no request and is marked failed; a name leading to loopback still gets its alert in dev', async () => {
    const hidden = service.device();
    const named = service.device();
    const privateEndpoint = `https://alertes.prive.test/push/${hidden.id}`;
    const namedEndpoint = named.endpoint.replace('127.0.0.1', 'localhost');
    for (const device of [
      { ...hidden, endpoint: privateEndpoint },
      { ...named, endpoint: namedEndpoint },
    ])
      must(await subscribe(visitor(), device, { front: true }).then((r) => ({ ...r, data: true })), 'a device subscribes by name');
    const [sent] = must(await sendAlert(who.admin.sb, (await article(f.category.id)).id), 'the administrator sends');

    // The names as a DNS answering for them would: one leads into the newsroom's network.
    const resolved: string[] = [];
    const resolve: Resolve = (name, _options, callback) => {
      resolved.push(name);
      callback(null, [{ address: name === 'alertes.prive.test' ? '10.0.0.7' : '127.0.0.1', family: 4 }]);
    };
    const report = await drainPush(db, vapid, { ...site, resolve });
    expect(report).toMatchObject({ sent: 1, failed: 1 });
    expect(resolved.sort()).toEqual(['alertes.prive.test', 'localhost']);
    expect(service.received(hidden)).toEqual([]);
    expect(payloads(named).map((p) => p.alert)).toEqual([sent.id]);
    const deliveries = must(
      await svc.from('push_deliveries').select('status, attempts, error').eq('alert_id', sent.id).order('status'),
      'deliveries',
    );
    expect(deliveries).toEqual([
      { status: 'failed', attempts: 1, error: 'adresse refusée : alertes.prive.test → 10.0.0.7' },
      { status: 'sent', attempts: 1, error: null },
    ]);
  });
});

describe('push alerts: quiet hours, kept by push_send_alert itself', () => {
  /** Quiet hours from an hour ago to an hour from now, in Lagos (UTC+1 all year); their end, as an instant. */
  async function quietNow() {
    const wall = (ms: number) => new Date(ms + 3600_000).toISOString().slice(11, 16);
    const now = Date.now();
    const end = Math.floor((now + 3600_000) / 60_000) * 60_000;
    must(
      await svc
        .from('push_settings')
        .update({ quiet_enabled: true, quiet_start: wall(now - 3600_000), quiet_end: wall(now + 3600_000), time_zone: 'Africa/Lagos' })
        .eq('id', true)
        .select('id'),
      'quiet hours now',
    );
    return end;
  }
  afterEach(async () => void (await svc.from('push_settings').update({ quiet_enabled: false, time_zone: 'UTC' }).eq('id', true)));

  it('an alert sent without a moment waits for their end; an administrator’s urgent one goes now; a journalist’s urgent one is refused', async () => {
    const device = await newDevice({ front: true });
    const end = await quietNow();

    // A direct call with no moment (or an earlier one) used to go at once.
    const [waiting] = must(
      await sendAlert(who.admin.sb, (await article(f.category.id)).id, { p_not_before: new Date().toISOString() }),
      'the administrator sends at night',
    );
    expect(Math.abs(Date.parse(waiting.not_before) - end), `${waiting.not_before}, the end of quiet hours`).toBeLessThanOrEqual(60_000);
    const queued = must(await svc.from('push_deliveries').select('status, next_attempt_at').eq('alert_id', waiting.id), 'its delivery');
    expect(queued).toEqual([{ status: 'queued', next_attempt_at: waiting.not_before }]);
    await drainPush(db, vapid, site);
    expect(service.received(device)).toEqual([]);

    const refused = await sendAlert(who.journalist.sb, (await article(f.category.id)).id, { p_urgent: true });
    expect(refused.error, 'a journalist’s urgent alert').toMatchObject({
      code: '42501',
      details: 'urgent',
      message: 'Seuls les administrateurs envoient une alerte urgente.',
    });

    const [urgent] = must(await sendAlert(who.admin.sb, (await article(f.category.id)).id, { p_urgent: true }), 'an urgent alert');
    expect(Date.parse(urgent.not_before)).toBeLessThanOrEqual(Date.now());
    await drainPush(db, vapid, site);
    expect(payloads(device).map((p) => p.alert)).toEqual([urgent.id]);

    // Logged as such: « Alertes » lists the urgent one as urgent, the one that waited as not.
    const stats = must(await who.admin.sb.rpc('push_alert_stats', { p_limit: 200 }), 'the alerts listed');
    const listed = (id: number) => stats.find((a: { id: number; urgent: boolean }) => a.id === id)?.urgent;
    expect(listed(urgent.id), 'sent past the quiet hours').toBe(true);
    expect(listed(waiting.id), 'waited for their end').toBe(false);
  });

  it('an urgent alert outside the quiet hours goes at its normal time and is not marked urgent', async () => {
    const [alert] = must(await sendAlert(who.admin.sb, (await article(f.category.id)).id, { p_urgent: true }), 'urgent by day');
    const stats = must(await who.admin.sb.rpc('push_alert_stats', { p_limit: 200 }), 'the alerts listed');
    expect(stats.find((a: { id: number; urgent: boolean }) => a.id === alert.id)?.urgent).toBe(false);
  });

  it('administrators set the newsroom’s time zone in the settings; a journalist cannot; an unknown zone is refused', async () => {
    const zone = async () => must(await svc.from('push_settings').select('time_zone').single(), 'the zone').time_zone;
    must(await who.admin.sb.from('push_settings').update({ time_zone: 'Africa/Dakar' }).eq('id', true).select('id'), 'an administrator');
    expect(await zone()).toBe('Africa/Dakar');
    const journalist = await who.journalist.sb.from('push_settings').update({ time_zone: 'Asia/Tokyo' }).eq('id', true).select('id');
    expect(journalist.data ?? [], 'a journalist changes nothing').toEqual([]);
    expect((await who.admin.sb.from('push_settings').update({ time_zone: 'Pas/UnFuseau' }).eq('id', true)).error?.code).toBe('23514');
    expect(await zone()).toBe('Africa/Dakar');
  });

  it('an alert asked for a later moment that falls inside quiet hours waits for their end', async () => {
    // Quiet hours from 2 to 4 hours from now (Lagos); the alert asked for 3 hours from now.
    const wall = (ms: number) => new Date(ms + 3600_000).toISOString().slice(11, 16);
    const now = Date.now();
    must(
      await svc
        .from('push_settings')
        .update({
          quiet_enabled: true,
          quiet_start: wall(now + 2 * 3600_000),
          quiet_end: wall(now + 4 * 3600_000),
          time_zone: 'Africa/Lagos',
        })
        .eq('id', true)
        .select('id'),
      'quiet hours later today',
    );
    const end = Math.floor((now + 4 * 3600_000) / 60_000) * 60_000;
    const [later] = must(
      await sendAlert(who.admin.sb, (await article(f.category.id)).id, { p_not_before: new Date(now + 3 * 3600_000).toISOString() }),
      'an alert for the middle of the night',
    );
    expect(Math.abs(Date.parse(later.not_before) - end), `${later.not_before}, the end of quiet hours`).toBeLessThanOrEqual(60_000);
    // A moment outside them is kept; urgent, an administrator's moment is kept even inside them.
    const before = new Date(Math.ceil((now + 3600_000) / 1000) * 1000).toISOString();
    const [kept] = must(await sendAlert(who.admin.sb, (await article(f.category.id)).id, { p_not_before: before }), 'an hour from now');
    expect(Date.parse(kept.not_before)).toBe(Date.parse(before));
    const inside = new Date(Math.ceil((now + 3 * 3600_000) / 1000) * 1000).toISOString();
    const [urgent] = must(
      await sendAlert(who.admin.sb, (await article(f.category.id)).id, { p_not_before: inside, p_urgent: true }),
      'urgent, at a moment inside them',
    );
    expect(Date.parse(urgent.not_before)).toBe(Date.parse(inside));
  });

  it('their end, worked out by the database as by the editor’s dialog (src/push/schedule.ts)', async () => {
    const cases: [string, string, string, string][] = [
      ['2026-12-10T23:30:00Z', '22:00', '07:00', 'Africa/Dakar'],
      ['2026-12-10T04:00:00Z', '22:00', '07:00', 'Africa/Lagos'],
      ['2026-12-10T12:00:00Z', '22:00', '07:00', 'Africa/Dakar'],
      ['2026-12-10T07:00:00Z', '22:00', '07:00', 'Africa/Dakar'],
      ['2026-12-10T14:00:00Z', '13:00', '15:00', 'Africa/Nairobi'],
      ['2026-12-10T10:30:00Z', '13:00', '15:00', 'Africa/Nairobi'],
      // Paris's summer time: clocks go forward at 02:00 on 2026-03-29 (02:30 never shows) and back
      // at 03:00 on 2026-10-25 (02:30 shows twice: the end is the later one, an hour of quiet more).
      ['2026-03-28T23:30:00Z', '22:00', '07:00', 'Europe/Paris'],
      ['2026-03-29T00:30:00Z', '01:00', '02:30', 'Europe/Paris'],
      ['2026-03-29T00:30:00Z', '00:00', '03:00', 'Europe/Paris'],
      ['2026-10-24T23:30:00Z', '22:00', '07:00', 'Europe/Paris'],
      ['2026-10-25T00:10:00Z', '01:00', '02:30', 'Europe/Paris'],
      ['2026-10-25T01:10:00Z', '01:00', '02:30', 'Europe/Paris'],
      ['2026-10-25T00:45:00Z', '02:40', '02:50', 'Europe/Paris'],
      ['2026-10-25T01:45:00Z', '02:40', '02:50', 'Europe/Paris'],
    ];
    try {
      for (const [at, quiet_start, quiet_end, time_zone] of cases) {
        await pgdb.query('update public.push_settings set quiet_enabled = true, quiet_start = $1, quiet_end = $2, time_zone = $3', [
          quiet_start,
          quiet_end,
          time_zone,
        ]);
        const { rows } = await pgdb.query<{ end: Date | null }>('select private.push_quiet_end($1) as end', [at]);
        const expected = quietHoursEnd(new Date(at), { quiet_enabled: true, quiet_start, quiet_end }, time_zone);
        expect(rows[0].end?.toISOString() ?? null, `${at} ${time_zone}`).toBe(expected?.toISOString() ?? null);
      }
      const zone = await svc.from('push_settings').update({ time_zone: 'Pas/UnFuseau' }).eq('id', true);
      expect(zone.error?.code, 'an unknown time zone').toBe('23514');
    } finally {
      await pgdb.query(
        `update public.push_settings set quiet_enabled = false, quiet_start = '22:00', quiet_end = '07:00', time_zone = 'UTC'`,
      );
    }
  });
});

describe('push alerts: who sends', () => {
  it('a journalist proposes (nothing goes), an administrator sends the proposal; readers and anon are refused', async () => {
    await newDevice({ front: true });
    const story = await article(f.category.id);
    const [proposed] = must(await sendAlert(who.journalist.sb, story.id), 'the journalist proposes');
    expect(proposed).toMatchObject({ status: 'proposed', targeted: 0 });
    expect(must(await svc.from('push_deliveries').select('id').eq('alert_id', proposed.id), 'deliveries')).toEqual([]);
    expectDenied(await sendAlert(who.reader.sb, story.id), 'a reader sending an alert');
    expectDenied(await sendAlert(who.anon.sb, story.id), 'anon sending an alert');
    expectDenied(await who.reader.sb.rpc('push_audience_count', { p_article: story.id }), 'a reader counting devices');

    const [sent] = must(await sendAlert(who.admin.sb, story.id, { p_proposal: proposed.id }), 'the administrator sends it');
    expect(sent).toMatchObject({ id: proposed.id, status: 'sent', targeted: 1 });
    const again = await sendAlert(who.admin.sb, story.id);
    expect(again.error?.code, 'one alert per article').toBe('23505');
    const draft = await sendAlert(who.admin.sb, f.draft.id);
    expect(draft.error?.code, 'a draft cannot be alerted').toBe('22023');
  });
});

describe('push alerts: a live coverage’s key events', () => {
  const post = async (author: SupabaseClient, articleId: string, body: string) =>
    must(await author.rpc('live_post', { p_id: crypto.randomUUID(), p_article_id: articleId, p_body: body }), 'an entry') as {
      id: string;
      seq: number;
    };
  const keyEvent = async (id: string) =>
    must(await who.admin.sb.rpc('live_mark', { p_id: id, p_key_event: true, p_pinned: false }), 'a key event');

  it('each key event gets its own alert once, opening the live page at the entry; an entry not marked is refused', async () => {
    const device = await newDevice({ categories: [f.category.id] });
    const live = await article(f.category.id, 'Soirée électorale', { format: 'live' });
    const first = await post(who.journalist.sb, live.id, 'Le président sortant reconnaît sa défaite.');
    const second = await post(who.journalist.sb, live.id, 'Taux de participation : 61 %.');
    const plain = await post(who.journalist.sb, live.id, 'Une entrée ordinaire.');
    await keyEvent(first.id);
    await keyEvent(second.id);

    const [sent] = must(await sendAlert(who.admin.sb, live.id, { p_entry: first.id }), 'the first key event’s alert');
    expect(sent).toMatchObject({ status: 'sent', targeted: 1 });
    const again = await sendAlert(who.admin.sb, live.id, { p_entry: first.id });
    expect(again.error, 'one alert per key event').toMatchObject({ code: '23505', details: 'already_sent' });
    const notKey = await sendAlert(who.admin.sb, live.id, { p_entry: plain.id });
    expect(notKey.error, 'an entry not marked as a key event').toMatchObject({ code: '22023', details: 'entry' });
    const elsewhere = await sendAlert(who.admin.sb, (await article(f.category.id)).id, { p_entry: second.id });
    expect(elsewhere.error, 'a key event of another article').toMatchObject({ code: '22023', details: 'entry' });

    // A journalist proposes the second; « Alertes » sends the proposal by its id alone: it keeps its entry.
    const [proposed] = must(await sendAlert(who.journalist.sb, live.id, { p_entry: second.id }), 'the journalist proposes');
    expect(proposed).toMatchObject({ status: 'proposed' });
    const [fromList] = must(await sendAlert(who.admin.sb, live.id, { p_proposal: proposed.id }), 'the administrator sends the proposal');
    expect(fromList).toMatchObject({ id: proposed.id, status: 'sent' });

    await drainPush(db, vapid, site);
    expect(payloads(device).map((p) => p.url)).toEqual([
      `https://www.afriqueactu.test/article/${live.slug}?avant=${first.seq + 1}&s=al#entree-${first.seq}`,
      `https://www.afriqueactu.test/article/${live.slug}?avant=${second.seq + 1}&s=al#entree-${second.seq}`,
    ]);
    // The article itself may still have its one alert without an entry.
    expect((await sendAlert(who.admin.sb, live.id)).error).toBeNull();
  });

  it('never sends the alert of a key event deleted before its devices were reached', async () => {
    const device = await newDevice({ categories: [f.category.id] });
    const live = await article(f.category.id, 'Soirée électorale', { format: 'live' });
    const retracted = await post(who.journalist.sb, live.id, 'Le candidat Ba annonce sa victoire.');
    await keyEvent(retracted.id);
    must(await sendAlert(who.admin.sb, live.id, { p_entry: retracted.id }), 'the alert goes out');
    // Retracted before the sender reached the device (held by quiet hours, or a busy queue).
    expect((await who.journalist.sb.rpc('live_delete', { p_id: retracted.id })).error).toBeNull();
    await drainPush(db, vapid, site);
    expect(payloads(device)).toEqual([]);
    const [subscription] = must(await svc.from('push_subscriptions').select('id').eq('endpoint', device.endpoint), 'the device');
    const deliveries = must(
      await svc.from('push_deliveries').select('status, error').eq('subscription_id', subscription!.id),
      'its deliveries',
    );
    expect(deliveries).toEqual([{ status: 'failed', error: 'entrée supprimée' }]);
  });
});

describe('push alerts: a device is its owner’s alone', () => {
  it('anon subscribes, changes and stops its own device; never lists devices nor touches another’s', async () => {
    const reader = visitor();
    const attacker = visitor();
    const device = service.device();
    must(await subscribe(reader, device, { front: true }).then((r) => ({ ...r, data: true })), 'a reader subscribes');

    expectDenied(await attacker.from('push_subscriptions').select('*'), 'anon listing devices');
    expectDenied(await who.reader.sb.from('push_subscriptions').select('*'), 'a reader listing devices');
    const stolen = await subscribe(attacker, { endpoint: device.endpoint, keys: { ...service.device().keys } }, { categories: [other.id] });
    expect(stolen.error?.code, 'rewriting another device without its auth secret').toBe('42501');
    expect(
      must(await attacker.rpc('push_unsubscribe', { p_endpoint: device.endpoint, p_auth: 'AAAAAAAAAAAAAAAAAAAAAA' }), 'wrong secret'),
    ).toBe(false);
    expect(must(await svc.from('push_subscriptions').select('follows_front, categories').eq('endpoint', device.endpoint), 'kept')).toEqual([
      { follows_front: true, categories: [] },
    ]);

    // Its owner changes what it follows, then stops it.
    must(await subscribe(reader, device, { categories: [other.id] }).then((r) => ({ ...r, data: true })), 'the owner changes');
    expect(
      must(await svc.from('push_subscriptions').select('follows_front, categories').eq('endpoint', device.endpoint), 'changed'),
    ).toEqual([{ follows_front: false, categories: [other.id] }]);
    expect(must(await reader.rpc('push_unsubscribe', { p_endpoint: device.endpoint, p_auth: device.keys.auth }), 'the owner stops')).toBe(
      true,
    );
    expect(must(await svc.from('push_subscriptions').select('id').eq('endpoint', device.endpoint), 'gone')).toEqual([]);
  });

  it('the endpoint is a push service’s https address (no SSRF); loopback http only where the database is local', async () => {
    const keys = service.device().keys;
    const attempt = (endpoint: string) => subscribe(visitor(), { endpoint, keys }, { front: true });
    for (const endpoint of [
      'https://127.0.0.1/push',
      'https://10.0.0.5/push',
      'https://[::1]/push',
      'http://fcm.googleapis.com/fcm/send/x',
      'https://localhost/push',
      'https://metadata.internal/computeMetadata',
      'https://user@fcm.googleapis.com/x',
      'https://fcm.googleapis.com:8443/x',
      'file:///etc/passwd',
    ]) {
      expect((await attempt(endpoint)).error?.details, endpoint).toBe('endpoint');
    }
    expect((await attempt(`https://fcm.googleapis.com/fcm/send/${uid()}`)).error).toBeNull();
    expect((await subscribe(visitor(), service.device(), {})).error?.details, 'following nothing').toBe('nothing_followed');
    expect((await subscribe(visitor(), service.device(), { categories: [crypto.randomUUID()] })).error?.details, 'no such category').toBe(
      'categories',
    );

    // As on hosted (no seed): loopback is refused.
    await pgdb.query('update private.push_config set local_endpoints = false');
    try {
      expect((await subscribe(visitor(), service.device(), { front: true })).error?.details).toBe('endpoint');
    } finally {
      await pgdb.query('update private.push_config set local_endpoints = true');
    }
  });

  it('a flood of subscriptions from one client is cut at 20 in 10 minutes; another client still subscribes', async () => {
    const flooder = visitor();
    const answers = [];
    for (let i = 0; i < 21; i++) answers.push((await subscribe(flooder, service.device(), { front: true })).error?.code ?? 'ok');
    expect(answers.filter((a) => a === 'ok')).toHaveLength(20);
    expect(answers.at(-1)).toBe('PT429');
    expect((await subscribe(visitor(), service.device(), { front: true })).error).toBeNull();
  });
});

describe('push alerts: countries and topics followed', () => {
  it('a device following Sénégal gets the alert of a Sénégal article in another category, once even when it follows the category too; others nothing', async () => {
    const senegal = must(await svc.from('tags').select('id').eq('slug', 'senegal').single(), 'the reference Sénégal');
    const mali = must(await svc.from('tags').select('id').eq('slug', 'mali').single(), 'the reference Mali');
    const onlySenegal = await newDevice({ tags: [senegal.id] });
    const both = await newDevice({ categories: [other.id], tags: [senegal.id] });
    const unrelated = await newDevice({ categories: [f.category.id], tags: [mali.id] });
    const story = await article(other.id);
    expect((await who.admin.sb.from('article_tags').insert({ article_id: story.id, tag_id: senegal.id })).error).toBeNull();

    const [sent] = must(await sendAlert(who.admin.sb, story.id), 'the administrator sends');
    expect(sent).toMatchObject({ status: 'sent', targeted: 2 });
    await drainPush(db, vapid, site);
    expect(payloads(onlySenegal)).toHaveLength(1);
    expect(payloads(both)).toHaveLength(1);
    expect(payloads(unrelated)).toHaveLength(0);
  });

  it('a hidden or unknown tag is refused; changing the categories alone keeps the countries followed', async () => {
    const hidden = must(
      await who.admin.sb
        .from('tags')
        .insert({ kind: 'theme', name: `Caché ${uid()}`, slug: `cache-${uid()}`, hidden: true })
        .select('id')
        .single(),
      'a hidden topic',
    );
    const senegal = must(await svc.from('tags').select('id').eq('slug', 'senegal').single(), 'the reference Sénégal');
    const device = service.device();
    const refused = await subscribe(visitor(), device, { tags: [hidden.id] });
    expect(refused.error).toMatchObject({ code: '22023', details: 'tags' });
    expect((await subscribe(visitor(), device, { tags: [crypto.randomUUID()] })).error).toMatchObject({ details: 'tags' });

    expect((await subscribe(visitor(), device, { tags: [senegal.id] })).error).toBeNull();
    expect((await subscribe(visitor(), device, { categories: [f.category.id] })).error).toBeNull();
    const row = must(
      await svc.from('push_subscriptions').select('tags, categories').eq('endpoint', device.endpoint).single(),
      'the device',
    );
    expect(row).toEqual({ tags: [senegal.id], categories: [f.category.id] });
    await svc.from('tags').delete().eq('id', hidden.id);
  });
});
