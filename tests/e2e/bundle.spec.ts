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

// Each render-blocking stylesheet is one more round trip before a phone's first paint: the entry's,
// and the page's own where it has one (the home's); the cards' styles, shared by every listing,
// ride in the entry's (vite.config.ts, PublicApp.tsx).
test('a category page waits on one stylesheet, the home page on two at most', async ({ request }) => {
  for (const [path, most] of [
    ['/category/politique', 1],
    ['/', 2],
  ] as const) {
    const html = await (await request.get(path)).text();
    const sheets = html.match(/<link rel="stylesheet"[^>]*>/g) ?? [];
    expect(sheets.length, `${path}: ${sheets.join(' ')}`).toBeGreaterThan(0);
    expect(sheets.length, `${path}: ${sheets.join(' ')}`).toBeLessThanOrEqual(most);
  }
});
