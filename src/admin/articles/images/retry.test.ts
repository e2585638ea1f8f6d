import { StorageApiError } from '@supabase/storage-js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withRetry } from './retry';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('withRetry', () => {
  it('tries 3 times after a lost connection, waiting 1 s then 2 s, and surfaces the third failure', async () => {
    const calls: number[] = [];
    const task = vi.fn(async (attempt: number) => {
      calls.push(Date.now());
      throw new TypeError(`Failed to fetch (${attempt})`);
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

    expect(((await result) as Error).message).toBe('Failed to fetch (3)');
    expect(calls.map((t) => t - start)).toEqual([0, 1000, 3000]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(task).toHaveBeenCalledTimes(3);
  });

  it('stops at the first success', async () => {
    const task = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce('ok');
    const result = withRetry(task);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(result).resolves.toBe('ok');
    expect(task).toHaveBeenCalledTimes(2);
    expect(task).toHaveBeenLastCalledWith(2);
  });

  it('does not try again what storage refused (file type, size): it would be refused again', async () => {
    for (const refusal of [
      new StorageApiError('mime type text/plain is not supported', 400, '415'),
      new StorageApiError('The object exceeded the maximum allowed size', 400, '413'),
    ]) {
      const task = vi.fn().mockRejectedValue(refusal);
      await expect(withRetry(task)).rejects.toBe(refusal);
      expect(task).toHaveBeenCalledTimes(1);
    }
  });

  it('tries again after a server failure (5xx)', async () => {
    const task = vi
      .fn()
      .mockRejectedValueOnce(new StorageApiError('Internal server error', 500, '500'))
      .mockResolvedValueOnce('ok');
    const result = withRetry(task);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(result).resolves.toBe('ok');
  });
});
