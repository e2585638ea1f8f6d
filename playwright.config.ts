import { defineConfig } from '@playwright/test';
import { chromiumPath, CHROMIUM_ARGS } from './tests/e2e/browser.ts';

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/globalSetup.ts',
  // One stack and one preview server are shared; 2 cores do not gain from parallel browsers.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    browserName: 'chromium',
    locale: 'fr-FR',
    launchOptions: { executablePath: chromiumPath() ?? undefined, args: CHROMIUM_ARGS },
    trace: 'off',
    // The reader's service worker would answer pages and files itself, out of reach of the specs'
    // page.route() and resource timings; the offline specs allow it (offline-edition.spec.ts).
    serviceWorkers: 'block',
  },
});
