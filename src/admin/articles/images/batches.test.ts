import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { percent, runInBatches } from './batches';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const after = <T>(ms: number, value: T, fail = false) =>
  new Promise<T>((resolve, reject) => setTimeout(() => (fail ? reject(new Error(String(value))) : resolve(value)), ms));

describe('runInBatches', () => {
  it('runs 3 at a time and starts a batch only when the previous one has settled', async () => {
    const started: number[] = [];
    let running = 0;
    let peak = 0;
    const work = async (n: number) => {
      started.push(n);
      running += 1;
      peak = Math.max(peak, running);
      await after(n === 1 ? 500 : 100, n);
      running -= 1;
      return n * 10;
    };
    const done = runInBatches([0, 1, 2, 3, 4, 5, 6], 3, work);

    await vi.advanceTimersByTimeAsync(0);
    expect(started).toEqual([0, 1, 2]);
    // Items 0 and 2 are done at 100 ms, but item 1 holds its batch until 500 ms.
    await vi.advanceTimersByTimeAsync(499);
    expect(started).toEqual([0, 1, 2]);
    await vi.advanceTimersByTimeAsync(1);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    await vi.advanceTimersByTimeAsync(100);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6]);
    await vi.advanceTimersByTimeAsync(100);

    expect((await done).map((r) => (r.status === 'fulfilled' ? r.value : null))).toEqual([0, 10, 20, 30, 40, 50, 60]);
    expect(peak).toBe(3);
  });

  it('keeps going after a failure and reports each outcome in order', async () => {
    const done = runInBatches(['a', 'b', 'c', 'd'], 3, (x) => after(10, x, x === 'b'));
    await vi.advanceTimersByTimeAsync(20);
    expect((await done).map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
  });
});

describe('percent', () => {
  it('is a whole percentage, 0 for nothing to do', () => {
    expect([0, 1, 2, 3].map((d) => percent(d, 3))).toEqual([0, 33, 67, 100]);
    expect(percent(0, 0)).toBe(0);
  });
});
