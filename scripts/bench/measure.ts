// One cold page load in Chromium under Slow 4G and a 4× slower CPU, with the Web Vitals a reader
// feels (LCP, FCP, CLS) and what the load cost (bytes by kind, requests). Used by bench:web.
import type { Browser } from '@playwright/test';

/** Slow 4G as the issue defines it: 150 ms round trip, 1.6 Mbps down, 750 kbps up (CDP wants bytes/s). */
const NETWORK = { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };
const CPU_SLOWDOWN = 4;

export const DEVICES = {
  /** A mid-range Android phone (Pixel-class: 412×915 CSS px at DPR 2.625): srcset picks by DPR, so it matters. */
  phone: { viewport: { width: 412, height: 915 }, deviceScaleFactor: 2.625, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, isMobile: false, hasTouch: false },
};
export type Device = keyof typeof DEVICES;

/**
 * After `load`, the page counts as settled once no request has been in flight for this long. Not
 * shorter: the reader starts what no one needs to see the page (realtime, the carousel engine) from
 * an idle callback that may wait up to 2 s after load, a silence a 1.5 s window would cut short.
 * Each run reports the longest silence a request then ended, and bench:web prints the worst, so a
 * window grown too short for the site shows up in the report.
 */
export const QUIET_MS = 3_000;
const SETTLE_TIMEOUT_MS = 30_000;

export interface RunResult {
  lcp: number;
  fcp: number;
  cls: number;
  /** Bytes as DevTools' "transferred" column: encoded bodies plus headers. */
  totalBytes: number;
  jsBytes: number;
  imageBytes: number;
  /** Network requests (the document, preflights and redirects included; data: and blob: URLs are not). */
  requests: number;
  /** What the LCP element was (tag, class, image file), to explain a slow LCP. */
  lcpElement: string;
  /** Each layout shift: its score, time and the elements that moved, to explain a CLS. */
  clsSources: string;
  /** Longest time with nothing in flight that ended with a new request: how close QUIET_MS came to cutting the load short. */
  longestSilenceMs: number;
  /** The URL of the request that ended that silence. */
  silenceEndedBy: string;
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

export interface MeasureOptions {
  device: Device;
  /** Ask as a phone in data-saver mode does: `Save-Data: on` on every request, `navigator.connection.saveData` true. */
  saveData: boolean;
}

/** Loads `url` in a fresh context (cold cache, no cookies, no storage) and measures it once the page has settled. */
export async function measurePage(browser: Browser, url: string, { device, saveData }: MeasureOptions): Promise<RunResult> {
  const context = await browser.newContext({
    ...DEVICES[device],
    locale: 'fr-FR',
    ...(saveData ? { extraHTTPHeaders: { 'Save-Data': 'on' } } : {}),
  });
  try {
    const page = await context.newPage();
    // tsx (esbuild keepNames) wraps named inner functions in __name(), which the page lacks.
    await page.addInitScript({ content: `var __name = (f) => f; (${installObservers})();` });
    const cdp = await context.newCDPSession(page);

    const kinds = new Map<string, 'script' | 'image' | 'other'>();
    const inFlight = new Set<string>();
    let lastActivity = Date.now();
    let longestSilenceMs = 0;
    let silenceEndedBy = '';
    let requests = 0;
    const bytes = { total: 0, script: 0, image: 0, other: 0 };
    cdp.on('Network.requestWillBeSent', (e) => {
      if (/^(data|blob):/.test(e.request.url)) return;
      if (requests > 0 && inFlight.size === 0 && Date.now() - lastActivity > longestSilenceMs) {
        longestSilenceMs = Date.now() - lastActivity;
        silenceEndedBy = e.request.url;
      }
      // A redirect re-sends under the same id: one more request on the wire, still one in flight.
      requests++;
      inFlight.add(e.requestId);
      lastActivity = Date.now();
    });
    cdp.on('Network.responseReceived', (e) => {
      const kind = e.type === 'Script' ? 'script' : e.type === 'Image' || e.response.mimeType.startsWith('image/') ? 'image' : 'other';
      kinds.set(e.requestId, kind);
    });
    cdp.on('Network.loadingFinished', (e) => {
      if (!inFlight.delete(e.requestId)) return;
      lastActivity = Date.now();
      bytes.total += e.encodedDataLength;
      bytes[kinds.get(e.requestId) ?? 'other'] += e.encodedDataLength;
    });
    cdp.on('Network.loadingFailed', (e) => {
      if (!inFlight.delete(e.requestId)) return;
      lastActivity = Date.now();
    });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', NETWORK);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    // The header alone reaches the server; a data-saver phone's scripts also see the setting.
    if (saveData) await cdp.send('Emulation.setDataSaverOverride', { dataSaverEnabled: true });

    const response = await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    if (!response?.ok()) throw new Error(`${url} answered ${response?.status()}`);
    // Lazy chunks, API calls and images keep arriving after load; LCP and CLS are final only then.
    const deadline = Date.now() + SETTLE_TIMEOUT_MS;
    while (inFlight.size > 0 || Date.now() - lastActivity < QUIET_MS) {
      if (Date.now() > deadline)
        throw new Error(`${url} did not settle within ${SETTLE_TIMEOUT_MS / 1000} s after load (${inFlight.size} requests in flight)`);
      await new Promise((r) => setTimeout(r, 100));
    }

    const vitals = await page.evaluate(() => (window as unknown as { __vitals: PageVitals }).__vitals);
    if (vitals.lcp < 0 || vitals.fcp < 0) throw new Error(`${url}: no ${vitals.lcp < 0 ? 'LCP' : 'FCP'} entry`);
    return {
      lcp: vitals.lcp,
      fcp: vitals.fcp,
      cls: vitals.cls,
      totalBytes: bytes.total,
      jsBytes: bytes.script,
      imageBytes: bytes.image,
      requests,
      lcpElement: vitals.lcpElement,
      clsSources: vitals.clsSources,
      longestSilenceMs,
      silenceEndedBy,
    };
  } finally {
    await context.close();
  }
}
