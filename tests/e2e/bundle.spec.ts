import { analyzeBundle, BACK_OFFICE_MODULES, formatReport } from '../../scripts/bundleReport.ts';
import { expect, test } from './fixtures.ts';

const READER_BUDGET_GZIP = 120 * 1024;

// Checks the very build the other specs run against (made by globalSetup).
test('reader routes load no back-office code and at most 120 KB gzip of JS first', () => {
  const report = analyzeBundle(process.env.E2E_DIST_DIR!);
  console.log(formatReport(report));
  expect(report.leaks, 'react-admin/MUI/TipTap/recharts in a reader chunk').toEqual([]);
  expect(report.firstLoadGzip).toBeLessThanOrEqual(READER_BUDGET_GZIP);
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
