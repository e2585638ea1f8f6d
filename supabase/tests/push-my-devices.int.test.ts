import { createECDH, randomBytes } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, serviceClient, signedUpClient } from '@afriqueactu/supabase-local/testing';
import type { DataClient } from '@/lib/supabase';
import { fetchMyAlertDevices } from '@/public/alerts/myDevices';
import { expectDenied, must, signIn, uid } from './helpers.ts';

// A signed-in reader's alerts in their account (issue 28, docs/push.md): the devices they subscribed
// while signed in, listed by push_my_devices and stopped by push_stop_my_device, through the real
// stack. Another reader's devices are never listed nor stopped; anon is refused both.

const svc = serviceClient();
const made: string[] = [];
let reader: { sb: SupabaseClient; userId: string };
let otherReader: { sb: SupabaseClient; userId: string };
let category: { id: string; name: string };

/** A device's subscription as a browser hands it (loopback endpoint: the seed marks the database local). */
function device() {
  const endpoint = `http://127.0.0.1:9/push/${uid()}`;
  made.push(endpoint);
  const b64 = (bytes: Buffer) => bytes.toString('base64url');
  return { endpoint, p256dh: b64(createECDH('prime256v1').generateKeys()), auth: b64(randomBytes(16)) };
}

async function subscribe(
  sb: SupabaseClient,
  d: ReturnType<typeof device>,
  follows: { front: boolean; categories: string[]; tags?: string[] },
) {
  const { error } = await sb.rpc('push_subscribe', {
    p_endpoint: d.endpoint,
    p_p256dh: d.p256dh,
    p_auth: d.auth,
    p_follows_front: follows.front,
    p_categories: follows.categories,
    ...(follows.tags ? { p_tags: follows.tags } : {}),
  });
  expect(error, `subscribing ${d.endpoint}`).toBeNull();
  return must(await svc.from('push_subscriptions').select('id').eq('endpoint', d.endpoint).single(), 'the stored device').id;
}

interface DeviceRow {
  id: string;
  follows_front: boolean;
  categories: string[];
  created_at: string;
  this_device: boolean;
}
const listDevices = async (sb: SupabaseClient, what: string, endpoint?: string): Promise<DeviceRow[]> =>
  must(await sb.rpc('push_my_devices', endpoint ? { p_endpoint: endpoint } : {}), what) as DeviceRow[];

const exists = async (id: string) => must(await svc.from('push_subscriptions').select('id').eq('id', id), 'device row').length === 1;

beforeAll(async () => {
  reader = await signIn('reader');
  otherReader = await signedUpClient('Autre Lectrice');
  category = must(await svc.from('categories').select('id, name').order('name').limit(1).single(), 'a category');
});

afterAll(async () => {
  await svc.from('push_subscriptions').delete().in('endpoint', made);
});

describe('push alerts: a signed-in reader’s devices in their account', () => {
  it('« Mes alertes » names the countries and topics a device follows beside its categories', async () => {
    const senegal = must(await svc.from('tags').select('id').eq('slug', 'senegal').single(), 'the reference Sénégal');
    const here = device();
    const id = await subscribe(reader.sb, here, { front: false, categories: [category.id], tags: [senegal.id] });
    const listed = await fetchMyAlertDevices(reader.sb as unknown as DataClient, here.endpoint);
    expect(listed.find((d) => d.id === id)).toMatchObject({ categories: [category.name], tags: ['Sénégal'], thisDevice: true });
    expect(await fetchMyAlertDevices(otherReader.sb as unknown as DataClient, here.endpoint)).not.toContainEqual(
      expect.objectContaining({ id }),
    );
  });

  it('lists their own devices (this one marked), lets them change this one and stop any of theirs; never another reader’s', async () => {
    const here = device();
    const phone = device();
    const hereId = await subscribe(reader.sb, here, { front: true, categories: [] });
    const phoneId = await subscribe(reader.sb, phone, { front: false, categories: [category.id] });
    const theirsId = await subscribe(otherReader.sb, device(), { front: true, categories: [] });
    const anonId = await subscribe(client(), device(), { front: true, categories: [] });

    const listed = await listDevices(reader.sb, 'the reader lists', here.endpoint);
    const mine = listed.filter((d) => [hereId, phoneId].includes(d.id));
    expect(mine.map(({ id, follows_front, categories, this_device }) => ({ id, follows_front, categories, this_device }))).toEqual(
      expect.arrayContaining([
        { id: hereId, follows_front: true, categories: [], this_device: true },
        { id: phoneId, follows_front: false, categories: [category.id], this_device: false },
      ]),
    );
    expect(mine).toHaveLength(2);
    expect(
      listed.map((d) => d.id),
      'another reader’s and anonymous devices are not listed',
    ).not.toContain(theirsId);
    expect(listed.map((d) => d.id)).not.toContain(anonId);
    expect(listed.every((d) => typeof d.created_at === 'string')).toBe(true);

    // This device's choices change through its own subscription (endpoint + auth secret).
    await subscribe(reader.sb, here, { front: true, categories: [category.id] });
    const changed = (await listDevices(reader.sb, 'listed again', here.endpoint)).find((d) => d.id === hereId);
    expect(changed?.categories).toEqual([category.id]);

    // Another reader's device is neither stopped nor seen; the reader's own other device is stopped.
    expect(must(await reader.sb.rpc('push_stop_my_device', { p_id: theirsId }), 'stopping another’s')).toBe(false);
    expect(must(await reader.sb.rpc('push_stop_my_device', { p_id: anonId }), 'stopping an anonymous one')).toBe(false);
    expect(await exists(theirsId), 'another reader’s device is kept').toBe(true);
    expect(await exists(anonId), 'an anonymous device is kept').toBe(true);
    expect(must(await reader.sb.rpc('push_stop_my_device', { p_id: phoneId }), 'stopping their phone')).toBe(true);
    expect(await exists(phoneId), 'their phone no longer gets alerts').toBe(false);
    const afterStop = (await listDevices(reader.sb, 'listed after stopping')).map((d) => d.id);
    expect(afterStop).toContain(hereId);
    expect(afterStop).not.toContain(phoneId);

    // The other reader sees only their own.
    const theirs = (await listDevices(otherReader.sb, 'the other reader lists')).map((d) => d.id);
    expect(theirs).toEqual([theirsId]);
  });

  it('anon may neither list nor stop devices', async () => {
    const id = await subscribe(reader.sb, device(), { front: true, categories: [] });
    expectDenied(await client().rpc('push_my_devices', {}), 'anon listing devices');
    expectDenied(await client().rpc('push_stop_my_device', { p_id: id }), 'anon stopping a device');
    expect(await exists(id), 'the device is kept').toBe(true);
  });
});
