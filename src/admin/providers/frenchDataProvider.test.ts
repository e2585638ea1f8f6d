import { HttpError, type DataProvider } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isStaleVersion } from '../articles/saveErrors';
import { withFrenchErrors } from './frenchDataProvider';
import { describeError, isTransientError, NETWORK_LOST, ShownError, STALE_VERSION } from './frenchErrors';

const rejecting = (error: unknown) => vi.fn(() => Promise.reject(error));

beforeEach(() => void vi.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(() => vi.restoreAllMocks());

describe('withFrenchErrors', () => {
  it('rejects with the French sentence as the message, status and body kept, the original as cause', async () => {
    const refused = new HttpError('new row violates row-level security policy', 403, { code: '42501', message: 'rls' });
    const provider = withFrenchErrors({ getList: rejecting(refused) } as unknown as DataProvider);
    const error = (await provider.getList('articles', {} as never).catch((e: unknown) => e)) as ShownError & {
      status: number;
      body: unknown;
    };
    expect(error).toBeInstanceOf(ShownError);
    expect(error.message).toBe("Vous n'avez pas le droit de faire cela : seul un administrateur peut publier ou supprimer cet article.");
    expect(error.status).toBe(403);
    expect(error.body).toEqual({ code: '42501', message: 'rls' });
    expect(error.cause).toBe(refused);
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining('getList'), refused);
  });

  it('names the topic by the resource, and keeps what the editor reads (a stale version)', async () => {
    const stale = new HttpError('saved by someone else', 409, { code: 'PT409', details: 'stale_version' });
    const provider = withFrenchErrors({
      update: rejecting(stale),
      create: rejecting(new HttpError('x', 403, { code: '42501' })),
    } as unknown as DataProvider);
    const error = await provider.update('articles', {} as never).catch((e: unknown) => e);
    expect(isStaleVersion(error)).toBe(true);
    expect(describeError(error)).toBe(STALE_VERSION);
    const pin = await provider.create('front_page', {} as never).catch((e: unknown) => e);
    expect((pin as Error).message).toMatch(/choisir la une/);
  });

  it('keeps a lost connection transient, so reads are retried', async () => {
    const provider = withFrenchErrors({ getOne: rejecting(new TypeError('Failed to fetch')) } as unknown as DataProvider);
    const error = await provider.getOne('articles', {} as never).catch((e: unknown) => e);
    expect((error as Error).message).toBe(NETWORK_LOST);
    expect(isTransientError(error)).toBe(true);
  });

  it('leaves successes and non-promise members alone', async () => {
    const provider = withFrenchErrors({ getMany: vi.fn(async () => ({ data: [{ id: 1 }] })), label: 'x' } as unknown as DataProvider);
    await expect(provider.getMany('articles', { ids: [1] })).resolves.toEqual({ data: [{ id: 1 }] });
    expect((provider as unknown as { label: string }).label).toBe('x');
  });
});
