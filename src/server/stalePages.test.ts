import { describe, expect, it } from 'vitest';
import { ContentVersion } from './contentVersion';
import { MAX_FAILURES, renderOrStale, StalePages, type Verdict } from './stalePages';

const page = (text: string, ok: boolean | 'final' = true) => ({ text, ok, bytes: text.length * 2 });
type Page = ReturnType<typeof page>;
const usable = (p: { ok: boolean | 'final' }): Verdict => (p.ok === 'final' ? 'final' : p.ok ? 'keep' : 'failed');
const slow = <T>(value: T, ms: number) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));
const V = '1@';
const V2 = '2@';
const at = (version: string | null) => ({ currentVersion: () => version });
/** A store whose kept pages are never fresh: every request renders, as the outage fallback works. */
const staleOnly = () => new StalePages<Page>({ freshMs: -1 });

describe('stale pages', () => {
  it('keeps memory bounded, dropping the least recently used first', () => {
    const pages = new StalePages<Page>({ maxBytes: 100 });
    pages.set('a', page('x'.repeat(20)), V); // 40 bytes
    pages.set('b', page('y'.repeat(20)), V);
    pages.get('a', V); // a is now the most recent
    pages.set('c', page('z'.repeat(20)), V);
    expect(pages.get('b', V)).toBeUndefined();
    expect(pages.get('a', V)?.text).toHaveLength(20);
    expect(pages.heldBytes).toBeLessThanOrEqual(100);
    pages.set('huge', page('h'.repeat(100)), V);
    expect(pages.get('huge', V)).toBeUndefined();
  });

  it('counts each copy’s key in the bound: small answers under long addresses cannot grow it', () => {
    const pages = new StalePages<Page>({ maxBytes: 100_000 });
    // A kept 404 of an unknown feed address: a few bytes of answer, 7,000 letters of key.
    for (let i = 0; i < 100; i++) pages.set(`/category/${'a'.repeat(7000)}${i}/rss.xml`, page('404'), V);
    expect(pages.heldBytes).toBeLessThanOrEqual(100_000);
    expect(pages.size).toBeLessThanOrEqual(100_000 / 14_000);
    // Short keys still keep many copies, and what is dropped is no longer counted.
    pages.clear();
    for (let i = 0; i < 100; i++) pages.set(`/rss-${i}.xml`, page('x'.repeat(100)), V);
    expect(pages.size).toBe(100);
    pages.delete('/rss-0.xml');
    let expected = 0;
    for (let i = 1; i < 100; i++) expected += 200 + 2 * `/rss-${i}.xml`.length;
    expect(pages.heldBytes).toBe(expected);
  });

  it('remembers a bounded number of failures, the oldest forgotten first', () => {
    const pages = new StalePages<Page>();
    for (let i = 0; i <= MAX_FAILURES; i++) pages.fail(`/search?q=${i}`, { page: page('503', false) }, V);
    expect(pages.failure('/search?q=0', V)).toBeUndefined();
    expect(pages.failure('/search?q=1', V)).toBeDefined();
    expect(pages.failure(`/search?q=${MAX_FAILURES}`, V)).toBeDefined();
  });

  it('forgets copies older than the limit, and answers without a render only while fresh', () => {
    let now = 0;
    const pages = new StalePages<Page>({ maxBytes: 1000, maxAgeMs: 60_000, freshMs: 30_000, now: () => now });
    pages.set('a', page('old'), V);
    now = 30_000;
    expect(pages.fresh('a', V)?.text).toBe('old');
    now = 30_001;
    expect(pages.fresh('a', V)).toBeUndefined();
    expect(pages.get('a', V)?.text).toBe('old');
    now = 60_001;
    expect(pages.get('a', V)).toBeUndefined();
    expect(pages.size).toBe(0);
  });

  it('serves a copy only under the version it was rendered under, never when no version is proven', () => {
    const pages = new StalePages<Page>();
    pages.set('a', page('v1'), V);
    expect(pages.get('a', null)).toBeUndefined();
    expect(pages.fresh('a', V)?.text).toBe('v1');
    expect(pages.get('a', V2)).toBeUndefined();
    expect(pages.get('a', V), 'a copy of an older version is dropped').toBeUndefined();
  });

  it('serves the kept copy without rendering while it is fresh', async () => {
    const pages = new StalePages<Page>();
    pages.set('/', page('v1'), V);
    let renders = 0;
    const out = await renderOrStale(pages, '/', async () => (renders++, page('v2')), usable, at(V));
    expect(out).toEqual({ page: page('v1'), stale: false });
    expect(renders).toBe(0);
    expect((await renderOrStale(pages, '/', async () => (renders++, page('v2')), usable, at(V2))).page.text).toBe('v2');
    expect(renders).toBe(1);
  });

  it('serves the fresh render when the backend is healthy, and keeps it', async () => {
    const pages = staleOnly();
    pages.set('/', page('v1'), V);
    const out = await renderOrStale(pages, '/', async () => page('v2'), usable, { ...at(V), staleAfterMs: 200 });
    expect(out).toEqual({ page: page('v2'), stale: false });
    expect(pages.get('/', V)?.text).toBe('v2');
  });

  it('serves the kept copy when the render fails, is unusable or is slow, and refreshes it afterwards', async () => {
    const pages = staleOnly();
    pages.set('/', page('v1'), V);
    const options = { ...at(V), staleAfterMs: 200 };
    expect(await renderOrStale(pages, '/', () => Promise.reject(new Error('down')), usable, options)).toEqual({
      page: page('v1'),
      stale: true,
    });
    expect(await renderOrStale(pages, '/', async () => page('503', false), usable, options)).toEqual({ page: page('v1'), stale: true });
    const started = Date.now();
    const out = await renderOrStale(pages, '/', () => slow(page('v3'), 400), usable, { ...at(V), staleAfterMs: 100 });
    expect(out).toEqual({ page: page('v1'), stale: true });
    expect(Date.now() - started).toBeLessThan(300);
    await slow(null, 400);
    expect(pages.get('/', V)?.text).toBe('v3');
  });

  it('never serves the kept copy once the version moved or is no longer proven: it waits for the render', async () => {
    const pages = staleOnly();
    pages.set('/', page('v1'), V);
    expect(await renderOrStale(pages, '/', () => slow(page('v2'), 150), usable, { ...at(V2), staleAfterMs: 20 })).toEqual({
      page: page('v2'),
      stale: false,
    });
    pages.set('/', page('v1'), V);
    expect(await renderOrStale(pages, '/', () => slow(page('503', false), 150), usable, { ...at(null), staleAfterMs: 20 })).toEqual({
      page: page('503', false),
      stale: false,
    });
    // The version moving while the render is under way: the copy is not served either.
    pages.set('/', page('v1'), V);
    let version: string | null = V;
    const during = renderOrStale(pages, '/', () => slow(page('v3'), 150), usable, { currentVersion: () => version, staleAfterMs: 50 });
    version = null;
    expect(await during).toEqual({ page: page('v3'), stale: false });
  });

  it('waits for the render when nothing is kept, never keeps an unusable page, and answers with the failure for a while', async () => {
    const pages = new StalePages<Page>({ failedMs: 60_000 });
    expect(await renderOrStale(pages, '/', () => slow(page('503', false), 50), usable, { ...at(V), staleAfterMs: 10 })).toEqual({
      page: page('503', false),
      stale: false,
    });
    expect(pages.get('/', V)).toBeUndefined();
    let renders = 0;
    const again = await renderOrStale(pages, '/', async () => (renders++, page('ok')), usable, at(V));
    expect(again.page.text).toBe('503');
    expect(renders, 'a failed render is not repeated for every request').toBe(0);
    await expect(renderOrStale(pages, '/f', () => Promise.reject(new Error('down')), usable, at(V))).rejects.toThrow('down');
    await expect(renderOrStale(pages, '/f', async () => (renders++, page('ok')), usable, at(V))).rejects.toThrow('down');
    expect(renders).toBe(0);
    // A change in the newsroom is worth a new try.
    expect((await renderOrStale(pages, '/', async () => (renders++, page('ok')), usable, at(V2))).page.text).toBe('ok');
  });

  it('answers a definite "gone" or "moved" fresh, and forgets the copy it kept of the address', async () => {
    const pages = staleOnly();
    pages.set('article:a', page('v1'), V);
    expect(await renderOrStale(pages, 'article:a', async () => page('301', 'final'), usable, { ...at(V), staleAfterMs: 200 })).toEqual({
      page: page('301', 'final'),
      stale: false,
    });
    expect(pages.get('article:a', V)).toBeUndefined();
    // Even when it comes late: the kept copy goes out once more, then never again.
    pages.set('article:b', page('v1'), V);
    expect(await renderOrStale(pages, 'article:b', () => slow(page('404', 'final'), 200), usable, { ...at(V), staleAfterMs: 50 })).toEqual({
      page: page('v1'),
      stale: true,
    });
    await slow(null, 250);
    expect(pages.get('article:b', V)).toBeUndefined();
  });
});

describe('content version', () => {
  it('vouches for the version it read only for a few seconds, and tells when it moves', async () => {
    let now = 0;
    let answer: string | Error = '7@';
    const version = new ContentVersion(
      async () => {
        if (answer instanceof Error) throw answer;
        return answer;
      },
      () => now,
      5000,
    );
    const moves: string[] = [];
    version.onChange((v) => moves.push(v));
    expect(version.current()).toBeNull();
    await version.poll();
    expect(version.current()).toBe('7@');
    answer = new Error('slow');
    now = 4000;
    await version.poll();
    expect(version.current()).toBe('7@');
    now = 5001;
    expect(version.current(), 'a database too slow to answer proves nothing').toBeNull();
    answer = '8@';
    await version.poll();
    expect(version.current()).toBe('8@');
    expect(moves).toEqual(['7@', '8@']);
  });
});
