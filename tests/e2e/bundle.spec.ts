import { analyzeBundle, BACK_OFFICE_MODULES, formatReport, READER_FIRST_LOAD_BUDGET_KB } from '../../scripts/bundleReport.ts';
import { expect, test } from './fixtures.ts';

// Checks the very build the other specs run against (made by globalSetup).
test(`reader routes load no back-office code, at most ${READER_FIRST_LOAD_BUDGET_KB} KB gzip of JS for each page type's first render, and no deferred code with it`, () => {
  const report = analyzeBundle(process.env.E2E_DIST_DIR!);
  console.log(formatReport(report));
  expect(report.leaks, 'react-admin/MUI/TipTap/recharts in a reader chunk').toEqual([]);
  expect(report.firstLoadGzip).toBeLessThanOrEqual(READER_FIRST_LOAD_BUDGET_KB * 1024);
  // Each page type with its own chunk (the article's included): what its first render loads.
  for (const { page, gzip } of report.pages)
    expect(gzip, `${page}: first render's JS, gzip bytes`).toBeLessThanOrEqual(READER_FIRST_LOAD_BUDGET_KB * 1024);
  // auth-js, swiper, realtime… load on demand (see DEFERRED_CODE), never with the page.
  expect(report.deferredInFirstLoad).toEqual([]);
  expect(report.deferred.every((d) => d.files.length > 0)).toBe(true);
  expect(report.adminChunks.length).toBeGreaterThan(0);
});

test('a reader page downloads only reader chunks', async ({ page }) => {
  const report = analyzeBundle(process.env.E2E_DIST_DIR!);
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname.slice(1)));
  for (const path of ['/', '/category/politique', '/about']) await page.goto(path, { waitUntil: 'networkidle' });
  expect(scripts.length).toBeGreaterThan(0);
  for (const file of scripts) expect(report.readerChunks, `${file} is not a reader chunk`).toContain(file);
  expect(BACK_OFFICE_MODULES.test('node_modules/react-admin/dist/index.js')).toBe(true);
});

// A stylesheet to fetch was one more round trip before a phone's first paint: the pages carry their
// styles (src/server/inlineStyles.ts), and the links the app's module loader reads are disabled ones,
// which the browser must not fetch, now or when the app takes the page over.
test('a reader page fetches no stylesheet to show itself, and is styled; moving to another page type fetches its own', async ({ page }) => {
  const sheets: string[] = [];
  const carried: string[] = [];
  page.on('request', (r) => r.url().endsWith('.css') && sheets.push(new URL(r.url()).pathname));
  const anArticle = /href="(\/article\/[^"]+)"/.exec(await (await page.request.get('/category/politique')).text())![1];
  for (const path of [anArticle, '/category/politique', '/']) {
    const html = await (await page.request.get(path)).text();
    expect(html.match(/<link rel="stylesheet"(?![^>]*\sdisabled)[^>]*>/g) ?? [], path).toEqual([]);
    expect(html, path).toContain('<style>');
    carried.push(...[...html.matchAll(/<link rel="stylesheet" href="([^"]+)" disabled/g)].map((m) => m[1]));
    await page.goto(path, { waitUntil: 'networkidle' });
    // The styles applied: the entry's (no margin around the page, the wordmark in the serif) and, on the home page, its own (.home's flex).
    expect(await page.evaluate(() => getComputedStyle(document.body).margin), path).toBe('0px');
    expect(await page.locator('.site-logo').evaluate((el) => getComputedStyle(el).fontFamily), path).toMatch(/^Georgia/);
    if (path === '/') expect(await page.locator('.home').evaluate((el) => getComputedStyle(el).display)).toBe('flex');
  }
  // (What a page adds once loaded, the offline edition's button, brings its own small stylesheet then.)
  expect(carried.length).toBeGreaterThanOrEqual(4);
  expect(
    sheets.filter((s) => carried.includes(s)),
    'stylesheets a page carries, fetched again',
  ).toEqual([]);
  // In the app, the article's page type comes with its stylesheet, which the home page did not carry.
  await page.locator('a[href^="/article/"]').first().click();
  await expect(page.locator('article h1')).toBeVisible();
  await expect.poll(() => sheets.filter((s) => /\/assets\/ArticlePage-[^/]+\.css$/.test(s)).length).toBe(1);
});
