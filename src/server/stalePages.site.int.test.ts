import { afterAll, beforeAll, expect, it } from 'vitest';
import { postgresDb } from '@afriqueactu/supabase-local/testing';
import { getPage, startTestSite } from '../../tests/integration/site';

// The database saturated or down (here: its articles table locked, so every read waits): readers
// still get the page the server rendered last, at once, and the fresh page again once it is back.
let site: Awaited<ReturnType<typeof startTestSite>>;
beforeAll(async () => {
  site = await startTestSite();
});
afterAll(async () => site?.close());

it('serves the last rendered category page in well under a second while reads hang, then fresh pages again', async () => {
  const path = `${site.url}/category/politique`;
  const healthy = await getPage(path);
  expect(healthy.res.status).toBe(200);
  expect(healthy.res.headers.get('x-page-cache')).toBeNull();
  const heading = healthy.doc.querySelector('h1')?.textContent;
  const cards = healthy.doc.querySelectorAll('.card').length;
  expect(cards).toBeGreaterThan(0);

  const db = await postgresDb();
  try {
    await db.query('begin');
    await db.query('lock table public.articles in access exclusive mode');
    const started = performance.now();
    const during = await getPage(path);
    const took = performance.now() - started;
    expect(took).toBeLessThan(1000);
    expect(during.res.status).toBe(200);
    expect(during.res.headers.get('x-page-cache')).toBe('stale');
    expect(during.res.headers.get('cache-control')).toBe('no-store');
    expect(during.doc.querySelector('h1')?.textContent).toBe(heading);
    expect(during.doc.querySelectorAll('.card')).toHaveLength(cards);
    expect(JSON.parse(during.doc.getElementById('page-data')?.textContent ?? '{}').stale, 'the browser is told to reload its data').toBe(
      true,
    );
    // A query string names the same page: the kept copy serves it too.
    expect((await getPage(`${path}?utm_source=whatsapp`)).res.headers.get('x-page-cache')).toBe('stale');
    // A page never rendered before, or not in this variant, has no copy to fall back on: it waits.
    const other = getPage(`${site.url}/category/economie`);
    const saver = getPage(path, { headers: { 'Save-Data': 'on' } });
    await new Promise((r) => setTimeout(r, 700));
    await db.query('rollback');
    expect((await other).res.headers.get('x-page-cache')).toBeNull();
    const saverPage = await saver;
    expect(saverPage.res.headers.get('x-page-cache'), 'the normal copy is never served as the data-saver page').toBeNull();
    expect(saverPage.doc.querySelector('button.tap-image')).not.toBeNull();
  } finally {
    await db.end();
  }

  const after = await getPage(path);
  expect(after.res.headers.get('x-page-cache')).toBeNull();
  expect(after.res.headers.get('cache-control')).toMatch(/max-age=60/);
});
