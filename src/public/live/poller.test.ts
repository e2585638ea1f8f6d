import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startLivePoller } from './poller';
import { coverage } from './testEntries';
import type { DeltaAnswer } from './fetchDelta';
import type { LiveCoverage } from '@/lib/live';

/** A document whose visibility the test sets. */
function fakeDocument() {
  const listeners = new Set<() => void>();
  const doc = {
    visibilityState: 'visible' as DocumentVisibilityState,
    addEventListener: (_: string, l: () => void) => listeners.add(l),
    removeEventListener: (_: string, l: () => void) => listeners.delete(l),
    show(state: DocumentVisibilityState) {
      doc.visibilityState = state;
      listeners.forEach((l) => l());
    },
    listeners,
  };
  return doc;
}

/** The delta address as a queue of answers (a coverage, or an error), recording the revisions asked. */
function fakeAddress(answers: (LiveCoverage | Error)[]) {
  const asked: number[] = [];
  const check = vi.fn(async (revision: number): Promise<DeltaAnswer> => {
    asked.push(revision);
    const next = answers.shift() ?? coverage(revision);
    if (next instanceof Error) throw next;
    return { delta: { coverage: next, entries: [], reload: false }, bytes: 500 };
  });
  return { asked, check };
}

let stop = () => {};
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  stop();
  vi.useRealTimers();
});

describe('the live poller', () => {
  it('asks with the last revision it knows, every interval the last answer named', async () => {
    const address = fakeAddress([coverage(5, { pollSeconds: 10 }), coverage(7, { pollSeconds: 10 })]);
    const answers: number[] = [];
    stop = startLivePoller({
      coverage: coverage(3),
      check: address.check,
      onAnswer: (a) => answers.push(a.delta.coverage.revision),
      doc: fakeDocument(),
    });
    await vi.advanceTimersByTimeAsync(29_999);
    expect(address.asked).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(address.asked).toEqual([3]);
    // The answer said 10 s.
    await vi.advanceTimersByTimeAsync(10_000);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(address.asked).toEqual([3, 5, 7]);
    expect(answers).toEqual([5, 7, 7]);
  });

  it('waits four times longer while the tab is hidden, and checks at once when it shows after that', async () => {
    const doc = fakeDocument();
    const address = fakeAddress([]);
    stop = startLivePoller({ coverage: coverage(1), check: address.check, onAnswer: () => {}, doc });
    doc.show('hidden');
    await vi.advanceTimersByTimeAsync(119_000);
    expect(address.asked).toEqual([]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(address.asked).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(40_000);
    expect(address.asked).toHaveLength(1);
    doc.show('visible');
    await vi.advanceTimersByTimeAsync(0);
    expect(address.asked).toHaveLength(2);
    // Shown again before the visible interval passed: it waits the rest of it.
    doc.show('hidden');
    await vi.advanceTimersByTimeAsync(10_000);
    doc.show('visible');
    await vi.advanceTimersByTimeAsync(0);
    expect(address.asked).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(address.asked).toHaveLength(3);
  });

  it('backs off after failures, doubling, and goes back to the interval after an answer', async () => {
    const address = fakeAddress([new Error('réseau'), new Error('réseau'), coverage(2), coverage(2)]);
    stop = startLivePoller({ coverage: coverage(1), check: address.check, onAnswer: () => {}, doc: fakeDocument() });
    const at: number[] = [];
    for (let t = 0; t < 300; t++) {
      const before = address.asked.length;
      await vi.advanceTimersByTimeAsync(1_000);
      if (address.asked.length > before) at.push(t + 1);
    }
    // 30 s, then +60 (one failure), +120 (two), then the interval again: +30.
    expect(at).toEqual([30, 90, 210, 240, 270, 300]);
  });

  it('stops when an answer says the interval is 0 or the coverage closed', async () => {
    const doc = fakeDocument();
    const address = fakeAddress([coverage(2, { pollSeconds: 0 })]);
    stop = startLivePoller({ coverage: coverage(1), check: address.check, onAnswer: () => {}, doc });
    await vi.advanceTimersByTimeAsync(30_000);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(address.asked).toEqual([1]);
    expect(doc.listeners.size).toBe(0);

    const closed = fakeAddress([coverage(3, { state: 'closed', pollSeconds: 0 })]);
    stop = startLivePoller({ coverage: coverage(2), check: closed.check, onAnswer: () => {}, doc });
    await vi.advanceTimersByTimeAsync(600_000);
    expect(closed.asked).toEqual([2]);
  });

  it('never starts on a page that is already closed, and stop() ends it', async () => {
    const address = fakeAddress([]);
    stop = startLivePoller({
      coverage: coverage(4, { state: 'closed', pollSeconds: 0 }),
      check: address.check,
      onAnswer: () => {},
      doc: fakeDocument(),
    });
    await vi.advanceTimersByTimeAsync(600_000);
    expect(address.asked).toEqual([]);

    stop = startLivePoller({ coverage: coverage(4), check: address.check, onAnswer: () => {}, doc: fakeDocument() });
    stop();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(address.asked).toEqual([]);
  });
});
