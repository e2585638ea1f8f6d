// `npm run bench:ssr [-- --before <git ref>] [-- --profile <dir>]`: the site server's throughput on a fresh seeded stack
// and the production build, in one run (ratios taken within the same minutes):
//   1. renders per second of distinct article URLs (page cache off: every request renders), of this
//      source and, with --before, of a build of <git ref> (e.g. main) against the same stack;
//   2. a kept (cached) article page's requests per second beside sirv serving the same HTML;
//   3. the home page's p50/p95 while quiet and while 24 clients ask distinct /search?q= pages
//      (each from its own address, TRUST_PROXY=1), with what the flood got (200/429/503).
// Loopback, bounded durations; figures are printed, never asserted. No Accept-Encoding: bodies
// go out uncompressed on both sides (sirv compresses nothing on the fly).
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sirv from 'sirv';
import { PROJECT_ROOT } from './localStack.ts';
import { cleanUpOnExit } from './bench/cleanup.ts';
import { startSite, startSiteWithStack, type RunningSite } from './site.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** One GET; a kept-alive socket the server closed as it was reused is tried once more. */
async function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; ms: number; body: string }> {
  try {
    return await getOnce(url, headers);
  } catch {
    return getOnce(url, headers);
  }
}

function getOnce(url: string, headers: Record<string, string>): Promise<{ status: number; ms: number; body: string }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, body: Buffer.concat(chunks).toString() }),
        );
      })
      .on('error', reject);
  });
}

/** `clients` loops for SECONDS, each asking next(i) in turn; requests per second and statuses. */
async function load(
  clients: number,
  next: (client: number, n: number) => { url: string; headers?: Record<string, string> },
  seconds = SECONDS,
) {
  const until = performance.now() + seconds * 1000;
  const statuses: Record<number, number> = {};
  let done = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let n = 0; performance.now() < until; n++) {
        const { url, headers } = next(client, n);
        const { status } = await get(url, headers);
        statuses[status] = (statuses[status] ?? 0) + 1;
        done++;
      }
    }),
  );
  return { perSecond: done / ((performance.now() - started) / 1000), statuses };
}

const quantile = (ms: number[], q: number) => [...ms].sort((a, b) => a - b)[Math.min(ms.length - 1, Math.floor(q * ms.length))];

async function homeLatency(site: string, count = 150): Promise<{ p50: number; p95: number }> {
  const ms: number[] = [];
  for (let i = 0; i < count; i++) ms.push((await get(`${site}/`)).ms);
  return { p50: quantile(ms, 0.5), p95: quantile(ms, 0.95) };
}

// Everything started is stopped in reverse order, on success, error or Ctrl-C.
const cleanup = cleanUpOnExit();

/** A production build of `ref`'s source (git archive), for the same stack. */
async function buildRef(ref: string, supabase: { supabaseUrl: string; anonKey: string }): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-ssr-before-'));
  cleanup.add(`build of ${ref}`, async () => fs.rmSync(dir, { recursive: true, force: true }));
  execSync(`git archive ${ref} | tar -x -C ${dir}`, { cwd: PROJECT_ROOT, shell: '/bin/bash' });
  fs.symlinkSync(path.join(PROJECT_ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  const env = { ...process.env, VITE_SUPABASE_URL: supabase.supabaseUrl, VITE_SUPABASE_ANON_KEY: supabase.anonKey };
  execSync('npx vite build --logLevel warn && npx vite build --ssr src/server/main.ts --logLevel error', {
    cwd: dir,
    env,
    stdio: 'inherit',
  });
  return dir;
}

async function main() {
  const beforeArg = process.argv.indexOf('--before');
  const before = beforeArg > 0 ? process.argv[beforeArg + 1] : undefined;
  console.error('Starting the stack and building the site...');
  const { stack, site, outDir } = await startSiteWithStack('bench-ssr-', cleanup.add);
  const supabase = { supabaseUrl: stack.apiUrl, anonKey: stack.anonKey };
  const res = await fetch(`${stack.apiUrl}/rest/v1/articles?select=slug&status=eq.published&published_at=lt.now()`, {
    headers: { apikey: stack.anonKey, Authorization: `Bearer ${stack.anonKey}` },
  });
  const slugs = ((await res.json()) as { slug: string }[]).map((a) => a.slug);
  const VARIANTS: Record<string, string>[] = [{}, { 'Save-Data': 'on' }];
  const distinct = (base: string) => (client: number, n: number) => {
    const i = client * 7919 + n;
    return { url: `${base}/article/${slugs[i % slugs.length]}`, headers: VARIANTS[Math.floor(i / slugs.length) % 2] };
  };

  const servers: [string, RunningSite][] = [];
  // --profile <dir>: CPU profiles of the rendering and the flooded servers (node --cpu-prof), written as they stop.
  const profileArg = process.argv.indexOf('--profile');
  const nodeArgs = profileArg > 0 ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.argv[profileArg + 1])}`] : [];
  const rendering = await startSite(outDir, supabase, { env: { PAGE_CACHE_MS: '-1' }, nodeArgs });
  cleanup.add('rendering site', rendering.stop);
  servers.push(['this source', rendering]);
  if (before) {
    console.error(`Building ${before}...`);
    const dir = await buildRef(before, supabase);
    const old = await startSite(path.join(dir, 'dist'), supabase);
    cleanup.add(`site of ${before}`, old.stop);
    servers.push([before, old]);
  }
  // Warm: modules loaded, JIT, one render of every page.
  for (const [, s] of servers) await load(2, distinct(s.url), 3);

  console.log(`\nDistinct article URLs (${slugs.length} articles × 2 variants), 4 clients, ${SECONDS} s, every request rendered:`);
  // Alternated, twice, so that drift on the machine affects both alike.
  const rates = new Map<string, number[]>();
  for (let round = 0; round < 2; round++)
    for (const [name, s] of servers) {
      const r = await load(4, distinct(s.url));
      rates.set(name, [...(rates.get(name) ?? []), r.perSecond]);
    }
  for (const [name, r] of rates) console.log(`  ${name.padEnd(12)} ${r.map((x) => x.toFixed(1)).join(' / ')} renders/s`);

  // 2. A kept page beside a static file server.
  const article = `/article/${slugs[0]}`;
  const html = (await get(site.url + article)).body;
  const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-ssr-static-'));
  cleanup.add('static folder', async () => fs.rmSync(staticDir, { recursive: true, force: true }));
  fs.writeFileSync(path.join(staticDir, 'index.html'), html);
  const serveStatic = sirv(staticDir, { dev: false, etag: false });
  const staticServer = http.createServer((req, r) => serveStatic(req, r, () => void ((r.statusCode = 404), r.end())));
  await new Promise<void>((resolve) => staticServer.listen(0, '127.0.0.1', resolve));
  cleanup.add('static server', () => new Promise((resolve) => staticServer.close(resolve)));
  const staticUrl = `http://127.0.0.1:${(staticServer.address() as AddressInfo).port}/index.html`;
  console.log(`\nOne kept page (${article}, ${(html.length / 1024).toFixed(0)} KB), 8 clients, ${SECONDS} s:`);
  const kept: number[] = [];
  const stat: number[] = [];
  for (let round = 0; round < 2; round++) {
    kept.push((await load(8, () => ({ url: site.url + article }))).perSecond);
    stat.push((await load(8, () => ({ url: staticUrl }))).perSecond);
  }
  const mean = (x: number[]) => x.reduce((a, b) => a + b, 0) / x.length;
  console.log(`  site server (page cache) ${kept.map((x) => x.toFixed(0)).join(' / ')} req/s`);
  console.log(`  sirv (same HTML)         ${stat.map((x) => x.toFixed(0)).join(' / ')} req/s`);
  console.log(`  ratio ${((100 * mean(kept)) / mean(stat)).toFixed(0)} % of static (target ≥ 50 %)`);

  // 3. The flood of distinct searches.
  const flooded = await startSite(outDir, supabase, { env: { TRUST_PROXY: '1' }, nodeArgs });
  cleanup.add('flooded site', flooded.stop);
  const floodTargets: [string, string][] = [['this source', flooded.url]];
  if (before) floodTargets.push([before, servers[1][1].url]);
  const WORDS = [
    'afrique',
    'economie',
    'election',
    'sante',
    'sport',
    'culture',
    'energie',
    'climat',
    'football',
    'minerais',
    'dakar',
    'abidjan',
  ];
  console.log(`\nHome page, 150 sequential requests, quiet vs while 24 clients ask distinct /search?q= pages (${SECONDS * 2} s):`);
  for (const [name, url] of floodTargets) {
    await get(`${url}/`);
    const quiet = await homeLatency(url);
    let stop = false;
    const flood = (async () => {
      let total = { perSecond: 0, statuses: {} as Record<number, number> };
      while (!stop) {
        total = await load(
          24,
          (client, n) => ({
            url: `${url}/search?q=${WORDS[n % WORDS.length]}+${client}x${n}`,
            headers: { 'X-Forwarded-For': `198.51.100.${client + 1}` },
          }),
          SECONDS * 2,
        );
        break;
      }
      return total;
    })();
    await new Promise((r) => setTimeout(r, 1000));
    const busy = await homeLatency(url);
    stop = true;
    const { statuses, perSecond } = await flood;
    console.log(
      `  ${name.padEnd(12)} quiet p50 ${quiet.p50.toFixed(1)} / p95 ${quiet.p95.toFixed(1)} ms; flooded p50 ${busy.p50.toFixed(1)} / p95 ${busy.p95.toFixed(1)} ms` +
        ` (×${(busy.p95 / quiet.p95).toFixed(1)}); flood ${perSecond.toFixed(0)} req/s, statuses ${JSON.stringify(statuses)}`,
    );
  }
}

let code = 0;
try {
  await main();
} catch (e) {
  console.error(`bench:ssr failed: ${(e as Error).stack ?? e}`);
  code = 1;
} finally {
  await cleanup.run();
}
process.exit(code);
