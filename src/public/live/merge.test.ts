import { describe, expect, it } from 'vitest';
import { applyDelta } from './merge';
import { coverage, entry, livePage } from './testEntries';
import type { LiveDelta } from '@/lib/live';

const delta = (revision: number, entries: LiveDelta['entries'], over: Partial<LiveDelta['coverage']> = {}): LiveDelta => ({
  coverage: coverage(revision, over),
  entries,
  reload: false,
});
const seqs = (page: { entries: { seq: number }[] }) => page.entries.map((e) => e.seq);

describe('applying a delta to the live page', () => {
  it('inserts new entries newest first and names them as added', () => {
    const { page, added, changed } = applyDelta(livePage([3, 2, 1], 3), delta(5, [entry(4), entry(5)]));
    expect(seqs(page)).toEqual([5, 4, 3, 2, 1]);
    expect(added.map((e) => e.seq)).toEqual([5, 4]);
    expect(changed).toBe(true);
    expect(page.coverage.revision).toBe(5);
  });

  it('replaces an edited entry in place, its correction with it, without counting it as new', () => {
    const corrected = entry(2, {
      body: 'Le bon chiffre : 52 %',
      revision: 6,
      correction: { text: 'Il était écrit 25 %.', at: '2026-12-17T21:50:00Z' },
    });
    const { page, added, changed } = applyDelta(livePage([3, 2, 1], 5), delta(6, [corrected]));
    expect(seqs(page)).toEqual([3, 2, 1]);
    expect(page.entries[1]).toEqual(corrected);
    expect(added).toEqual([]);
    expect(changed).toBe(true);
  });

  it('removes a deleted entry from the list, the pin and the key events', () => {
    const start = livePage([3, 2, 1], 5, {
      pinned: entry(2, { pinned: true }),
      keyEvents: [{ id: 'e2', seq: 2, body: 'Entrée 2', createdAt: '2026-12-17T21:02:00Z' }],
    });
    const { page } = applyDelta(start, delta(6, [{ id: 'e2', seq: 2, revision: 6, deleted: true }]));
    expect(seqs(page)).toEqual([3, 1]);
    expect(page.pinned).toBeNull();
    expect(page.keyEvents).toEqual([]);
  });

  it('an entry posted then deleted within one delta never shows', () => {
    const { page, added } = applyDelta(livePage([1], 1), delta(3, [entry(2), { id: 'e2', seq: 2, revision: 3, deleted: true }]));
    expect(seqs(page)).toEqual([1]);
    expect(added).toEqual([]);
  });

  it('follows pins and key events: pinning one unpins the other, a key event is listed newest first', () => {
    const start = livePage([3, 2, 1], 3, { pinned: entry(1, { pinned: true }) });
    const { page } = applyDelta(start, delta(6, [entry(1, { revision: 5 }), entry(3, { pinned: true, keyEvent: true, revision: 6 })]));
    expect(page.pinned?.id).toBe('e3');
    expect(page.keyEvents.map((k) => k.seq)).toEqual([3]);
    const unmarked = applyDelta(page, delta(7, [entry(3, { pinned: false, keyEvent: false, revision: 7 })])).page;
    expect(unmarked.pinned).toBeNull();
    expect(unmarked.keyEvents).toEqual([]);
  });

  it('leaves entries older than the list shown out of it, but keeps their marks', () => {
    const start = livePage([23, 22, 21], 30, { older: true });
    const { page, added } = applyDelta(start, delta(31, [entry(4, { keyEvent: true, revision: 31 })]));
    expect(seqs(page)).toEqual([23, 22, 21]);
    expect(added).toEqual([]);
    expect(page.keyEvents.map((k) => k.seq)).toEqual([4]);
  });

  it('takes the coverage state and interval of the answer (closing shows as a change)', () => {
    const { page, changed } = applyDelta(
      livePage([1], 1),
      delta(2, [], { state: 'closed', pollSeconds: 0, endedAt: '2026-12-17T23:00:00Z' }),
    );
    expect(page.coverage).toMatchObject({ state: 'closed', pollSeconds: 0, revision: 2 });
    expect(changed).toBe(true);
  });

  it('an empty answer, or one older than the page, changes nothing', () => {
    const start = livePage([2, 1], 2);
    expect(applyDelta(start, delta(2, [])).changed).toBe(false);
    const stale = applyDelta(start, delta(1, [{ id: 'e2', seq: 2, revision: 1, deleted: true }]));
    expect(stale.page).toBe(start);
    expect(stale.changed).toBe(false);
  });
});
