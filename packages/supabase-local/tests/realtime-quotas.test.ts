import { afterEach, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { anonClient } from '../src/testing/clients.ts';
import { QUOTAS } from '../src/realtime/quotas.ts';
import { rawSocket, sleep, waitFor, type RawSocket } from '../src/testing/realtimeRaw.ts';

// Issue 12 §6: no cap on message size, connections or channels. Hosted Realtime's quotas (Free
// plan) now hold locally, with its reasons. Every test connects from loopback addresses of its
// own (127.0.0.x), so the per-address quota of one never touches another.

const raws: RawSocket[] = [];
const opened: SupabaseClient[] = [];
afterEach(async () => {
  for (const s of raws.splice(0)) s.close();
  for (const sb of opened.splice(0)) {
    await sb.removeAllChannels();
    await sb.realtime.disconnect();
  }
});

async function socket(address: string): Promise<RawSocket> {
  const s = await rawSocket(address);
  raws.push(s);
  return s;
}

describe('realtime quotas', () => {
  it(`refuses a broadcast over ${QUOTAS.payloadBytes / 1024} KB; one just under it arrives`, async () => {
    const receiver = await socket('127.0.0.61');
    expect((await receiver.join('salle-taille')).status).toBe('ok');
    const sender = await socket('127.0.0.61');
    expect((await sender.join('salle-taille', { broadcast: { ack: true } })).status).toBe('ok');
    const big = sender.send('realtime:salle-taille', 'broadcast', {
      type: 'broadcast',
      event: 'gros',
      payload: { x: 'x'.repeat(900 * 1024) },
    });
    expect((await sender.next((f) => f.ref === big)).payload).toEqual({ status: 'error', response: { reason: 'payload_size_exceeded' } });
    const fits = sender.send('realtime:salle-taille', 'broadcast', {
      type: 'broadcast',
      event: 'juste',
      payload: { x: 'x'.repeat(250 * 1024) },
    });
    expect((await sender.next((f) => f.ref === fits)).payload.status).toBe('ok');
    await receiver.next((f) => f.event === 'broadcast');
    await sleep(300);
    expect(receiver.frames.filter((f) => f.event === 'broadcast').map((f) => f.payload.event)).toEqual(['juste']);
  });

  it('supabase-js with ack is told an oversized broadcast failed', async () => {
    const sb = anonClient();
    opened.push(sb);
    const channel = sb.channel('salle-taille-js', { config: { broadcast: { ack: true } } });
    await new Promise<void>((resolve) => channel.subscribe((s) => s === 'SUBSCRIBED' && resolve()));
    expect(await channel.send({ type: 'broadcast', event: 'gros', payload: { x: 'x'.repeat(300 * 1024) } })).toBe('error');
    expect(await channel.send({ type: 'broadcast', event: 'petit', payload: { x: 'ok' } })).toBe('ok');
  });

  it(`closes a channel sending more than ${QUOTAS.messagesPerSecond} messages a second`, async () => {
    const receiver = await socket('127.0.0.62');
    expect((await receiver.join('salle-debit')).status).toBe('ok');
    const flooder = await socket('127.0.0.63');
    expect((await flooder.join('salle-debit')).status).toBe('ok');
    for (let i = 0; i < 300; i++) flooder.send('realtime:salle-debit', 'broadcast', { type: 'broadcast', event: 'spam', payload: { i } });
    const system = await flooder.next((f) => f.event === 'system');
    expect(system.payload).toMatchObject({ status: 'error', message: 'Too many messages per second', channel: 'salle-debit' });
    await flooder.next((f) => f.event === 'phx_close');
    await sleep(300);
    const relayed = receiver.frames.filter((f) => f.event === 'broadcast').length;
    expect(relayed).toBe(QUOTAS.messagesPerSecond);
  });

  it(`refuses a channel beyond ${QUOTAS.channelsPerConnection} on one connection`, async () => {
    const s = await socket('127.0.0.64');
    for (let i = 0; i < QUOTAS.channelsPerConnection; i++) {
      const r = s.send(`realtime:salle-${i}`, 'phx_join', { config: {} });
      await s.next((f) => f.ref === r);
    }
    expect(s.frames.filter((f) => f.payload?.status === 'ok')).toHaveLength(QUOTAS.channelsPerConnection);
    await sleep(1000); // out of the joins-per-second window
    expect(await s.join('salle-de-trop')).toEqual({ status: 'error', response: { reason: 'ChannelRateLimitReached: Too many channels' } });
    // Leaving one makes room again (control).
    const leave = s.send('realtime:salle-0', 'phx_leave', {});
    await s.next((f) => f.ref === leave);
    expect((await s.join('salle-de-trop')).status).toBe('ok');
  });

  it(`disconnects a client joining more than ${QUOTAS.joinsPerSecond} times a second`, async () => {
    const s = await socket('127.0.0.65');
    for (let i = 0; i <= QUOTAS.joinsPerSecond; i++) {
      s.send('realtime:va-et-vient', 'phx_join', { config: {} });
      s.send('realtime:va-et-vient', 'phx_leave', {});
    }
    const refused = await s.next((f) => f.payload?.response?.reason === 'ClientJoinRateLimitReached: Too many joins per second', 5000);
    expect(refused.event).toBe('phx_reply');
    await waitFor(() => (s.ws.readyState === s.ws.CLOSED ? true : undefined));
  });

  it(`refuses a client address a connection beyond ${QUOTAS.connectionsPerAddress}; other addresses still join`, async () => {
    const address = '127.0.0.66';
    const joined: RawSocket[] = [];
    for (let i = 0; i < QUOTAS.connectionsPerAddress; i++) {
      const s = await socket(address);
      joined.push(s);
    }
    const replies = await Promise.all(joined.map((s) => s.join('salle-comble')));
    expect(replies.every((r) => r.status === 'ok')).toBe(true);
    const extra = await socket(address);
    expect(await extra.join('salle-comble')).toEqual({
      status: 'error',
      response: { reason: 'ConnectionRateLimitReached: Too many connected users' },
    });
    const neighbour = await socket('127.0.0.67');
    expect((await neighbour.join('salle-comble')).status).toBe('ok');
    // A connection closing frees its place.
    joined[0].close();
    await sleep(200);
    expect((await extra.join('salle-comble')).status).toBe('ok');
  }, 60_000);
});
