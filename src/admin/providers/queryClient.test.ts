import { onlineManager } from '@tanstack/react-query';
import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { createQueryClient, QUERY_ATTEMPTS, retryTransient } from './queryClient';

describe('the back office retry rule', () => {
  it('tries a transient failure 3 times in all', () => {
    const lost = new TypeError('Failed to fetch');
    expect(QUERY_ATTEMPTS).toBe(3);
    expect(retryTransient(0, lost)).toBe(true);
    expect(retryTransient(1, lost)).toBe(true);
    expect(retryTransient(2, lost)).toBe(false);
    expect(retryTransient(0, new HttpError('Service Unavailable', 503))).toBe(true);
  });
  it('never retries a refusal', () => {
    expect(retryTransient(0, new HttpError('forbidden', 403, { code: '42501' }))).toBe(false);
    expect(retryTransient(0, new HttpError('Not Found', 404))).toBe(false);
  });
  it('is what the query client does: three calls for a lost connection, one for a refusal', async () => {
    const client = createQueryClient();
    const calls = { lost: 0, refused: 0 };
    const read = (key: keyof typeof calls, error: Error) =>
      client.fetchQuery({
        queryKey: [key],
        retryDelay: 0,
        queryFn: () => {
          calls[key]++;
          throw error;
        },
      });
    await expect(read('lost', new TypeError('Failed to fetch'))).rejects.toThrow();
    await expect(read('refused', new HttpError('forbidden', 403, { code: '42501' }))).rejects.toThrow();
    expect(calls).toEqual({ lost: 3, refused: 1 });
  });
  it('is what the query client uses; writes are not retried', () => {
    const client = createQueryClient();
    expect(client.getDefaultOptions().queries?.retry).toBe(retryTransient);
    expect(client.getDefaultOptions().mutations?.retry).toBe(false);
  });
  it('tries a write at once even when the browser says it is offline, rather than pausing it unseen', async () => {
    const client = createQueryClient();
    onlineManager.setOnline(false);
    try {
      const write = client.getMutationCache().build(client, {
        mutationFn: () => Promise.reject(new TypeError('Failed to fetch')),
      });
      await expect(write.execute(undefined)).rejects.toThrow('Failed to fetch');
    } finally {
      onlineManager.setOnline(true);
    }
  });
});
