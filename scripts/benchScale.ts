// `npm run bench:scale [-- --runs N --seconds S --clients C] [--renders] [--flood]`: the reader pages and newsroom reads
// of issue 24 on a stack filled by `npm run seed:scale` (the SUPABASE_LOCAL_* data folder and
// ports), beside a fresh seed-only stack in the same run: p50/p95 of sequential requests, the
// production server's throughput (one URL, distinct URLs) beside a static file server serving the
// same HTML, and the plans of every underlying query (auto_explain) with sequential scans of large
// tables and big sorts flagged. Prints a report and writes it to bench-results/ (docs/scale.md).
// Targets are reported, not asserted: exit 1 only when the bench itself could not run.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { connectionString, freePort, type RunningStack } from '@afriqueactu/supabase-local';
import { appStackOptions, PROJECT_ROOT, startAppStack } from './localStack.ts';
import { cleanUpOnExit, runThenExit } from './bench/cleanup.ts';
import { countOption } from './bench/options.ts';
import {
  groupPlans,
  logFileOf,
  LOG_FOLDER,
  planFlags,
  planText,
  postgresFlags,
  readPlans,
  readsTables,
  setAutoExplain,
  tableSizes,
} from './scale/explain.ts';
import { adminHeaders, newsroomReads, readerPages, type Target } from './scale/pages.ts';
import { FLOOD_LOOPS, pagesUnderFlood, type FloodResult } from './scale/flood.ts';
import { SCALE_DOMAIN } from './scale/seed.ts';
import { load, percentile, sequential, timedGet, type Series, type Throughput } from './scale/timing.ts';
import { buildSite, startSiteOnStack, startSiteWithStack, type RunningSite } from './site.ts';
import { FRESH_MS } from '../src/server/stalePages.ts';

const TIMEOUT_MS = 10_000;

// Everything started is stopped in reverse order, on success, error or Ctrl-C (as bench:web does).
const cleanup = cleanUpOnExit({ stepDeadlineMs: 20_000, onSignal: 'stopping the servers and the stacks...' });

const report: string[] = [];
const out = (line = '') => {
  report.push(line);
  console.log(line);
};
const progress = (line: string) => console.error(line);
const ms = (n: number) => (Number.isNaN(n) ? '-' : n >= 1000 ? `${(n / 1000).toFixed(2)} s` : `${Math.round(n)} ms`);

/** A static file server in its own process (as the site server is): the same bytes from memory. */
async function startStaticServer(file: string): Promise<RunningSite> {
  const port = await freePort();
  const code = `
    const http = require('node:http'); const fs = require('node:fs');
    const body = fs.readFileSync(${JSON.stringify(file)});
    http.createServer((req, res) => { res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.setHeader('Cache-Control', 'public, max-age=60'); res.end(body); }).listen(${port}, '127.0.0.1');`;
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let i = 0; i < 100; i++) {
    if ((await timedGet(`http://127.0.0.1:${port}/`, {}, 1000)).status === 200) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

interface Side {
  name: 'seed' | 'scale';
  stack: { apiUrl: string; anonKey: string };
  site: RunningSite;
}

function seriesCell(s: Series | undefined, missing?: string): string {
  if (missing) return `n/a (${missing})`.padEnd(26);
  if (!s) return '-'.padEnd(26);
  const errors = s.errors ? ` ✗${s.errors}/${s.samples.length}` : '';
  const stale = s.stale ? ` stale ${s.stale}` : '';
  return `${ms(s.p50).padStart(8)} ${ms(s.p95).padStart(8)}${errors}${stale}`.padEnd(26);
}

async function measureTable(
  title: string,
  sides: Side[],
  targets: Map<Side['name'], Target[]>,
  base: (side: Side) => string,
  opts: { runs: number; headers?: Map<Side['name'], Record<string, string>> },
): Promise<{ name: string; seed?: Series; scale?: Series; missing?: string }[]> {
  const rows: { name: string; seed?: Series; scale?: Series; missing?: string }[] = [];
  const names = targets.get('scale')!.map((t) => t.name);
  for (const name of new Set([...names, ...targets.get('seed')!.map((t) => t.name)])) {
    const row: { name: string; seed?: Series; scale?: Series; missing?: string } = { name };
    for (const side of sides) {
      if (cleanup.interrupted) return rows;
      const target = targets.get(side.name)!.find((t) => t.name === name);
      if (!target) continue;
      if (target.missing) {
        if (side.name === 'seed') row.missing = target.missing;
        continue;
      }
      const series = await sequential(base(side) + target.path, {
        runs: opts.runs,
        timeoutMs: TIMEOUT_MS,
        budgetMs: 30_000,
        headers: { ...opts.headers?.get(side.name), ...(target.prefer && { Prefer: target.prefer }) },
      });
      row[side.name] = series;
      progress(
        `  ${side.name.padEnd(5)} ${name.padEnd(30)} p50 ${ms(series.p50)}, p95 ${ms(series.p95)}${series.firstError ? `, ${series.errors} error(s): ${series.firstError}` : ''}`,
      );
    }
    rows.push(row);
  }
  out(`\n${title}`);
  out(`${'page'.padEnd(32)}${'seed p50      p95'.padEnd(26)}${'scale p50     p95'.padEnd(26)}scale/seed p95`);
  for (const r of rows) {
    const ratio = r.seed && r.scale && !r.seed.errors ? `${(r.scale.p95 / r.seed.p95).toFixed(1)}×` : '';
    out(`${r.name.padEnd(32)}${seriesCell(r.seed, r.missing)}${seriesCell(r.scale)}${ratio}`);
    for (const s of [r.seed, r.scale]) if (s?.firstError) out(`${''.padEnd(34)}first error: ${s.firstError}`);
  }
  return rows;
}

/**
 * The flood phase's table; returns the pages that failed under it (5xx, time-outs). Kept copies
 * (stale) are counted apart, not as failures: the proof rule lets out only copies proven current.
 */
function floodTable(flood: FloodResult, renders: boolean): string[] {
  out(
    `\nReader pages at scale under a flood: ${FLOOD_LOOPS} anonymous and ${FLOOD_LOOPS} reader-token loops of a costly regex filter, ` +
      `pages requested in turn for 30 s (${renders ? 'page cache off: every request renders' : 'page cache on: run with --renders to make every request read the database'}).`,
  );
  out(`${'page'.padEnd(32)}${'requests'.padEnd(10)}${'p50'.padEnd(10)}${'p95'.padEnd(10)}failed  stale`);
  const failures: string[] = [];
  for (const { name, samples } of flood.pages) {
    const sorted = samples.map((x) => x.ms).sort((a, b) => a - b);
    const failed = samples.filter((x) => x.status === 0 || x.status >= 400);
    const stale = samples.filter((x) => x.stale).length;
    if (failed.length) failures.push(name);
    out(
      `${name.padEnd(32)}${String(samples.length).padEnd(10)}${ms(percentile(sorted, 0.5)).padEnd(10)}${ms(percentile(sorted, 0.95)).padEnd(10)}` +
        `${String(failed.length).padEnd(8)}${stale}${failed[0] ? `  first: ${failed[0].error ?? `HTTP ${failed[0].status}`}` : ''}`,
    );
  }
  const all = flood.pages.flatMap((p) => p.samples);
  const times = all.map((x) => x.ms).sort((a, b) => a - b);
  out(
    `  all pages: ${all.length} requests, ${all.filter((x) => x.status >= 500).length} 5xx, ${all.filter((x) => x.status === 0).length} time-outs, ` +
      `${all.filter((x) => x.stale).length} kept copies (proven current), p50 ${ms(percentile(times, 0.5))}, p95 ${ms(percentile(times, 0.95))}`,
  );
  for (const [who, a] of [
    ['anonymous', flood.anon],
    ['reader-token', flood.reader],
  ] as const)
    out(`  ${who} attack requests: ${a.requests}, ${a.cut} cut by the statement timeout`);
  return failures;
}

const floodTarget = (failures: string[]) =>
  `  every page answered (no 5xx, no time-out) while ${FLOOD_LOOPS} anonymous and ${FLOOD_LOOPS} signed-in clients flood the database: ${failures.length ? `✗ ${failures.join(', ')}` : '✓'}`;

function throughputLine(label: string, t: Throughput): string {
  const errors = t.errors ? `, ${t.errors} errors` : '';
  const stale = t.stale ? `, ${t.stale} stale` : '';
  return `  ${label.padEnd(44)} ${t.perSecond.toFixed(1).padStart(8)} req/s  (${t.ok} in ${t.seconds.toFixed(1)} s, p50 ${ms(t.p50)}${errors}${stale})`;
}

async function main(): Promise<number> {
  const started = Date.now();
  const runs = countOption('runs', 10);
  const seconds = countOption('seconds', 10);
  const clients = countOption('clients', 8);
  const options = appStackOptions();

  progress(`Starting the scale stack (${options.dataDir}, API ${options.apiPort}, database ${options.dbPort})...`);
  // Removed once the stack has stopped (clean-ups run in reverse order).
  const pgData = path.join(options.dataDir, 'postgres');
  cleanup.add('plan log', async () => fs.rmSync(path.join(pgData, LOG_FOLDER), { recursive: true, force: true }));
  const scaleStack: RunningStack = await startAppStack(
    { ...options, inboxPort: Number(process.env.SUPABASE_LOCAL_INBOX_PORT ?? 0) || undefined, quiet: true },
    { postgresFlags },
  );
  cleanup.add('scale stack', scaleStack.stop);
  const superuser = connectionString(options.dbPort, 'supabase_admin');
  const filled = new pg.Client({ connectionString: connectionString(options.dbPort) });
  await filled.connect();
  const counts = (
    await filled.query(
      `select (select count(*) from auth.users where email like $1)::int as scale,
      (select count(*) from public.articles where private.article_is_public(status, published_at))::int as public,
      (select count(*) from public.articles)::int as articles, (select count(*) from public.article_views)::int as views,
      (select count(*) from public.page_views)::int as page_views`,
      [`%@${SCALE_DOMAIN}`],
    )
  ).rows[0];
  await filled.end();
  if (!counts.scale) throw new Error(`the stack in ${options.dataDir} was not filled by seed:scale: run \`npm run seed:scale\` first`);
  // --renders: both servers render every request (their page cache off), so the tables time the
  // reads and the render behind each page rather than the 30 s copy most readers get.
  const siteEnv = process.argv.includes('--renders') ? { PAGE_CACHE_MS: '-1' } : undefined;
  if (process.argv.includes('--flood')) return floodOnly(scaleStack, siteEnv, started);

  progress('Starting a seed-only stack and building the site...');
  const seed = await startSiteWithStack('bench-scale-', (what, stop) => cleanup.add(`seed ${what}`, stop), { siteEnv });
  const scaleSite = await startSiteOnStack(
    seed.outDir,
    scaleStack,
    Number(process.env.PORT) || undefined,
    (what, stop) => cleanup.add(`scale ${what}`, stop),
    { siteEnv },
  );
  const sides: Side[] = [
    { name: 'seed', stack: seed.stack, site: seed.site },
    { name: 'scale', stack: scaleStack, site: scaleSite },
  ];

  out(`bench:scale, ${new Date().toISOString()}, commit ${gitHead()}${siteEnv ? ', page cache off (--renders)' : ', page cache on'}`);
  out(
    `Scale stack: ${counts.public.toLocaleString('en')} public articles (${counts.articles.toLocaleString('en')} in all), ` +
      `${counts.views.toLocaleString('en')} article views, ${counts.page_views.toLocaleString('en')} page views. Seed stack: a fresh \`npm run db:reset\`.`,
  );
  out(`Sequential requests, one client, ${runs} runs after one warm-up (fewer when a page spends 30 s), time-out ${TIMEOUT_MS / 1000} s;`);
  out('✗ = answers that were errors or time-outs; "stale" = the server answered with its outage copy (X-Page-Cache: stale).');

  const pages = new Map<Side['name'], Target[]>();
  for (const side of sides) pages.set(side.name, await readerPages(side.stack, side.site.url));
  progress('Reader pages...');
  const readerRows = await measureTable('Reader pages (site server, production build)', sides, pages, (s) => s.site.url, { runs });

  const admin = new Map<Side['name'], Record<string, string>>();
  for (const side of sides) admin.set(side.name, await adminHeaders(side.stack));
  const reads = new Map<Side['name'], Target[]>();
  for (const side of sides) reads.set(side.name, await newsroomReads(side.stack));
  progress('Newsroom reads...');
  const newsroomRows = await measureTable(
    "Newsroom reads (the back office's API calls, as the editor-in-chief)",
    sides,
    reads,
    (s) => s.stack.apiUrl,
    {
      runs,
      headers: admin,
    },
  );

  progress('Reader pages under a flood of costly filters...');
  const flood = await pagesUnderFlood(
    scaleStack,
    scaleSite.url,
    pages.get('scale')!.filter((t) => !t.missing),
    TIMEOUT_MS,
  );
  const floodFailures = floodTable(flood, !!siteEnv);

  // Throughput: the article page, the production server against a static server of its HTML.
  progress('Throughput...');
  out(`\nThroughput: ${clients} concurrent clients for ${seconds} s each, loopback, keep-alive.`);
  const articlePath = pages.get('scale')!.find((t) => t.name === 'article, newest')!.path;
  const html = await (await fetch(scaleSite.url + articlePath)).text();
  const htmlFile = path.join(seed.outDir, 'static-article.html');
  fs.writeFileSync(htmlFile, html);
  const staticServer = await startStaticServer(htmlFile);
  cleanup.add('static server', staticServer.stop);
  const throughput: Record<string, Throughput> = {};
  for (const side of sides) {
    const slugs = await recentSlugs(side.stack, 5_000);
    let next = 0;
    const one = pages.get(side.name)!.find((t) => t.name === 'article, newest')!.path;
    throughput[`${side.name} one`] = await load(() => side.site.url + one, { clients, seconds, timeoutMs: TIMEOUT_MS });
    out(throughputLine(`${side.name}: one article URL`, throughput[`${side.name} one`]));
    throughput[`${side.name} distinct`] = await load(() => `${side.site.url}/article/${slugs[next++ % slugs.length]}`, {
      clients,
      seconds,
      timeoutMs: TIMEOUT_MS,
    });
    out(
      throughputLine(
        `${side.name}: distinct article URLs (${Math.min(next, slugs.length)} of ${slugs.length})`,
        throughput[`${side.name} distinct`],
      ),
    );
  }
  throughput.static = await load(() => staticServer.url + '/', { clients, seconds, timeoutMs: TIMEOUT_MS });
  out(throughputLine(`static server, the same HTML (${(html.length / 1024).toFixed(0)} KB)`, throughput.static));
  const ratio = (a: Throughput) => `${((100 * a.perSecond) / throughput.static.perSecond).toFixed(1)} %`;
  out(
    `  Ratio to the static server at scale: one URL ${ratio(throughput['scale one'])}, distinct URLs ${ratio(throughput['scale distinct'])}.`,
  );

  // Plans: each page requested once, alone, with auto_explain on.
  progress('Plans (auto_explain)...');
  const sizes = await tableSizes(superuser);
  const logFile = logFileOf(pgData);
  await setAutoExplain(superuser, true);
  cleanup.add('auto_explain off', () => setAutoExplain(superuser, false));
  const planReport: string[] = [];
  const flagged: string[] = [];
  let offset = fs.existsSync(logFile) ? fs.statSync(logFile).size : 0;
  const scaleTargets = [
    ...pages.get('scale')!.map((t) => ({ ...t, url: scaleSite.url + t.path, headers: {} })),
    ...reads
      .get('scale')!
      .map((t) => ({ ...t, url: scaleStack.apiUrl + t.path, headers: { ...admin.get('scale')!, ...(t.prefer && { Prefer: t.prefer }) } })),
  ].filter((t) => !t.missing);
  for (const target of scaleTargets) {
    if (cleanup.interrupted) break;
    const sample = await timedGet(target.url, target.headers, TIMEOUT_MS * 2);
    await new Promise((r) => setTimeout(r, 700));
    const { plans, errors, end } = readPlans(logFile, offset);
    offset = end;
    const groups = groupPlans(plans.filter((p) => readsTables(p.plan)));
    planReport.push(
      `\n=== ${target.name} (${target.path}): ${sample.status || sample.error}, ${ms(sample.ms)} with auto_explain, ` +
        `${groups.length} distinct statements`,
    );
    for (const e of errors) {
      planReport.push(`  ✗ ${e}`);
      flagged.push(`${target.name}: ✗ ${e.slice(0, 160)}`);
    }
    if (!groups.length) planReport.push('  (no plan logged: the page read no table, or its statements were cancelled)');
    for (const { count, totalMs, slowest } of groups) {
      const flags = planFlags(slowest.plan, sizes);
      for (const f of flags) flagged.push(`${target.name}: ${f} (statement ${ms(slowest.ms)})`);
      const times = count > 1 ? `×${count}, ${ms(totalMs)} in all, slowest ${ms(slowest.ms)}` : ms(slowest.ms);
      planReport.push(
        `-- ${times}${flags.length ? '  ⚠ ' + flags.join('; ') : ''}: ${slowest.query.replace(/\s+/g, ' ').trim().slice(0, 300)}`,
      );
      planReport.push(...planText(slowest.plan, sizes).map((l) => `   ${l}`));
    }
  }
  out(
    `\nFlagged in the plans at scale (sequential scan of a table over 10,000 rows, sort of more than 10,000 rows, statements that failed):`,
  );
  if (!flagged.length) out('  none');
  for (const f of [...new Set(flagged)]) out(`  ⚠ ${f}`);

  out('\nTargets of issue 24 at scale (reported, not asserted):');
  const readerMiss = readerRows.filter((r) => r.scale && (r.scale.errors || r.scale.p95 > (r.name.startsWith('search') ? 150 : 300)));
  out(
    `  reader pages p95 ≤ 300 ms (search ≤ 150 ms), no error: ${readerMiss.length ? `✗ ${readerMiss.map((r) => r.name).join(', ')}` : '✓'}`,
  );
  const twice = readerRows.filter((r) => r.scale && r.seed && !r.seed.errors && r.scale.p95 > 2 * r.seed.p95);
  out(`  reader pages p95 within 2× the seed's: ${twice.length ? `✗ ${twice.map((r) => r.name).join(', ')}` : '✓'}`);
  const newsroomMiss = newsroomRows.filter((r) => r.scale && (r.scale.errors || r.scale.p95 > 500));
  out(`  newsroom reads p95 ≤ 500 ms: ${newsroomMiss.length ? `✗ ${newsroomMiss.map((r) => r.name).join(', ')}` : '✓'}`);
  out(
    `  cached page throughput ≥ 50 % of the static server's: one URL ${ratio(throughput['scale one'])} ${throughput['scale one'].perSecond * 2 >= throughput.static.perSecond ? '✓' : '✗'}`,
  );
  out(
    `  distinct-URL renders per second (the baseline for "3× today's"): ${throughput['scale distinct'].perSecond.toFixed(1)} at scale, ${throughput['seed distinct'].perSecond.toFixed(1)} on the seed`,
  );
  out(floodTarget(floodFailures));
  out(`\nWhole bench ${((Date.now() - started) / 60_000).toFixed(1)} min.`);
  out(
    '\nPlans at scale: every statement that read a table while each page was requested alone (auto_explain, EXPLAIN (ANALYZE, BUFFERS)):',
  );
  report.push(...planReport);

  const dir = path.join(PROJECT_ROOT, 'bench-results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `scale-${new Date().toISOString().replace(/[:.]/g, '-')}.txt`);
  fs.writeFileSync(file, report.join('\n') + '\n');
  console.log(`  (${planReport.length} lines of plans in the report file)\nReport: ${path.relative(PROJECT_ROOT, file)}`);
  return 0;
}

/**
 * `--flood`: the flood phase alone, on the scale stack (no seed stack, no other phase): the site
 * built against it, each reader page rendered once (as by a reader), then left past the page
 * cache's fresh window (as the full run's earlier phases leave them) before the flood.
 */
async function floodOnly(scaleStack: RunningStack, siteEnv: Record<string, string> | undefined, started: number): Promise<number> {
  progress('Building the site...');
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-scale-flood-'));
  cleanup.add('temp folder', async () => fs.rmSync(outDir, { recursive: true, force: true }));
  await buildSite(outDir, { supabaseUrl: scaleStack.apiUrl, anonKey: scaleStack.anonKey });
  const site = await startSiteOnStack(
    outDir,
    scaleStack,
    Number(process.env.PORT) || undefined,
    (what, stop) => cleanup.add(`scale ${what}`, stop),
    { siteEnv },
  );
  out(
    `bench:scale --flood, ${new Date().toISOString()}, commit ${gitHead()}${siteEnv ? ', page cache off (--renders)' : ', page cache on'}`,
  );
  const targets = (await readerPages(scaleStack, site.url)).filter((t) => !t.missing);
  for (const t of targets) await timedGet(site.url + t.path, {}, TIMEOUT_MS);
  progress(`Pages rendered once; waiting ${FRESH_MS / 1000} s for their fresh window to pass...`);
  await new Promise((r) => setTimeout(r, FRESH_MS + 1000));
  progress('Reader pages under a flood of costly filters...');
  const failures = floodTable(await pagesUnderFlood(scaleStack, site.url, targets, TIMEOUT_MS), !!siteEnv);
  out(`\n${floodTarget(failures)}`);
  out(`Whole bench ${((Date.now() - started) / 60_000).toFixed(1)} min.`);
  return 0;
}

/** The newest public articles' slugs: the distinct URLs of the throughput run. */
async function recentSlugs(stack: { apiUrl: string; anonKey: string }, limit: number): Promise<string[]> {
  const slugs: string[] = [];
  // PostgREST answers at most its max-rows (1,000) per request.
  for (let offset = 0; offset < limit; offset += 1000) {
    const res = await fetch(`${stack.apiUrl}/rest/v1/articles?select=slug&order=published_at.desc&offset=${offset}&limit=1000`, {
      headers: { apikey: stack.anonKey },
    });
    const page = (await res.json()) as { slug: string }[];
    slugs.push(...page.map((p) => p.slug));
    if (page.length < 1000) break;
  }
  return slugs;
}

function gitHead(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: PROJECT_ROOT, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

await runThenExit('bench:scale', main, cleanup);
