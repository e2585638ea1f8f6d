// One cold page load in Chromium under Slow 4G and a 4× slower CPU, with the Web Vitals a reader
// feels (LCP, FCP, CLS) and what the load cost (bytes, requests before LCP). Used by bench:web.
import type { Browser } from '@playwright/test';

/** Slow 4G as the issue defines it: 150 ms round trip, 1.6 Mbps down, 750 kbps up (CDP wants bytes/s). */
const NETWORK = { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };
const CPU_SLOWDOWN = 4;
/** A mid-range Android phone (Pixel-class: 412×915 CSS px at DPR 2.625). No srcset on the site, so DPR does not change bytes. */
export const PHONE = { viewport: { width: 412, height: 915 }, deviceScaleFactor: 2.625, isMobile: true, hasTouch: true };
/** After `load`, the page counts as settled once no request has been in flight for this long. */
const QUIET_MS = 3_000;
const SETTLE_TIMEOUT_MS = 30_000;

export interface RunResult {
  lcp: number;
  fcp: number;
  cls: number;
  jsBytes: number;
  totalBytes: number;
  /** Requests started before LCP, the document included. */
  requestsBeforeLcp: number;
  /** What the LCP element was (tag, class, image file), to explain a slow LCP. */
  lcpElement: string;
  /** Each layout shift: its score, time and the elements that moved, to explain a CLS. */
  clsSources: string;
}

interface PageVitals {
  lcp: number;
  lcpElement: string;
  fcp: number;
  cls: number;
  clsSources: string;
}

// Runs in the page before any of its scripts: buffered observers see entries from the very start.
function installObservers() {
  const vitals: PageVitals = { lcp: -1, lcpElement: 'none', fcp: -1, cls: 0, clsSources: '' };
  (window as unknown as { __vitals: PageVitals }).__vitals = vitals;
  // "img in .card__media": the node and its nearest ancestor with a class, enough to find it in the code.
  const describe = (node: Node | null | undefined) => {
    if (!node) return '(removed)';
    const el = node instanceof Element ? node : node.parentElement;
    if (!el) return node.nodeName.toLowerCase();
    const classed = el.closest('[class]');
    const where = classed ? `.${String(classed.className).trim().split(/\s+/)[0]}` : '';
    return classed === el ? `${el.tagName.toLowerCase()}${where}` : `${el.tagName.toLowerCase()} in ${where}`;
  };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as (PerformanceEntry & { element: Element | null; url: string })[]) {
      vitals.lcp = e.startTime;
      vitals.lcpElement = `${describe(e.element)}${e.url ? ` ${e.url.split('/').pop()}` : ''}`;
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') vitals.fcp = e.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node: Node | null }[] };
    for (const e of list.getEntries() as Shift[]) {
      if (e.hadRecentInput) continue;
      vitals.cls += e.value;
      const moved = [...new Set(e.sources.map((s) => describe(s.node)))].join(', ');
      vitals.clsSources += `${vitals.clsSources ? '; ' : ''}${e.value.toFixed(3)} @${Math.round(e.startTime)} ms: ${moved}`;
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** Loads `url` in a fresh context (cold cache, no cookies) and measures it once the page has settled. */
export async function measurePage(browser: Browser, url: string): Promise<RunResult> {
  const context = await browser.newContext({ ...PHONE, locale: 'fr-FR' });
  try {
    const page = await context.newPage();
    // tsx (esbuild keepNames) wraps named inner functions in __name(), which the page lacks.
    await page.addInitScript({ content: `var __name = (f) => f; (${installObservers})();` });
    const cdp = await context.newCDPSession(page);

    // Bytes as DevTools' "transferred" column: encoded body plus headers, per finished request.
    const types = new Map<string, string>();
    const inFlight = new Set<string>();
    let lastActivity = Date.now();
    let jsBytes = 0;
    let totalBytes = 0;
    cdp.on('Network.requestWillBeSent', (e) => {
      inFlight.add(e.requestId);
      lastActivity = Date.now();
    });
    cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
    cdp.on('Network.loadingFinished', (e) => {
      inFlight.delete(e.requestId);
      lastActivity = Date.now();
      totalBytes += e.encodedDataLength;
      if (types.get(e.requestId) === 'Script') jsBytes += e.encodedDataLength;
    });
    cdp.on('Network.loadingFailed', (e) => {
      inFlight.delete(e.requestId);
      lastActivity = Date.now();
    });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', NETWORK);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });

    const response = await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    if (!response?.ok()) throw new Error(`${url} answered ${response?.status()}`);
    // Lazy chunks, API calls and images keep arriving after load; LCP and CLS are final only then.
    const deadline = Date.now() + SETTLE_TIMEOUT_MS;
    while (inFlight.size > 0 || Date.now() - lastActivity < QUIET_MS) {
      if (Date.now() > deadline) throw new Error(`${url} did not settle within ${SETTLE_TIMEOUT_MS / 1000} s after load (${inFlight.size} requests in flight)`);
      await new Promise((r) => setTimeout(r, 100));
    }

    // Resource Timing and LCP share the page's time origin, so no CDP timestamp conversion is needed.
    const vitals = await page.evaluate(() => {
      const v = (window as unknown as { __vitals: PageVitals }).__vitals;
      const before = performance.getEntriesByType('resource').filter((r) => r.startTime < v.lcp).length;
      return { ...v, requestsBeforeLcp: before + 1 };
    });
    if (vitals.lcp < 0 || vitals.fcp < 0) throw new Error(`${url}: no ${vitals.lcp < 0 ? 'LCP' : 'FCP'} entry`);
    return {
      lcp: vitals.lcp,
      fcp: vitals.fcp,
      cls: vitals.cls,
      jsBytes,
      totalBytes,
      requestsBeforeLcp: vitals.requestsBeforeLcp,
      lcpElement: vitals.lcpElement,
      clsSources: vitals.clsSources,
    };
  } finally {
    await context.close();
  }
}
