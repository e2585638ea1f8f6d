// `npm run bench:web [-- --runs N]`: reader page weight and speed, per page (home, a category, an
// article) × device (phone, desktop) × mode (normal, data-saver), each a cold load under Slow 4G
// and CPU ×4, against a fresh seeded stack and the production build. Prints medians and the issue's
// targets; the targets are reported, not asserted (exit 1 only when a run itself failed).
import { chromium, type Browser } from '@playwright/test';
import { chromiumPath, CHROMIUM_ARGS } from '../tests/e2e/browser.ts';
import { cleanUpOnExit, runThenExit } from './bench/cleanup.ts';
import { countOption } from './bench/options.ts';
import { DEVICES, measurePage, QUIET_MS, type Device, type RunResult } from './bench/measure.ts';
import { deviceTable, lcpElementLines, MODES, PAGES, targetLines, type Mode, type Page } from './bench/report.ts';
import { checkServerHtml, pickArticle } from './bench/serverHtml.ts';
import { startSiteWithStack } from './site.ts';

const DEVICE_NAMES = Object.keys(DEVICES) as Device[];

// Everything started is stopped in reverse order, on success, error or Ctrl-C; a step waiting on a
// process that Ctrl-C already killed is given up after 15 s.
const cleanup = cleanUpOnExit({ stepDeadlineMs: 15_000, onSignal: 'stopping the server and the stack...' });

async function main(): Promise<number> {
  const started = Date.now();
  const runs = countOption('runs', 5, process.env.BENCH_RUNS);
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error('No Chromium found: `apt-get install -y chromium` or set CHROME_PATH');

  console.error('Starting the stack and building the site...');
  const { stack, site } = await startSiteWithStack('bench-web-', cleanup.add);

  const article = await pickArticle(stack.apiUrl, stack.anonKey);
  const paths: Record<Page, string> = { home: '/', category: '/category/politique', article: `/article/${article.slug}` };
  // One unmeasured request per page and mode: a production server is warm (modules loaded, JIT).
  for (const p of Object.values(paths))
    for (const headers of [{}, { 'Save-Data': 'on' }] as Record<string, string>[])
      await (await fetch(site.url + p, { headers })).arrayBuffer();

  const browser: Browser = await chromium.launch({
    executablePath,
    args: CHROMIUM_ARGS,
    // Playwright's own handlers would exit the process on Ctrl-C before the stack is stopped.
    handleSIGINT: false,
    handleSIGTERM: false,
  });
  cleanup.add('browser', () => browser.close());
  const results = new Map<string, RunResult[]>();
  const key = (device: string, page: Page, mode: Mode) => `${device} ${page} ${mode}`;
  let failures = 0;
  const measuring = Date.now();
  // Every combination once per round, so that drift on the machine affects them all alike.
  for (let run = 1; run <= runs; run++)
    for (const device of DEVICE_NAMES)
      for (const page of PAGES)
        for (const mode of MODES) {
          if (cleanup.interrupted) return 130;
          const label = `run ${run}/${runs} ${device.padEnd(7)} ${page.padEnd(8)} ${mode.padEnd(10)}`;
          try {
            const r = await measurePage(browser, site.url + paths[page], { device, saveData: mode === 'data-saver' });
            results.set(key(device, page, mode), [...(results.get(key(device, page, mode)) ?? []), r]);
            console.error(
              `${label} ${(r.totalBytes / 1024).toFixed(1)} KB (JS ${(r.jsBytes / 1024).toFixed(1)}, img ${(r.imageBytes / 1024).toFixed(1)}), ` +
                `${r.requests} req, LCP ${Math.round(r.lcp)} ms, FCP ${Math.round(r.fcp)} ms, CLS ${r.cls.toFixed(3)}, LCP: ${r.lcpElement}` +
                (r.clsSources ? `, shifts: ${r.clsSources}` : ''),
            );
          } catch (e) {
            failures++;
            console.error(`${label} FAILED: ${(e as Error).message}`);
          }
        }
  const loads = runs * DEVICE_NAMES.length * PAGES.length * MODES.length;
  const perLoad = (Date.now() - measuring) / loads / 1000;

  const runsOf = (device: string, page: Page, mode: Mode) => results.get(key(device, page, mode)) ?? [];
  console.log(`\nReader pages, medians of ${runs} cold loads (new browser context each): Slow 4G (150 ms RTT, 1.6 Mbps down,`);
  console.log(`750 kbps up), CPU ×4. Data-saver = Save-Data: on on every request and navigator.connection.saveData.`);
  console.log(`Sizes in KB of 1024 bytes as transferred (headers included); image KB = image responses; times in ms.`);
  console.log(`Article: /article/${article.slug} (${article.imageCount} images); category: ${paths.category}`);
  for (const device of DEVICE_NAMES) {
    const { viewport, deviceScaleFactor } = DEVICES[device];
    console.log(`\n${device} (${viewport.width}×${viewport.height}, DPR ${deviceScaleFactor})`);
    console.log(deviceTable(runsOf, device));
  }
  console.log('\nLCP element (most frequent):');
  for (const line of lcpElementLines(runsOf, DEVICE_NAMES)) console.log(`  ${line}`);

  const dataSaverHtml = await checkServerHtml(site.url, article, { saveData: true });
  console.log('\nTargets (phone, medians, normal mode unless said):');
  for (const line of targetLines(runsOf, dataSaverHtml)) console.log(`  ${line}`);

  // A load counts as settled after QUIET_MS without a request; a silence near it means the window may cut loads short.
  const quietest = [...results.values()]
    .flat()
    .reduce<RunResult | undefined>((a, r) => (!a || r.longestSilenceMs > a.longestSilenceMs ? r : a), undefined);
  if (quietest)
    console.log(
      `\nLongest network silence a later request ended: ${quietest.longestSilenceMs} ms, by ${quietest.silenceEndedBy.replace(site.url, '')} ` +
        `(settle window ${QUIET_MS} ms${quietest.longestSilenceMs > QUIET_MS * 0.8 ? ': ⚠ close, late requests may be missed' : ''}).`,
    );
  console.log(`${loads} loads, ${perLoad.toFixed(1)} s each; whole bench ${((Date.now() - started) / 60_000).toFixed(1)} min.`);
  if (failures) console.error(`\n${failures} run(s) failed; their medians use the remaining runs.`);
  return failures ? 1 : 0;
}

await runThenExit('bench:web', main, cleanup);
