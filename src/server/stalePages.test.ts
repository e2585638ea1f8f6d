import { describe, expect, it } from 'vitest';
import { renderOrStale, StalePages, type Verdict } from './stalePages';

const page = (text: string, ok: boolean | 'final' = true) => ({ text, ok, bytes: text.length * 2 });
const usable = (p: { ok: boolean | 'final' }): Verdict => (p.ok === 'final' ? 'final' : p.ok ? 'keep' : 'failed');
const slow = <T>(value: T, ms: number) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe('stale pages', () => {
  it('keeps memory bounded, dropping the least recently used first', () => {
    const pages = new StalePages<ReturnType<typeof page>>(100);
    pages.set('a', page('x'.repeat(20))); // 40 bytes
    pages.set('b', page('y'.repeat(20)));
    pages.get('a'); // a is now the most recent
    pages.set('c', page('z'.repeat(20)));
    expect(pages.get('b')).toBeUndefined();
    expect(pages.get('a')?.text).toHaveLength(20);
    expect(pages.heldBytes).toBeLessThanOrEqual(100);
    pages.set('huge', page('h'.repeat(100)));
    expect(pages.get('huge')).toBeUndefined();
  });

  it('forgets copies older than the limit', () => {
    let now = 0;
    const pages = new StalePages<ReturnType<typeof page>>(1000, 60_000, () => now);
    pages.set('a', page('old'));
    now = 60_001;
    expect(pages.get('a')).toBeUndefined();
    expect(pages.size).toBe(0);
  });

  it('serves the fresh render when the backend is healthy, and keeps it', async () => {
    const pages = new StalePages<ReturnType<typeof page>>();
    pages.set('/', page('v1'));
    const out = await renderOrStale(pages, '/', async () => page('v2'), usable, 200);
    expect(out).toEqual({ page: page('v2'), stale: false });
    expect(pages.get('/')?.text).toBe('v2');
  });

  it('serves the kept copy when the render fails, is unusable or is slow, and refreshes it afterwards', async () => {
    const pages = new StalePages<ReturnType<typeof page>>();
    pages.set('/', page('v1'));
    expect(await renderOrStale(pages, '/', () => Promise.reject(new Error('down')), usable, 200)).toEqual({
      page: page('v1'),
      stale: true,
    });
    expect(await renderOrStale(pages, '/', async () => page('503', false), usable, 200)).toEqual({ page: page('v1'), stale: true });
    const started = Date.now();
    const out = await renderOrStale(pages, '/', () => slow(page('v3'), 400), usable, 100);
    expect(out).toEqual({ page: page('v1'), stale: true });
    expect(Date.now() - started).toBeLessThan(300);
    await slow(null, 400);
    expect(pages.get('/')?.text).toBe('v3');
  });

  it('waits for the render when nothing is kept, and never keeps an unusable page', async () => {
    const pages = new StalePages<ReturnType<typeof page>>();
    expect(await renderOrStale(pages, '/', () => slow(page('503', false), 50), usable, 10)).toEqual({
      page: page('503', false),
      stale: false,
    });
    expect(pages.get('/')).toBeUndefined();
  });

  it('answers a definite "gone" or "moved" fresh, and forgets the copy it kept of the address', async () => {
    const pages = new StalePages<ReturnType<typeof page>>();
    pages.set('article:a', page('v1'));
    expect(await renderOrStale(pages, 'article:a', async () => page('301', 'final'), usable, 200)).toEqual({
      page: page('301', 'final'),
      stale: false,
    });
    expect(pages.get('article:a')).toBeUndefined();
    // Even when it comes late: the kept copy goes out once more, then never again.
    pages.set('article:b', page('v1'));
    expect(await renderOrStale(pages, 'article:b', () => slow(page('404', 'final'), 200), usable, 50)).toEqual({
      page: page('v1'),
      stale: true,
    });
    await slow(null, 250);
    expect(pages.get('article:b')).toBeUndefined();
  });
});
