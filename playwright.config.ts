import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, e2eBrowserPath } from './tests/e2e/browser.ts';

/**
 * Specs that read or change what the whole newsroom shares: the home page and its « À la une »,
 * category and search pages over every article, the back office's lists, dashboard figures,
 * analytics and users, the offline edition. Another spec publishing meanwhile would change what
 * they compare, so they run one after another on a newsroom of their own (project `newsroom`:
 * tests/e2e/run.ts gives it its own stack and site). Every other spec makes and reads rows of its
 * own and runs beside another (project `stories`, two workers).
 */
const NEWSROOM_WIDE = [
  'admin-analytics',
  // Checks that refused uploads leave nothing in the bucket's root, which any other upload changes.
  'admin-images',
  'admin-articles',
  'admin-shell',
  'admin-users',
  // Adds a category to the menu every page shows.
  'categories-admin',
  'category-search',
  'data-saver',
  // « Mode urgence » turns every page lite while it is on.
  'urgence',
  'home',
  'offline-edition',
  'reader-details',
  'server-rendering',
  'writing-desk-lists',
  'writing-desk-reader',
];
const newsroomWide = new RegExp(`/(${NEWSROOM_WIDE.join('|')})\\.spec\\.ts$`);

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/globalSetup.ts',
  // tests/e2e/run.ts runs `stories` on two workers (E2E_WORKERS) beside `newsroom` on one, each on
  // its own stack. Run directly, Playwright has one worker and one stack: the projects never overlap.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  // Generous bounds, which a passing test never waits for: `npm test` runs E2E beside the
  // integration and stack lanes (scripts/test.ts), so a busy 2-core machine can be slow to answer.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    locale: 'fr-FR',
    launchOptions: { executablePath: e2eBrowserPath() ?? undefined, args: CHROMIUM_ARGS },
    trace: 'off',
    // The reader's service worker would answer pages and files itself, out of reach of the specs'
    // page.route() and resource timings; the offline specs allow it (offline-edition.spec.ts).
    serviceWorkers: 'block',
  },
  // A folder each: Playwright empties a project's output folder when it runs it, and run.ts runs
  // the two as separate runs (one's failure reports must outlast the other's start).
  projects: [
    { name: 'stories', testIgnore: newsroomWide, outputDir: 'test-results/stories' },
    { name: 'newsroom', testMatch: newsroomWide, workers: 1, outputDir: 'test-results/newsroom' },
  ],
});
