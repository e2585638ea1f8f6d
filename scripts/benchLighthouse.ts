// `npm run bench:lighthouse [-- <site URL>] [--runs N]`: Lighthouse mobile (its default: simulated
// Slow 4G and CPU ×4, Moto G Power screen) on the home page, /category/politique and bench:web's
// article, against a site already running (`npm run build && npm start` on a seeded stack), each
// N times (3 by default), one page after the other in every round. Prints every run and the
// medians against issue 25's floor (performance ≥ 95, accessibility 100); reported, not asserted.
import { spawn } from 'node:child_process';
import { chromiumPath } from '../tests/e2e/browser.ts';
import { countOption } from './bench/options.ts';
import { median } from './bench/report.ts';
import { pickArticle } from './bench/serverHtml.ts';

const FLOOR = 95;
const LIGHTHOUSE = 'lighthouse@12';

interface Run {
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** The LCP's phases as Lighthouse splits them (TTFB, load delay, load time, render delay), in ms. */
  phases: string;
}

/** bench:web's article (several pictures), found through the API the page's own site-env names. */
async function articlePath(site: string): Promise<string> {
  const html = await (await fetch(site)).text();
  const env = /<script id="site-env" type="application\/json">([^<]*)<\/script>/.exec(html);
  if (!env) throw new Error(`${site} has no site-env block: is it this site's production server?`);
  const { supabaseUrl, supabaseAnonKey } = JSON.parse(env[1]) as { supabaseUrl: string; supabaseAnonKey: string };
  return `/article/${(await pickArticle(supabaseUrl, supabaseAnonKey)).slug}`;
}

function lighthouse(url: string, chrome: string): Promise<Run> {
  const args = ['-y', LIGHTHOUSE, url, '--only-categories=performance,accessibility', '--output=json', '--output-path=stdout', '--quiet'];
  args.push('--chrome-flags=--headless=new --no-sandbox');
  return new Promise((resolve, reject) => {
    const child = spawn('npx', args, { env: { ...process.env, CHROME_PATH: chrome }, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`lighthouse ${url} exited ${code}`));
      type Audit = { numericValue?: number; details?: { items?: { items?: { phase: string; timing: number }[] }[] } };
      const report = JSON.parse(out) as { categories: Record<string, { score: number }>; audits: Record<string, Audit> };
      const value = (id: string) => report.audits[id]?.numericValue ?? NaN;
      const phases = report.audits['largest-contentful-paint-element']?.details?.items?.[1]?.items ?? [];
      resolve({
        performance: Math.round(report.categories.performance.score * 100),
        accessibility: Math.round(report.categories.accessibility.score * 100),
        fcp: value('first-contentful-paint'),
        lcp: value('largest-contentful-paint'),
        tbt: value('total-blocking-time'),
        cls: value('cumulative-layout-shift'),
        phases: phases.map((p) => `${p.phase} ${Math.round(p.timing)}`).join(', '),
      });
    });
  });
}

async function main(): Promise<number> {
  const site = (process.argv.slice(2).find((a) => /^https?:/.test(a)) ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/$/, '');
  const runs = countOption('runs', 3);
  const chrome = chromiumPath();
  if (!chrome) throw new Error('No Chromium found: `apt-get install -y chromium` or set CHROME_PATH');
  const pages = { home: '/', category: '/category/politique', article: await articlePath(site) };
  const results = new Map<string, Run[]>();
  for (let run = 1; run <= runs; run++)
    for (const [page, path] of Object.entries(pages)) {
      const r = await lighthouse(site + path, chrome);
      results.set(page, [...(results.get(page) ?? []), r]);
      console.error(
        `run ${run}/${runs} ${page.padEnd(8)} performance ${r.performance}, accessibility ${r.accessibility}, FCP ${Math.round(r.fcp)} ms, ` +
          `LCP ${Math.round(r.lcp)} ms (${r.phases}), TBT ${Math.round(r.tbt)} ms, CLS ${r.cls.toFixed(3)}`,
      );
    }
  console.log(`\nLighthouse mobile (${LIGHTHOUSE}, simulated throttling), medians of ${runs} runs against ${site}`);
  console.log(`Article: ${pages.article}`);
  console.log('page      performance (runs)   a11y  FCP ms  LCP ms  TBT ms    CLS');
  let below = 0;
  for (const page of Object.keys(pages)) {
    const rs = results.get(page)!;
    const perf = median(rs.map((r) => r.performance));
    if (perf < FLOOR) below++;
    console.log(
      `${page.padEnd(9)} ${String(perf).padStart(4)} ${`(${rs.map((r) => r.performance).join(', ')})`.padEnd(15)} ` +
        `${String(Math.min(...rs.map((r) => r.accessibility))).padStart(5)} ${String(Math.round(median(rs.map((r) => r.fcp)))).padStart(7)} ` +
        `${String(Math.round(median(rs.map((r) => r.lcp)))).padStart(7)} ${String(Math.round(median(rs.map((r) => r.tbt)))).padStart(7)} ` +
        `${median(rs.map((r) => r.cls))
          .toFixed(3)
          .padStart(6)}`,
    );
  }
  console.log(`\n${below ? '✗' : '✓'} performance ≥ ${FLOOR} on every page (median)`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
