import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { postgresDb, signedUpClient } from '../src/testing/clients.ts';
import { sleep, waitFor } from '../src/testing/realtimeRaw.ts';

// A local behaviour stricter than hosted (README, « Presence identity »): on a private channel, a
// `track` whose payload's user_id is not the token's sub is refused. Hosted never reads a presence
// payload, so an app cannot count on it there: this is the package's test, not the app's.

const TOPIC = 'identite-de-presence';
const QUIET_MS = 600;
// Any signed-in account may read and announce presence on the fixture topic.
const FIXTURES = `
  create policy "presence identity fixture reads" on realtime.messages for select to authenticated
    using (realtime.topic() = '${TOPIC}' and realtime.messages.extension = 'presence');
  create policy "presence identity fixture tracks" on realtime.messages for insert to authenticated
    with check (realtime.topic() = '${TOPIC}' and realtime.messages.extension = 'presence');`;

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
  await db.query(`drop policy "presence identity fixture reads" on realtime.messages;
                  drop policy "presence identity fixture tracks" on realtime.messages;`);
  await db.end();
});

async function join(sb: SupabaseClient, key: string): Promise<RealtimeChannel> {
  opened.push(sb);
  const channel = sb.channel(TOPIC, { config: { private: true, presence: { key } } }).on('presence', { event: 'sync' }, () => undefined);
  const status = await new Promise<string>((resolve) =>
    channel.subscribe((s, err) => (s === 'SUBSCRIBED' ? resolve(s) : s === 'CHANNEL_ERROR' ? resolve(`${s}: ${err?.message}`) : undefined)),
  );
  expect(status).toBe('SUBSCRIBED');
  return channel;
}

const present = (channel: RealtimeChannel) => Object.keys(channel.presenceState()).sort();

describe('presence identity (local only): a private track speaks for its sender', () => {
  it('a track under another user id is refused and shown to nobody; under its own id, or with none, it is seen', async () => {
    const [alice, bob] = await Promise.all([signedUpClient('Alice Présence'), signedUpClient('Bob Présence')]);
    const watcher = await join(alice.sb, 'onglet-alice');
    const sender = await join(bob.sb, 'onglet-bob');
    expect(await watcher.track({ user_id: alice.userId })).toBe('ok');

    expect(await sender.track({ user_id: alice.userId, name: 'Alice Présence' })).toBe('error');
    expect(await sender.track({ user_id: 'not-a-user' })).toBe('error');
    await sleep(QUIET_MS);
    expect(present(watcher)).toEqual(['onglet-alice']);

    expect(await sender.track({ user_id: bob.userId })).toBe('ok');
    await waitFor(() => (present(watcher).length === 2 ? true : undefined));
    expect(watcher.presenceState()['onglet-bob']).toMatchObject([{ user_id: bob.userId }]);
    expect(await sender.track({ lecteurs: 1 })).toBe('ok');
  });
});
