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

/** When (ms since navigation start) the page's load event ended and each chunk of `name` was requested. */
export function loadTiming(page: Page, name: Deferred): Promise<{ loadEnd: number; requested: number[] }> {
  return page.evaluate((files) => {
    const [nav] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    const requested = performance
      .getEntriesByType('resource')
      .filter((r) => files.some((f) => new URL(r.name).pathname === `/${f}`))
      .map((r) => r.startTime);
    return { loadEnd: nav.loadEventEnd, requested };
  }, deferredChunks(name));
}
