import { describe, expect, it, vi } from 'vitest';
import type { DataClient } from '@/lib/supabase';
import { Redirect } from './redirect';
import { loadInBrowser, type RouteLoader } from './route';

const db = {} as DataClient;
const tick = () => new Promise((resolve) => setTimeout(resolve, 10));

/** A loader whose data needs a chunk that arrives when the test says. */
function loaderNeeding(answer: string | Redirect, chunk: Promise<unknown>) {
  const needs = vi.fn(() => chunk);
  const loader: RouteLoader<{ slug: string }, string> = { key: ({ slug }) => slug, load: async () => answer, needs };
  return { loader, needs };
}

describe('a route loaded by the browser', () => {
  it('hands its data over only once the chunks its render needs are in', async () => {
    let arrive: () => void = () => {};
    const { loader, needs } = loaderNeeding('<p>Corps</p>', new Promise<void>((resolve) => (arrive = resolve)));
    let data: unknown;
    void loadInBrowser(loader, db, { slug: 'cacao' }).then((d) => (data = d));
    await tick();
    expect(needs).toHaveBeenCalledExactlyOnceWith('<p>Corps</p>');
    expect(data, 'not before the chunk').toBeUndefined();
    arrive();
    await tick();
    expect(data).toBe('<p>Corps</p>');
  });

  it('hands its data over when a chunk fails to load (its part retries when it renders)', async () => {
    const { loader } = loaderNeeding('<p>Corps</p>', Promise.reject(new Error('chunk offline')));
    await expect(loadInBrowser(loader, db, { slug: 'cacao' })).resolves.toBe('<p>Corps</p>');
  });

  it('asks for no chunk when the page lives elsewhere', async () => {
    const moved = new Redirect('/article/nouveau-titre');
    const { loader, needs } = loaderNeeding(moved, Promise.resolve());
    await expect(loadInBrowser(loader, db, { slug: 'ancien' })).resolves.toBe(moved);
    expect(needs).not.toHaveBeenCalled();
  });
});
