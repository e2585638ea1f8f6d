import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { freePort, type StackOptions } from '@afriqueactu/supabase-local';
import { appStackOptions, startAppStack } from '../localStack.ts';
import { categoryUnderAttack, postgrestRssKb, sendOversizedBody } from './attack.ts';
import { categoryUnderReaders, READER_LOOPS, type ReaderFlood } from './readers.ts';

// `npm run bench:stack`: start-up times, then single-row REST reads through the gateway with 10
// concurrent keep-alive connections for 10 s on loopback, then two attacks (an oversized body,
// costly queries while a reader loads a page: see attack.ts). Prints figures; asserts nothing.
const CONNECTIONS = 10;
const DURATION_MS = 10_000;

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

async function timedStart(options: StackOptions) {
  const t0 = performance.now();
  const stack = await startAppStack(options, { durable: false });
  return { stack, ms: performance.now() - t0 };
}

const LOAD_SCRIPT = `
const http = require('node:http');
const { parentPort, workerData: w } = require('node:worker_threads');
const agent = new http.Agent({ keepAlive: true, maxSockets: w.CONNECTIONS });
const get = (path) => new Promise((resolve, reject) => {
  const req = http.get({ host: '127.0.0.1', port: w.port, path, agent, headers: { apikey: w.apikey } }, (res) => {
    res.resume();
    res.on('end', () => resolve(res.statusCode));
  });
  req.on('error', reject);
});
(async () => {
  const latencies = [];
  let failures = 0;
  const deadline = performance.now() + w.DURATION_MS;
  await Promise.all(Array.from({ length: w.CONNECTIONS }, async (_, n) => {
    for (let i = n; performance.now() < deadline; i += w.CONNECTIONS) {
      const t = performance.now();
      const status = await get('/rest/v1/bench_rows?select=id,title&id=eq.' + ((i % 1000) + 1));
      latencies.push(performance.now() - t);
      if (status !== 200) failures++;
    }
  }));
  agent.destroy();
  parentPort.postMessage({ latencies, failures });
})();
`;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-stack-'));
const options = { ...appStackOptions(), dataDir, apiPort: await freePort(), dbPort: await freePort(), quiet: true };
try {
  const cold = await timedStart(options);
  await cold.stack.stop();
  const { stack, ms: warmMs } = await timedStart(options);

  const db = new pg.Client({ connectionString: stack.dbUrl });
  await db.connect();
  await db.query(`create table public.bench_rows (id int primary key, title text not null);
    alter table public.bench_rows enable row level security;
    create policy bench_read on public.bench_rows for select to anon using (true);
    grant select on public.bench_rows to anon;
    insert into public.bench_rows select g, 'Titre ' || g from generate_series(1, 1000) g;`);
  await db.end();

  // The load runs on its own thread so the client does not compete with the gateway's event loop.
  const worker = new Worker(LOAD_SCRIPT, {
    eval: true,
    workerData: { port: options.apiPort, apikey: stack.anonKey, CONNECTIONS, DURATION_MS },
  });
  const { latencies, failures } = await new Promise<{ latencies: number[]; failures: number }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });

  const rssBefore = postgrestRssKb();
  const oversizedStatus = await sendOversizedBody(stack.apiUrl, stack.anonKey, 80);
  const rssAfter = postgrestRssKb();
  console.error('Building the site for the attack figures...');
  let flood: ReaderFlood | undefined;
  const attack = await categoryUnderAttack(stack, dataDir, undefined, undefined, async (page) => {
    flood = await categoryUnderReaders(stack, page);
  });
  await stack.stop();

  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))].toFixed(2);
  console.log(`
Local stack benchmark (${os.cpus().length} cores, ${os.cpus()[0]?.model ?? 'cpu'})
  cold start (new data folder: initdb, bootstrap, migrations, seed)  ${(cold.ms / 1000).toFixed(2)} s
  warm start (existing data folder)                                  ${(warmMs / 1000).toFixed(2)} s
  single-row REST reads via gateway, ${CONNECTIONS} connections, ${DURATION_MS / 1000} s
    requests   ${latencies.length} (${failures} non-200)
    throughput ${(latencies.length / (DURATION_MS / 1000)).toFixed(0)} reads/s   (goal >= 1000)
    latency    p50 ${pct(50)} ms   p95 ${pct(95)} ms   p99 ${pct(99)} ms   (goal p99 <= 20 ms)
  an 80 MB JSON body streamed to /rest/v1 (no Content-Length)
    answer ${oversizedStatus}; PostgREST memory ${(rssBefore / 1024).toFixed(1)} MB before, ${(rssAfter / 1024).toFixed(1)} MB after   (goal: unchanged)
  server-rendered /category/politique while 24 anonymous clients send back-reference regex filters
    ${attack.samples.length} page loads (${attack.stale} served from the site's last good render), ${attack.attackRequests} attack requests
    latency    p50 ${percentile(attack.samples, 50).toFixed(0)} ms   p95 ${percentile(attack.samples, 95).toFixed(0)} ms   (goal p95 < 1000 ms)
  the same page quiet, then while ${READER_LOOPS} signed-in reader loops send the same filters (one run)
    quiet      p50 ${percentile(flood!.quiet.samples, 50).toFixed(0)} ms   p95 ${percentile(flood!.quiet.samples, 95).toFixed(0)} ms   (${flood!.quiet.samples.length} loads)
    readers    p50 ${percentile(flood!.readers.samples, 50).toFixed(0)} ms   p95 ${percentile(flood!.readers.samples, 95).toFixed(0)} ms   (${flood!.readers.samples.length} loads, ${flood!.readers.stale} from the last good render; ${flood!.readers.attackRequests} reader requests, ${flood!.readers.cut} cut by the 3 s timeout)`);
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
