// `npm run bench:live [-- --readers 2000 --seconds 120 --poll-seconds 30 --entry-every 10 --views 4000]`:
// election night on a live page. A fresh seeded stack and the production server (`npm start`); the
// seeded administrator opens a live coverage and posts an entry every 10 s while `readers` phones
// poll its update address (`/article/<slug>/live/<revision>`) every interval the answers name.
// Printed: requests/s served, the update check's p50/p95, renders of update answers per checkpoint
// at the origin (live_delta calls counted by Postgres), database transactions/s, the bytes on the
// wire of an empty and of a one-entry check; then the same crowd through Varnish when varnishd is
// installed (origin requests per checkpoint); then a crowd of views counted on the live article,
// the counting in use beside the one it replaced. Figures only: the exit code is 1 when an answer
// failed or an empty check went past 1 KB.
import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import ws from 'ws';
import { connectionString, freePort } from '@afriqueactu/supabase-local';
import type { Database } from '../src/lib/database.types.ts';
import { articlePath } from '../src/lib/readerPaths.ts';
import { LOCAL_ACCOUNTS } from '../supabase/seed/accounts.ts';
import { cleanUpOnExit, runThenExit } from './bench/cleanup.ts';
import { countOption } from './bench/options.ts';
import { startCountingProxy } from './edge/countingProxy.ts';
import { quantile } from './edge/spikeReaders.ts';
import { findVarnishd, startEdge } from './edge/varnish.ts';
import { getJson, startPollers, type PollFigures } from './benchLive/pollers.ts';
import { benchViews } from './benchLive/views.ts';
import { startSiteWithStack } from './site.ts';

const READERS = countOption('readers', 2000);
const SECONDS = countOption('seconds', 120);
const POLL_SECONDS = countOption('poll-seconds', 30);
const ENTRY_EVERY = countOption('entry-every', 10);
const VIEWS = countOption('views', 4000);
const EMPTY_CHECK_BUDGET = 1024;

const cleanup = cleanUpOnExit({ stepDeadlineMs: 30_000, onSignal: 'stopping the edge, the server and the stack...' });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ms = (n: number) => (Number.isNaN(n) ? '—' : `${Math.round(n)} ms`);

async function main(): Promise<number> {
  console.error('Starting the stack and building the site...');
  const edgePort = findVarnishd() ? await freePort() : null;
  const { stack, site } = await startSiteWithStack('bench-live-', cleanup.add, {
    // The crowd comes from one address: the per-client render limit would refuse its misses. The
    // purges go to the edge of the second phase, as an operator sets it.
    siteEnv: { RENDERS_PER_CLIENT: '64', ...(edgePort && { CDN_PURGE_URL: `http://127.0.0.1:${edgePort}` }) },
    // The purges and the housekeeping work with the service-role key, which this option hands the server.
    newsletter: true,
  });
  // The edge runs from the start, so the purges of the first phase reach it too.
  const edge = edgePort ? await startEdgeBehindCounter(Number(new URL(site.url).port), edgePort) : null;
  // Postgres counts calls of the update answers' function (security definer: never inlined).
  const admin = new pg.Client({ connectionString: connectionString(Number(new URL(stack.dbUrl).port), 'supabase_admin') });
  await admin.connect();
  cleanup.add('database connection', () => admin.end());
  await admin.query("alter system set track_functions = 'all'");
  await admin.query('select pg_reload_conf()');
  const dbFigures = async () =>
    (
      await admin.query<{ delta: string; xacts: string }>(
        `select coalesce((select calls from pg_stat_user_functions where schemaname = 'public' and funcname = 'live_delta'), 0) as delta,
                (select xact_commit + xact_rollback from pg_stat_database where datname = current_database()) as xacts`,
      )
    ).rows.map((r) => ({ delta: Number(r.delta), xacts: Number(r.xacts) }))[0];

  const editor = createClient<Database>(stack.apiUrl, stack.anonKey, {
    auth: { persistSession: false },
    realtime: { transport: ws as never },
  });
  const account = LOCAL_ACCOUNTS.find((a) => a.role === 'admin')!;
  const signedIn = await editor.auth.signInWithPassword({ email: account.email, password: account.password });
  if (signedIn.error) throw new Error(`the seeded administrator could not sign in: ${signedIn.error.message}`);
  const slug = `bench-direct-${Date.now()}`;
  const created = await editor
    .from('articles')
    .insert({
      slug,
      title: 'Présidentielle : la soirée électorale en direct',
      content: '<p>Suivez les résultats.</p>',
      status: 'published',
      format: 'live',
    })
    .select('id')
    .single();
  if (created.error) throw new Error(`the live article: ${created.error.message}`);
  const articleId = created.data.id;
  const state = await editor.rpc('live_set_state', { p_article_id: articleId, p_state: 'open', p_poll_seconds: POLL_SECONDS });
  if (state.error) throw new Error(`live_set_state: ${state.error.message}`);

  let head = (state.data as { revision: number }).revision;
  let posted = 0;
  const post = async () => {
    const entry = await editor.rpc('live_post', {
      p_id: randomUUID(),
      p_article_id: articleId,
      p_body: `${new Date().toISOString().slice(11, 16)} — Bureau n° ${posted + 1} dépouillé : participation ${50 + (posted % 30)} %. https://example.test/resultats`,
    });
    if (entry.error) throw new Error(`live_post: ${entry.error.message}`);
    head = (entry.data as { revision: number }).revision;
    posted++;
  };
  for (let i = 0; i < 25; i++) await post();

  /** One phase: the crowd on `origin` for SECONDS while an entry goes out every ENTRY_EVERY s. */
  const phase = async (origin: string, seconds: number) => {
    const base = origin + articlePath(slug);
    const before = await dbFigures();
    const postedBefore = posted;
    const crowd = startPollers(base, { count: READERS, intervalMs: POLL_SECONDS * 1000, head: () => head, posted: () => posted });
    const started = Date.now();
    while (Date.now() - started < seconds * 1000) {
      await sleep(ENTRY_EVERY * 1000);
      await post();
    }
    await crowd.stop();
    const elapsed = (Date.now() - started) / 1000;
    const after = await dbFigures();
    return {
      f: crowd.figures,
      elapsed,
      entries: posted - postedBefore,
      delta: after.delta - before.delta,
      xacts: after.xacts - before.xacts,
    };
  };
  const report = (label: string, r: Awaited<ReturnType<typeof phase>>, originRequests?: number) => {
    const f: PollFigures = r.f;
    console.log(
      `\n${label}: ${READERS} readers polling every ${POLL_SECONDS} s, an entry every ${ENTRY_EVERY} s, ${r.elapsed.toFixed(0)} s:`,
    );
    console.log(`  ${(f.requests / r.elapsed).toFixed(1)} update checks/s served (${f.requests}; statuses ${JSON.stringify(f.statuses)})`);
    console.log(`  check latency p50 ${ms(quantile(f.ms, 0.5))}, p95 ${ms(quantile(f.ms, 0.95))}, max ${ms(quantile(f.ms, 1))}`);
    console.log(
      `  renders of update answers at the origin: ${r.delta} for ${f.checkpoints.size} checkpoints (address × entries out) = ` +
        `${(r.delta / Math.max(1, f.checkpoints.size)).toFixed(2)} per checkpoint`,
    );
    if (originRequests !== undefined)
      console.log(
        `  origin requests behind the edge: ${originRequests} = ${(originRequests / Math.max(1, f.checkpoints.size)).toFixed(2)} per checkpoint`,
      );
    console.log(
      `  database: ${(r.xacts / r.elapsed).toFixed(1)} transactions/s (everything: the server's version poll, the entries, the answers)`,
    );
    console.log(`  ${(f.wireBytes / Math.max(1, f.requests)).toFixed(0)} B per check on the wire on average`);
  };

  const origin = await phase(site.url, SECONDS);
  report('bench:live at the origin (npm start)', origin);
  let failed = Object.keys(origin.f.statuses).some((s) => s !== '200');

  // The bytes of one check, as a phone on data pays them.
  const empty = await getJson(`${site.url}${articlePath(slug)}/live/${head}`);
  const one = await getJson(`${site.url}${articlePath(slug)}/live/${head - 1}`);
  console.log(
    `\n  an empty check: ${empty.wireBytes} B on the wire (status ${empty.status}, ${empty.json?.entries?.length ?? '?'} entries; budget ${EMPTY_CHECK_BUDGET} B)`,
  );
  console.log(`  a one-entry check: ${one.wireBytes} B on the wire (status ${one.status}, ${one.json?.entries?.length ?? '?'} entry)`);
  if (empty.wireBytes > EMPTY_CHECK_BUDGET || empty.status !== 200) failed = true;

  if (edge) {
    const behind = await phase(edge.url, Math.min(SECONDS, 60));
    const live = [...edge.proxy.counts].filter(([path]) => path.includes('/live/')).reduce((n, [, c]) => n + c, 0);
    report('the same through Varnish (deploy/varnish/default.vcl)', behind, live);
    failed ||= Object.keys(behind.f.statuses).some((s) => s !== '200');
  } else {
    console.log('\n  (no varnishd: the edge phase is skipped; apt-get install -y varnish)');
  }

  console.log(`\nViews of a crowd on the live article: ${VIEWS} distinct readers, 32 at a time, each view its own transaction:`);
  for (const v of await benchViews(stack.dbUrl, articleId, VIEWS, 32))
    console.log(
      `  ${v.name.padEnd(38)} ${v.perSecond.toFixed(0).padStart(6)} views/s, p50 ${ms(v.p50)}, p95 ${ms(v.p95)}; counted ${v.counted} of ${v.views}`,
    );
  return failed ? 1 : 0;
}

/** Varnish with the shipped VCL in front of a counting proxy in front of the site. */
async function startEdgeBehindCounter(sitePort: number, port: number) {
  const proxy = await startCountingProxy({ port: sitePort, probePath: '/robots.txt' });
  cleanup.add('counting proxy', proxy.close);
  const edge = await startEdge({ originPort: proxy.port, port });
  cleanup.add('edge', edge.stop);
  return { url: edge.url, proxy };
}

await runThenExit('bench:live', main, cleanup);
