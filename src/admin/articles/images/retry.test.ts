import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withRetry } from './retry';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('withRetry', () => {
  it('tries 3 times, waiting 1 s then 2 s, and surfaces the third failure', async () => {
    const calls: number[] = [];
    const task = vi.fn(async (attempt: number) => {
      calls.push(Date.now());
      throw new Error(`échec ${attempt}`);
    });
    const start = Date.now();
    const result = withRetry(task).catch((e: Error) => e);

    await vi.advanceTimersByTimeAsync(0);
    expect(task).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(task).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(task).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(task).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(task).toHaveBeenCalledTimes(3);

    expect(((await result) as Error).message).toBe('échec 3');
    expect(calls.map((t) => t - start)).toEqual([0, 1000, 3000]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(task).toHaveBeenCalledTimes(3);
  });

  it('stops at the first success', async () => {
    const task = vi.fn().mockRejectedValueOnce(new Error('réseau')).mockResolvedValueOnce('ok');
    const result = withRetry(task);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(result).resolves.toBe('ok');
    expect(task).toHaveBeenCalledTimes(2);
    expect(task).toHaveBeenLastCalledWith(2);
  });
});
