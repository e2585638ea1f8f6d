import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { clip, defaultAlertText } from './alertText';
import { endpointAllowed } from './endpoint';
import { addressAllowed, guardedLookup, type Resolve } from './address';
import { deviceKeysUsable } from './deviceKeys';
import { closePushConnections, postToPushService, pushAgents } from './post';
import { alertPayload, readAlertPayload } from './payload';
import { alertMoment, quietHoursEnd, sentMessage } from './schedule';
import { outcomeOf } from './sender';

describe('the alert’s words', () => {
  it('prefills the text from the first key point, else the excerpt, cut at a word to 120 characters', () => {
    const long =
      'Les électeurs de la capitale voteront finalement le 14 décembre, a annoncé la commission électorale nationale indépendante ce mardi soir.';
    const { title, body } = defaultAlertText({ title: 'Élection reportée', key_points: ['', long], excerpt: 'Résumé' });
    expect(title).toBe('Élection reportée');
    expect(body.length).toBeLessThanOrEqual(120);
    expect(body).toBe('Les électeurs de la capitale voteront finalement le 14 décembre, a annoncé la commission électorale nationale…');
    expect(defaultAlertText({ title: 'T', key_points: [], excerpt: 'Un résumé.' }).body).toBe('Un résumé.');
    expect(clip('a'.repeat(130), 120)).toBe(`${'a'.repeat(119)}…`);
  });
});

describe('the payload', () => {
  it('carries the title, text, article address, icons and where to count an open; the worker reads back only ours', () => {
    const payload = alertPayload(
      { alert_id: 7, title: 'Titre', body: 'Texte', slug: 'coup-d-etat' },
      { origin: 'https://www.example.com', supabaseUrl: 'https://p.supabase.co', anonKey: 'anon' },
    );
    expect(payload).toEqual({
      alert: 7,
      title: 'Titre',
      body: 'Texte',
      url: 'https://www.example.com/article/coup-d-etat?s=al',
      icon: 'https://www.example.com/icons/icon-192.png',
      badge: 'https://www.example.com/icons/icon-192.png',
      opened: { url: 'https://p.supabase.co/rest/v1/rpc/push_alert_opened', key: 'anon' },
    });
    expect(alertPayload({ alert_id: 7, title: 'T', body: 'B', slug: 's' }, { origin: 'https://x.example' })).not.toHaveProperty('opened');
    // A live coverage's key event opens the page that starts with its entry, at its anchor: still
    // there once 20 newer entries have pushed it off the first page.
    expect(
      alertPayload({ alert_id: 8, title: 'T', body: 'B', slug: 'soiree-electorale', entry_seq: 42 }, { origin: 'https://x.example' }).url,
    ).toBe('https://x.example/article/soiree-electorale?avant=43&s=al#entree-42');
    expect(readAlertPayload(JSON.parse(JSON.stringify(payload)))).toEqual(payload);
    expect(readAlertPayload({ title: 'Pas une alerte' })).toBeNull();
    expect(readAlertPayload(null)).toBeNull();
  });
});

describe('quiet hours, in the newsroom’s time zone', () => {
  const night = { quiet_enabled: true, quiet_start: '22:00:00', quiet_end: '07:00:00' };
  it('an alert sent inside them waits for their end, across midnight; outside them it goes now', () => {
    // 23:30 in Dakar (UTC+0) → 07:00 the next morning.
    expect(quietHoursEnd(new Date('2026-12-10T23:30:00Z'), night, 'Africa/Dakar')?.toISOString()).toBe('2026-12-11T07:00:00.000Z');
    // 05:00 in Lagos (UTC+1) is 04:00 UTC → 07:00 Lagos, 06:00 UTC, the same day.
    expect(quietHoursEnd(new Date('2026-12-10T04:00:00Z'), night, 'Africa/Lagos')?.toISOString()).toBe('2026-12-10T06:00:00.000Z');
    expect(quietHoursEnd(new Date('2026-12-10T12:00:00Z'), night, 'Africa/Dakar')).toBeNull();
    expect(quietHoursEnd(new Date('2026-12-10T07:00:00Z'), night, 'Africa/Dakar'), 'the end itself is outside').toBeNull();
    expect(quietHoursEnd(new Date('2026-12-10T23:30:00Z'), { ...night, quiet_enabled: false }, 'Africa/Dakar')).toBeNull();
  });

  it('quiet hours within a day (13:00 → 15:00)', () => {
    const siesta = { quiet_enabled: true, quiet_start: '13:00', quiet_end: '15:00' };
    expect(quietHoursEnd(new Date('2026-12-10T14:00:00Z'), siesta, 'UTC')?.toISOString()).toBe('2026-12-10T15:00:00.000Z');
    expect(quietHoursEnd(new Date('2026-12-10T16:00:00Z'), siesta, 'UTC')).toBeNull();
  });

  it('the night Paris’s clocks go back, an end they show twice is the later one (as the database reads it)', () => {
    const early = { quiet_enabled: true, quiet_start: '01:00', quiet_end: '02:30' };
    // 02:10 summer time, then 02:10 winter time: both wait for 02:30 winter time (01:30 UTC).
    for (const at of ['2026-10-25T00:10:00Z', '2026-10-25T01:10:00Z'])
      expect(quietHoursEnd(new Date(at), early, 'Europe/Paris')?.toISOString(), at).toBe('2026-10-25T01:30:00.000Z');
    // The night they go forward 02:30 never shows: the end is 03:30 summer time.
    expect(quietHoursEnd(new Date('2026-03-29T00:30:00Z'), early, 'Europe/Paris')?.toISOString()).toBe('2026-03-29T01:30:00.000Z');
  });

  it('says when a held alert goes in French, on the newsroom’s clock', () => {
    expect(alertMoment(new Date('2026-12-11T06:00:00Z'), 'Africa/Lagos')).toBe('le 11 décembre 2026 à 07:00 (UTC+1)');
    expect(alertMoment(new Date('2026-12-01T07:05:00Z'), 'UTC')).toBe('le 1 décembre 2026 à 07:05 (UTC)');
  });

  it('the editor is told an alert held by the quiet hours is scheduled, and when; one going now is sent', () => {
    const now = Date.parse('2026-12-10T23:30:00Z');
    const alert = { status: 'sent', targeted: 4, not_before: '2026-12-11T06:00:00+00:00' };
    expect(sentMessage(alert, 'Africa/Lagos', now)).toBe('Alerte programmée : elle partira le 11 décembre 2026 à 07:00 (UTC+1)');
    expect(sentMessage({ ...alert, not_before: new Date(now).toISOString() }, 'Africa/Lagos', now)).toBe('Alerte envoyée à 4 appareil(s)');
    expect(sentMessage({ status: 'proposed', targeted: 0, not_before: null }, 'UTC', now)).toBe('Alerte proposée aux administrateurs');
  });
});

describe('the sender', () => {
  it('reads a push service’s answer: accepted, gone (the device is deleted), worth a retry, or failed', () => {
    expect([201, 202, 404, 410, 429, 500, 503, null, 400, 403, 413].map(outcomeOf)).toEqual([
      'sent',
      'sent',
      'gone',
      'gone',
      'retry',
      'retry',
      'retry',
      'retry',
      'failed',
      'failed',
      'failed',
    ]);
  });

  it('reaches only https push services by name in production; loopback http elsewhere', () => {
    expect(endpointAllowed('https://fcm.googleapis.com/fcm/send/abc', true)).toBe(true);
    expect(endpointAllowed('https://web.push.apple.com/QO', true)).toBe(true);
    for (const refused of [
      'http://127.0.0.1:9000/push/x',
      'https://127.0.0.1/x',
      'https://[::1]/x',
      'https://169.254.169.254/latest',
      'https://localhost/x',
      'https://db.internal/x',
      'https://a:b@fcm.googleapis.com/x',
      'https://fcm.googleapis.com:8443/x',
      'ftp://fcm.googleapis.com/x',
      'pas une adresse',
    ])
      expect(endpointAllowed(refused, true), refused).toBe(false);
    for (const rootDot of ['https://localhost./x', 'https://metadata.google.internal./computeMetadata', 'https://printer.local./x'])
      expect(endpointAllowed(rootDot, true), rootDot).toBe(false);
    expect(endpointAllowed('https://fcm.googleapis.com./fcm/send/abc', true), 'a public name with its root dot').toBe(true);
    expect(endpointAllowed('http://127.0.0.1:9000/push/x', false)).toBe(true);
    expect(endpointAllowed('http://10.0.0.1:9000/push/x', false)).toBe(false);
  });
});

describe('a device’s keys', () => {
  const point = createECDH('prime256v1').generateKeys();
  const auth = randomBytes(16).toString('base64url');
  const altered = (change: (key: Buffer) => Buffer) => change(Buffer.from(point)).toString('base64url');

  it('a P-256 point and a 16-byte secret can be encrypted for; a key off the curve, or of the wrong shape, cannot', () => {
    expect(deviceKeysUsable({ p256dh: point.toString('base64url'), auth })).toBe(true);
    for (const p256dh of [
      `B${'A'.repeat(86)}`, // 0x04 then zeros: the shape of a key, no point of the curve
      altered((k) => ((k[64] ^= 1), k)), // y changed: off the curve
      altered((k) => ((k[0] = 5), k)), // not an uncompressed point
      altered((k) => Buffer.concat([k, Buffer.from([0])])), // 66 bytes
      altered((k) => k.subarray(0, 33)), // compressed form: RFC 8291 wants the uncompressed one
      'pas une clé',
    ])
      expect(deviceKeysUsable({ p256dh, auth }), p256dh).toBe(false);
    expect(deviceKeysUsable({ p256dh: point.toString('base64url'), auth: randomBytes(12).toString('base64url') }), '12-byte secret').toBe(
      false,
    );
  });

  it('the keys as sent: 65 bytes with at most one « = », a secret of exactly 16 bytes with none or two', () => {
    const p256dh = point.toString('base64url');
    expect(deviceKeysUsable({ p256dh: `${p256dh}=`, auth: `${auth}==` }), 'with their padding').toBe(true);
    for (const keys of [
      { p256dh: `${p256dh}==`, auth },
      { p256dh: `${p256dh}====`, auth },
      { p256dh, auth: randomBytes(18).toString('base64url') },
      { p256dh, auth: `${auth}=` },
      { p256dh, auth: `${auth}===` },
    ])
      expect(deviceKeysUsable(keys), JSON.stringify(keys)).toBe(false);
  });
});

describe('where a push request may connect', () => {
  it('public addresses only: no private, loopback (outside dev), link-local, shared, reserved or multicast one, in IPv4 or IPv6', () => {
    for (const open of ['142.250.75.10', '17.253.144.10', '2a00:1450:4007:80c::200a', '64:ff9b::8efa:4b0a', '::ffff:142.250.75.10'])
      expect(addressAllowed(open, false), open).toBe(true);
    for (const closed of [
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254', // the cloud's metadata service
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '127.0.0.1',
      '127.8.9.10',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      'ff02::1',
      '::ffff:10.0.0.1', // IPv4-mapped
      '::ffff:127.0.0.1',
      '64:ff9b::a9fe:a9fe', // NAT64 of 169.254.169.254
      '2001:db8::1',
      '::10.0.0.1', // IPv4-compatible
      '::a9fe:a9fe',
      '::8efa:4b0a',
      '::ffff:0:a00:1', // IPv4-translated (SIIT) of 10.0.0.1
      '::ffff:0:7f00:1',
      '2002:a00:1::1', // 6to4 of 10.0.0.1
      '2002:a9fe:a9fe::',
      'pas une adresse',
    ])
      expect(addressAllowed(closed, false), closed).toBe(false);
    // Outside production the tests' push service runs on loopback; nothing else opens.
    for (const dev of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) expect(addressAllowed(dev, true), dev).toBe(true);
    expect(addressAllowed('10.0.0.1', true)).toBe(false);
  });

  const resolvingTo =
    (...addresses: string[]): Resolve =>
    (_name, _options, callback) =>
      callback(
        null,
        addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
      );
  const look = (resolve: Resolve, all: boolean, allowLoopback = false) =>
    new Promise<{ error: (Error & { code?: string }) | null; address: unknown }>((done) =>
      guardedLookup(allowLoopback, resolve)('push.example.com', { all }, (error, address) => done({ error, address })),
    );

  it('a name is resolved when the sender connects, and refused when any of its addresses is not public', async () => {
    expect(await look(resolvingTo('142.250.75.10'), false)).toEqual({ error: null, address: '142.250.75.10' });
    expect((await look(resolvingTo('142.250.75.10', '2a00:1450::1'), true)).address).toHaveLength(2);
    for (const answer of [['10.0.0.7'], ['142.250.75.10', '169.254.169.254'], ['127.0.0.1'], []]) {
      const { error } = await look(resolvingTo(...answer), true);
      expect(error?.code, answer.join()).toBe('EPUSHADDRESS');
    }
    expect((await look(resolvingTo('127.0.0.1'), false, true)).error, 'loopback, outside production').toBeNull();
  });
});

describe('the sender’s requests', () => {
  const post = (endpoint: string, allowLoopback = false) => postToPushService(endpoint, { method: 'POST', headers: {} }, { allowLoopback });

  it('an endpoint whose host is an IP address is connected to without a lookup: its address is checked first', async () => {
    for (const endpoint of [
      'http://10.0.0.5:9/push',
      'https://169.254.169.254/x',
      'http://[::ffff:a00:5]:9/push',
      'http://[2002:a00:5::]/x',
    ])
      await expect(post(endpoint), endpoint).rejects.toMatchObject({ code: 'EPUSHADDRESS' });
    await expect(post('http://127.0.0.1:9/push'), 'loopback in production').rejects.toMatchObject({ code: 'EPUSHADDRESS' });
  });

  it('kept connections close after 30 idle seconds, at most 16 wait, and the sender’s stop closes them', async () => {
    for (const agent of Object.values(pushAgents))
      expect((agent as unknown as { options: object }).options).toMatchObject({ keepAlive: true, timeout: 30_000 });
    for (const agent of Object.values(pushAgents)) expect(agent.maxFreeSockets).toBe(16);
    const sockets: Socket[] = [];
    const server: Server = createServer((_request, response) => response.writeHead(201).end()).on('connection', (s) => sockets.push(s));
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    try {
      const answer = await post(`http://127.0.0.1:${(server.address() as AddressInfo).port}/push`, true);
      expect(answer.status).toBe(201);
      expect(sockets).toHaveLength(1);
      const closed = new Promise((done) => sockets[0].once('close', done));
      closePushConnections();
      await closed;
      expect(sockets[0].destroyed).toBe(true);
    } finally {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    }
  });
});
