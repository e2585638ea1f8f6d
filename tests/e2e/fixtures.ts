import { test as base, expect, type Locator, type Page } from '@playwright/test';

/**
 * Every spec gets the site server's URL (known only once globalSetup has run), and every page a
 * spec drives is watched for Content-Security-Policy violations: whatever a story does (share,
 * carousels, sign-in, the whole back office), the policy the server sends must not block any of it.
 */
export const test = base.extend<{ cspGuard: void }>({
  baseURL: async ({}, use) => use(process.env.E2E_BASE_URL),
  cspGuard: [
    async ({ page }, use) => {
      const violations: string[] = [];
      await page.exposeFunction('reportCspViolation', (v: string) => violations.push(`${page.url()}: ${v}`));
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) => {
          // Chrome also reports the inline handlers of markup DOMPurify parses (inertly) in order to
          // strip them: that is hostile content being disarmed, not the site being blocked.
          if (e.violatedDirective === 'script-src-attr' && /\/assets\/sanitize-[\w-]+\.js$/.test(e.sourceFile)) return;
          void (window as unknown as { reportCspViolation: (v: string) => void }).reportCspViolation(
            `${e.violatedDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`,
          );
        });
      });
      await use();
      expect(violations, 'the Content-Security-Policy blocked something').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/**
 * Moves to `path` as an in-app link does once the page has hydrated: the reader's router renders
 * it and its data is fetched by the browser (a full load would bring the server's data instead).
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/**
 * Opens `path` as a whole, fresh render. A busy server may answer with its last render of the page
 * (X-Page-Cache: stale, src/server/stalePages.ts), with a page missing a part (a failed read) or
 * with the bare shell (a refused render): the browser then reads the data again itself, which is
 * right for readers but not the page a check of what the server hands over is about. Those answers
 * are the ones that are not 200 or say `no-store`. `beforeEach` runs before every try (to forget
 * what an earlier one recorded), once the previous page is gone.
 */
export async function gotoFreshRender(page: Page, path: string, beforeEach: () => void = () => {}): Promise<void> {
  let tries = 0;
  await expect(async () => {
    // The page of a try that failed would go on asking for its data meanwhile.
    if (tries++) await page.goto('about:blank');
    beforeEach();
    const response = await page.goto(path);
    const headers = response!.headers();
    const answer = `${response!.status()} ${headers['x-page-cache'] ?? ''} ${headers['cache-control']}`;
    expect(response!.status() === 200 && !/no-store/.test(headers['cache-control'] ?? ''), `not a whole fresh render: ${answer}`).toBe(
      true,
    );
  }).toPass({ timeout: 30_000 });
}

/** Playwright's own console warning where a spec blocks service workers (playwright.config.ts): not the page's. */
export const isHarnessWarning = (text: string) => text.includes('Service Worker registration blocked by Playwright');

/**
 * For a page whose clock Playwright controls (`page.clock.install()` before it loads): moves the
 * page's time on a second at a time, running the timers that fall due as if the reader had waited,
 * until `until` shows (a locator) or holds (a check): a carousel's 5 s or the live home's 10 s
 * cost no real time. Each step leaves what a timer started (a chunk's download) 300 ms to show.
 */
export async function waitOnPageClock(page: Page, until: Locator | (() => boolean), upTo = 20_000): Promise<void> {
  const done = async () =>
    typeof until === 'function' ? expect.poll(until, { timeout: 300 }).toBe(true) : until.waitFor({ state: 'visible', timeout: 300 });
  for (let waited = 0; waited < upTo; waited += 1_000) {
    await page.clock.fastForward(1_000);
    if (
      await done().then(
        () => true,
        () => false,
      )
    )
      return;
  }
  throw new Error(`waitOnPageClock: still waiting after ${upTo / 1000} s on the page's clock`);
}
