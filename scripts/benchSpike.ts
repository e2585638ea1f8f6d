// `npm run bench:spike [-- --readers 5000 --cycles 3 --think-ms 1000]`: election night through the
// edge. A fresh seeded stack, the production server (CDN_PURGE_URL pointed at the edge, as an
// operator sets it) and Varnish with the shipped VCL in front, a counting proxy between them. While
// the crowd reads the front page, a hot article and the editor's article, the seeded administrator
// publishes, edits and unpublishes (supabase-js); printed: requests/s at the edge and at the origin,
// origin requests per page per minute, the time from each commit until the edge stops serving the
// withdrawn text (p50/p95/max), and every answer that carried it after commit + 5 s (must be 0).
// Then the origin is stopped: the edge must keep serving current pages, never a withdrawn one.
// Figures are printed; exit 1 only when withdrawn text went out late or the stale pages were not served.
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createClient } from '@supabase/supabase-js';
import ws from 'ws';
import { freePort } from '@afriqueactu/supabase-local';
import type { Database } from '../src/lib/database.types.ts';
import { articlePath } from '../src/lib/readerPaths.ts';
import { LOCAL_ACCOUNTS } from '../supabase/seed/accounts.ts';
import { cleanUpOnExit, runThenExit } from './bench/cleanup.ts';
import { countOption } from './bench/options.ts';
import { startCountingProxy } from './edge/countingProxy.ts';
import { edgeGet, quantile, startCrowd, type Withdrawn } from './edge/spikeReaders.ts';
import { startEdge } from './edge/varnish.ts';
import { startSiteWithStack } from './site.ts';

const READERS = countOption('readers', 5000);
const CYCLES = countOption('cycles', 3);
const THINK_MS = countOption('think-ms', 1000);
const STALE_SECONDS = countOption('stale-seconds', 5);
/** How long the bench waits for a change to show at the edge before calling it missing. */
const WAIT_MS = 20_000;
const PAUSE_MS = 2_000;

const cleanup = cleanUpOnExit({ stepDeadlineMs: 30_000, onSignal: 'stopping the edge, the server and the stack...' });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ms = (n: number) => (Number.isNaN(n) ? '—' : `${Math.round(n)} ms`);

/** The poller's own kept-alive connections (one per page it watches), apart from the crowd's queue. */
const pollerAgent = new http.Agent({ keepAlive: true, maxSockets: 2 });

/** Polls the edge (a reader in normal mode) until `done(bodies)` holds; the time it took, or null past WAIT_MS. */
async function until(edge: string, paths: string[], done: (bodies: string[]) => boolean, since: number): Promise<number | null> {
  while (Date.now() - since < WAIT_MS) {
    const bodies = await Promise.all(paths.map(async (p) => (await edgeGet(edge + p, {}, pollerAgent)).body));
    if (done(bodies)) return Date.now() - since;
    await sleep(100);
  }
  return null;
}

async function main(): Promise<number> {
  console.error('Starting the stack and building the site...');
  const edgePort = await freePort();
  const edgeUrl = `http://127.0.0.1:${edgePort}`;
  const { stack, site } = await startSiteWithStack('bench-spike-', cleanup.add, {
    // All origin requests come from the edge's one address: the per-client render limit would turn
    // the edge's misses into 429s (a real deployment sets TRUST_PROXY=1 behind it).
    siteEnv: { CDN_PURGE_URL: edgeUrl, RENDERS_PER_CLIENT: '64' },
    // The purge sender works with the service-role key, which this option hands the server.
    newsletter: true,
  });
  const proxy = await startCountingProxy({ port: Number(new URL(site.url).port), probePath: '/robots.txt' });
  cleanup.add('counting proxy', proxy.close);
  const edge = await startEdge({ originPort: proxy.port, port: edgePort });
  cleanup.add('edge', edge.stop);

  const editor = createClient<Database>(stack.apiUrl, stack.anonKey, {
    auth: { persistSession: false },
    realtime: { transport: ws as never },
  });
  const admin = LOCAL_ACCOUNTS.find((a) => a.role === 'admin')!;
  const signedIn = await editor.auth.signInWithPassword({ email: admin.email, password: admin.password });
  if (signedIn.error) throw new Error(`the seeded administrator could not sign in: ${signedIn.error.message}`);
  const { data: category } = await editor.from('categories').select('id').limit(1).single();
  const { data: hot } = await editor
    .from('articles')
    .select('slug')
    .eq('status', 'published')
    .order('published_at', { ascending: false })
    .limit(1)
    .single();
  if (!category || !hot) throw new Error('the seed has no category or no published article');

  const withdrawn: Withdrawn[] = [];
  let editorPath: string | null = null;
  const pages = () => (editorPath ? ['/', articlePath(hot.slug), editorPath] : ['/', articlePath(hot.slug)]);
  for (const p of pages()) await edgeGet(edgeUrl + p); // the edge's first copies
  console.error(`${READERS} readers, ${CYCLES} editor cycles...`);
  // The crowd, the poller and the editor share this one process: its event loop's delay is part of
  // every time measured here, printed so that a saturated bench is not taken for a slow edge.
  const loopDelay = monitorEventLoopDelay({ resolution: 20 });
  loopDelay.enable();
  const crowd = startCrowd(edgeUrl, { count: READERS, thinkMs: THINK_MS, pages, withdrawn });
  const started = Date.now();
  const appeared: (number | null)[] = [];
  const purged: (number | null)[] = [];

  for (let cycle = 0; cycle < CYCLES && !cleanup.interrupted; cycle++) {
    const token = `spike-${Date.now().toString(36)}-${cycle}`;
    const v1 = `Scrutin ${token} premiere`;
    const v2 = `Scrutin ${token} corrige`;
    const body = (text: string) => ({ title: text, excerpt: `Résumé ${text}`, content: `<p>Texte ${text}</p>` });
    let since = Date.now();
    const { data: article, error } = await editor
      .from('articles')
      .insert({ slug: `banc-${token}`, status: 'published', category_id: category.id, ...body(v1) })
      .select('id, slug, version')
      .single();
    if (error) throw new Error(`publish: ${error.message}`);
    appeared.push(await until(edgeUrl, ['/'], ([front]) => front.includes(v1), since));
    editorPath = articlePath(article.slug);
    await sleep(PAUSE_MS);

    // An edit: the first title must leave every page that showed it, and the new one show.
    since = Date.now();
    const edited = await editor
      .from('articles')
      .update({ ...body(v2), version: article.version })
      .eq('id', article.id)
      .select('version')
      .single();
    if (edited.error) throw new Error(`edit: ${edited.error.message}`);
    withdrawn.push({ text: v1, after: since + 5000 });
    const current = ([front, page]: string[]) => !front.includes(v1) && !page.includes(v1) && page.includes(v2);
    purged.push(await until(edgeUrl, ['/', editorPath], current, since));
    await sleep(PAUSE_MS);

    // Unpublished: the article leaves the front page and its own address.
    since = Date.now();
    const unpublished = await editor
      .from('articles')
      .update({ status: 'draft', version: edited.data.version })
      .eq('id', article.id)
      .select('id')
      .single();
    if (unpublished.error) throw new Error(`unpublish: ${unpublished.error.message}`);
    withdrawn.push({ text: v2, after: since + 5000 });
    // Gone means neither title on either page (an edge that missed the edit still has the first).
    purged.push(await until(edgeUrl, ['/', editorPath], (bodies) => bodies.every((b) => !b.includes(v1) && !b.includes(v2)), since));
    editorPath = null;
    await sleep(PAUSE_MS);
  }
  // Answers already under way when the last text was withdrawn get their 5 s too.
  await sleep(Math.max(0, (withdrawn.at(-1)?.after ?? 0) - Date.now()) + 1000);
  await crowd.stop();
  loopDelay.disable();
  const seconds = (Date.now() - started) / 1000;
  const f = crowd.figures;
  const originRequests = [...proxy.counts.values()].reduce((a, b) => a + b, 0);

  console.log(
    `\nbench:spike, ${READERS} readers (one request every ~${THINK_MS} ms each, 256 connections) through Varnish, ${seconds.toFixed(0)} s:`,
  );
  console.log(
    `  edge   ${(f.requests / seconds).toFixed(0)} requests/s (${f.requests}; ${f.hits} HIT, ${f.misses} MISS; statuses ${JSON.stringify(f.statuses)})`,
  );
  console.log(
    `         latency p50 ${ms(quantile(f.ms, 0.5))}, p95 ${ms(quantile(f.ms, 0.95))}, max ${ms(quantile(f.ms, 1))} ` +
      "(a reader's wait, a free one of the 256 connections included)",
  );
  console.log(
    `         this process's event-loop delay (in every time above and below): p50 ${ms(loopDelay.percentile(50) / 1e6)}, ` +
      `max ${ms(loopDelay.max / 1e6)}`,
  );
  console.log(`  origin ${(originRequests / seconds).toFixed(1)} requests/s (${originRequests}, the edge's probes apart)`);
  console.log('  origin requests per page per minute (each at most one render: the server answers some from its own kept pages):');
  const top = [...proxy.counts].sort((a, b) => b[1] - a[1]).slice(0, 8);
  for (const [path, count] of top) console.log(`    ${((count * 60) / seconds).toFixed(1).padStart(7)}  ${path}`);
  const known = (values: (number | null)[]) => values.filter((v): v is number => v !== null);
  const missing = (values: (number | null)[]) => values.filter((v) => v === null).length;
  console.log(
    `  publish → on the edge's front page: p50 ${ms(quantile(known(appeared), 0.5))}, max ${ms(quantile(known(appeared), 1))}` +
      (missing(appeared) ? `; ${missing(appeared)} not within ${WAIT_MS / 1000} s` : ''),
  );
  console.log(
    `  commit → withdrawn text gone from the edge, the change shown (${purged.length} edits/unpublishes): p50 ${ms(quantile(known(purged), 0.5))}, ` +
      `p95 ${ms(quantile(known(purged), 0.95))}, max ${ms(quantile(known(purged), 1))}` +
      (missing(purged) ? `; ${missing(purged)} NOT GONE within ${WAIT_MS / 1000} s (no purge reached the edge?)` : ''),
  );
  console.log(
    `  answers carrying withdrawn text after commit + 5 s: ${f.late.length}${f.late.length ? ` ✗ e.g. ${JSON.stringify(f.late[0])}` : ' ✓'}`,
  );

  // Stale-if-error: the origin stops; the crowd on the front page and the hot article.
  editorPath = null;
  await site.stop();
  await sleep(4500); // the edge's probe: three refused 1 s polls out of five
  const stale = startCrowd(edgeUrl, { count: Math.min(READERS, 500), thinkMs: THINK_MS, pages, withdrawn });
  await sleep(STALE_SECONDS * 1000);
  await stale.stop();
  const s = stale.figures;
  const served = s.statuses[200] ?? 0;
  console.log(
    `  origin stopped: ${s.requests} answers in ${STALE_SECONDS} s, ${served} served from the edge (200), statuses ${JSON.stringify(s.statuses)}; ` +
      `withdrawn text in ${s.late.length} ${s.late.length ? '✗' : '✓'}`,
  );
  const ok = f.late.length === 0 && s.late.length === 0 && served === s.requests;
  return ok ? 0 : 1;
}

await runThenExit('bench:spike', main, cleanup);
