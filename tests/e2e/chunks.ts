import type { Page } from '@playwright/test';
import { chunksWith, DEFERRED_CODE } from '../../scripts/bundleReport.ts';

type Deferred = (typeof DEFERRED_CODE)[number]['name'];

/**
 * The built chunk files holding a piece of deferred code (auth-js, swiper, realtime…), read from
 * the chunk graph of the build under test: file names carry hashes, and Vite names some after
 * their package's entry file ("module-…js"), so they are found by the modules inside them.
 */
export function deferredChunks(name: Deferred): string[] {
  const modules = DEFERRED_CODE.find((d) => d.name === name)!.modules;
  const files = chunksWith(process.env.E2E_DIST_DIR!, modules);
  if (!files.length) throw new Error(`no chunk holds the ${name} code: the build changed`);
  return files;
}

/** Paths (assets/…js) of the scripts the page requests from now on, in order. */
export function recordScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname.slice(1)));
  return scripts;
}

/** Which of `scripts` belong to a piece of deferred code. */
export const scriptsOf = (name: Deferred, scripts: string[]): string[] => {
  const files = deferredChunks(name);
  return scripts.filter((s) => files.includes(s));
};

/**
 * For a page on Playwright's clock (`page.clock.install()`, which also stands in for the page's
 * performance timeline, so resource timings cannot be read): when the page's load ended and when
 * it asked for each chunk of `name`, both read on the page's clock. Call before the page loads;
 * read the times after.
 */
export async function loadTimingOnPageClock(page: Page, name: Deferred): Promise<() => Promise<{ loadEnd: number; requested: number[] }>> {
  const files = deferredChunks(name).map((f) => `/${f}`);
  const requested: number[] = [];
  // After every load listener has run, as loadEventEnd is.
  await page.addInitScript(() =>
    addEventListener('load', () => setTimeout(() => ((window as unknown as { loadEnd: number }).loadEnd = Date.now()))),
  );
  await page.route(
    (url) => files.includes(url.pathname),
    async (route) => {
      requested.push(await page.evaluate(() => Date.now()));
      await route.continue();
    },
  );
  return async () => ({ loadEnd: await page.evaluate(() => (window as unknown as { loadEnd: number }).loadEnd), requested });
}
