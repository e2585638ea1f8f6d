// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { describeLiveError } from './liveMessages';
import { createOutbox, failureOutcome, type SendOutcome } from '../outbox/outbox';
import { localOutboxStore, OUTBOX_STORAGE_KEY, outboxKey, SHARED_OUTBOX_HOLD, type OutboxItem } from './outbox';

const item = (id: string, queuedAt: string, body = `Entrée ${id}`) => ({
  id,
  articleId: 'a1',
  body,
  imageUrl: null,
  imageAlt: null,
  queuedAt,
});

/** A server that stores each id once, as live_post does, and a network the test turns off and on. */
function fakeServer() {
  const stored = new Map<string, string>();
  const server = {
    stored,
    online: true,
    refuse: null as string | null,
    /** A try that reaches the server but whose answer is lost on the way back. */
    loseNextAnswer: false,
    calls: 0,
    async send(entry: OutboxItem): Promise<SendOutcome> {
      server.calls++;
      if (!server.online) return { kind: 'network' };
      if (server.refuse) return { kind: 'refused', message: server.refuse };
      if (!stored.has(entry.id)) stored.set(entry.id, entry.body);
      if (server.loseNextAnswer) {
        server.loseNextAnswer = false;
        return { kind: 'network' };
      }
      return { kind: 'stored' };
    },
  };
  return server;
}

describe('the field outbox', () => {
  beforeEach(() => localStorage.clear());

  it('keeps an entry typed offline in localStorage under its id and sends it once when the network returns', async () => {
    const server = fakeServer();
    const outbox = createOutbox(localOutboxStore('u1'), server.send);
    server.online = false;
    outbox.put(item('e1', '2026-12-17T20:00:00Z'));
    expect(await outbox.flush()).toEqual({ stored: [], refused: [], waiting: 1 });
    expect(Object.keys(JSON.parse(localStorage.getItem(outboxKey('u1'))!))).toEqual(['e1']);
    // A reload of the page reads the same outbox.
    expect(
      createOutbox(localOutboxStore('u1'), server.send)
        .items('a1')
        .map((i) => i.id),
    ).toEqual(['e1']);

    server.online = true;
    expect(await outbox.flush()).toEqual({ stored: ['e1'], refused: [], waiting: 0 });
    expect(await outbox.flush()).toEqual({ stored: [], refused: [], waiting: 0 });
    expect([...server.stored.keys()]).toEqual(['e1']);
    expect(localStorage.getItem(outboxKey('u1'))).toBeNull();
  });

  it('retries with the same id when the first try arrived but its answer was lost: stored once', async () => {
    const server = fakeServer();
    const outbox = createOutbox(localOutboxStore('u1'), server.send);
    server.loseNextAnswer = true;
    outbox.put(item('e1', '2026-12-17T20:00:00Z'));
    expect((await outbox.flush()).waiting).toBe(1);
    expect((await outbox.flush()).stored).toEqual(['e1']);
    expect(server.calls).toBe(2);
    expect(server.stored.size).toBe(1);
  });

  it('sends oldest first, keeps the rest waiting behind a network failure, and never sends one item twice at once', async () => {
    const server = fakeServer();
    const outbox = createOutbox(localOutboxStore('u1'), server.send);
    outbox.put(item('late', '2026-12-17T20:05:00Z'));
    outbox.put(item('early', '2026-12-17T20:00:00Z'));
    const [first, second] = [outbox.flush(), outbox.flush()];
    expect(first).toBe(second);
    expect((await first).stored).toEqual(['early', 'late']);
    expect(server.calls).toBe(2);
    expect(outbox.items('a1')).toEqual([]);
  });

  it('keeps a refused entry with its refusal, does not retry it, and sends it again once edited', async () => {
    const server = fakeServer();
    const outbox = createOutbox(localOutboxStore('u1'), server.send);
    server.refuse = 'Ce direct est en pause : reprenez-le pour publier.';
    outbox.put(item('e1', '2026-12-17T20:00:00Z'));
    expect(await outbox.flush()).toEqual({ stored: [], refused: ['e1'], waiting: 0 });
    expect(outbox.items('a1')[0].refusal).toBe('Ce direct est en pause : reprenez-le pour publier.');
    server.refuse = null;
    await outbox.flush();
    expect(server.calls).toBe(1);

    outbox.put(item('e1', '2026-12-17T20:00:00Z', 'Le texte repris'));
    expect(outbox.items('a1')[0].refusal).toBeNull();
    expect((await outbox.flush()).stored).toEqual(['e1']);
    expect(server.stored.get('e1')).toBe('Le texte repris');
  });

  it('lists the items of one article only, and drops one the journalist abandons', () => {
    const outbox = createOutbox(localOutboxStore('u1'), fakeServer().send);
    outbox.put(item('e1', '2026-12-17T20:00:00Z'));
    outbox.put({ ...item('e2', '2026-12-17T20:01:00Z'), articleId: 'a2' });
    expect(outbox.items('a1').map((i) => i.id)).toEqual(['e1']);
    outbox.remove('e1');
    expect(outbox.items('a1')).toEqual([]);
    expect(outbox.items('a2').map((i) => i.id)).toEqual(['e2']);
  });

  it("keeps each account's entries under its own key: the next journalist to sign in neither sees nor sends them", async () => {
    const server = fakeServer();
    server.online = false;
    const amina = createOutbox(localOutboxStore('amina'), server.send);
    amina.put(item('e1', '2026-12-17T20:00:00Z'));
    await amina.flush();
    // Amina signs out, Kofi signs in on the same phone and the network returns.
    server.online = true;
    const kofi = createOutbox(localOutboxStore('kofi'), server.send);
    expect(kofi.items('a1')).toEqual([]);
    expect(await kofi.flush()).toEqual({ stored: [], refused: [], waiting: 0 });
    expect(server.calls).toBe(1);
    expect(server.stored.size).toBe(0);
    // Amina back: her entry is still waiting, and goes under her name.
    expect(await createOutbox(localOutboxStore('amina'), server.send).flush()).toEqual({ stored: ['e1'], refused: [], waiting: 0 });
    expect([...server.stored.keys()]).toEqual(['e1']);
  });

  it('holds the entries left under the key every account once shared: kept, never sent by themselves', async () => {
    localStorage.setItem(OUTBOX_STORAGE_KEY, JSON.stringify({ e1: { ...item('e1', '2026-12-17T20:00:00Z'), refusal: null } }));
    const server = fakeServer();
    const outbox = createOutbox(localOutboxStore('kofi'), server.send);
    expect(outbox.items('a1').map((i) => [i.id, i.refusal])).toEqual([['e1', SHARED_OUTBOX_HOLD]]);
    expect(await outbox.flush()).toEqual({ stored: [], refused: [], waiting: 0 });
    expect(server.calls).toBe(0);
    expect(localStorage.getItem(OUTBOX_STORAGE_KEY)).toBeNull();
    // The journalist read it and sends it: then it goes, once.
    outbox.put(item('e1', '2026-12-17T20:00:00Z'));
    expect(await outbox.flush()).toEqual({ stored: ['e1'], refused: [], waiting: 0 });
  });

  it('reads an unreadable stored outbox as empty rather than failing the desk', () => {
    localStorage.setItem(outboxKey('u1'), '{not json');
    expect(createOutbox(localOutboxStore('u1'), fakeServer().send).items('a1')).toEqual([]);
  });
});

describe('failureOutcome', () => {
  const describeError = (error: unknown) => `Refusé : ${(error as Error).message}`;

  it('waits for the network when the phone is offline or the request never got an answer', () => {
    expect(failureOutcome(new Error('anything'), false, describeError)).toEqual({ kind: 'network' });
    // What postgrest-js returns when fetch itself fails.
    expect(failureOutcome({ message: 'TypeError: Failed to fetch', code: '', status: 0 }, true, describeError)).toEqual({
      kind: 'network',
    });
    expect(failureOutcome({ message: 'Bad gateway', status: 502 }, true, describeError)).toEqual({ kind: 'network' });
  });

  it("keeps a refusal of the server as a refusal, in the database's French or the back office's", () => {
    // As postgrest-js hands over live_post's refusal (SQLSTATE 22023, detail 'paused', HTTP 400).
    const paused = { message: 'Ce direct est en pause : reprenez-le pour publier.', code: '22023', details: 'paused', status: 400 };
    expect(failureOutcome(paused, true, describeLiveError)).toEqual({ kind: 'refused', message: paused.message });
    expect(failureOutcome({ message: 'permission denied', code: '42501', status: 403 }, true, describeError)).toEqual({
      kind: 'refused',
      message: 'Refusé : permission denied',
    });
  });
});
