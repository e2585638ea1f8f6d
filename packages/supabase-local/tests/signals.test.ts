import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ANON_KEY, defaultStackOptions, SERVICE_ROLE_KEY, type StackOptions } from '../src/config.ts';
import { connectionString } from '../src/db.ts';
import { claimDataFolder, pidFiles } from '../src/orphans.ts';
import { assertPortFree, freePort } from '../src/ports.ts';
import { postgrestConfigFile } from '../src/postgrest.ts';
import { isRunning, processInfo, readPidFile } from '../src/processes.ts';
import { startStack } from '../src/stack.ts';
import { JOB_SIGNALS, kill, startNpmJob, stackEnv, untilPrinted, type NpmJob } from '../src/testing/npmJob.ts';

/**
 * The stack as a terminal or a supervisor runs it: `npm run stack` in its own process group (as a
 * shell's job), signalled each way, with the processes it runs checked by pid. One full start
 * prepares the data folder; each run after it only restarts (a few seconds).
 */
let opts: StackOptions;
const started: Launched[] = [];

beforeAll(async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stack-signals-'));
  opts = { ...defaultStackOptions(), dataDir, apiPort: await freePort(), dbPort: await freePort(), quiet: true };
  const stack = await startStack(opts);
  await stack.stop();
}, 180_000);

afterEach(() => {
  // A failed test must not leave its processes behind for the next one.
  for (const run of started.splice(0)) {
    for (const pid of [run.npm, run.pids.stack, run.pids.postgrest]) kill(pid, 'SIGKILL');
    kill(-run.pids.postgres, 'SIGKILL');
  }
});

afterAll(() => {
  if (opts) fs.rmSync(opts.dataDir, { recursive: true, force: true });
});

interface Launched extends NpmJob {
  npm: number;
  pids: { stack: number; postgres: number; postgrest: number };
}

const READY = 'Ctrl-C to stop.';

async function launch(script: 'stack' | 'dev' = 'stack', env: NodeJS.ProcessEnv = {}): Promise<Launched> {
  const job = startNpmJob(['run', script], { cwd: process.cwd(), env: { ...stackEnv(opts), ...env } });
  await untilPrinted(job, READY, { timeout: 90_000, interval: 200 });
  expect(job.output()).toContain(READY);
  const files = pidFiles(opts.dataDir);
  const pids = { stack: readPidFile(files.stack)!, postgres: readPidFile(files.postgres)!, postgrest: readPidFile(files.postgrest)! };
  const run = { npm: job.child.pid!, pids, ...job };
  started.push(run);
  for (const pid of Object.values(pids)) expect(isRunning(pid)).toBe(true);
  return run;
}

/** Requests that leave idle connections in the auth and storage pools, which a careless stop reports as errors. */
async function useTheStack(): Promise<void> {
  const api = `http://127.0.0.1:${opts.apiPort}`;
  const calls = [
    fetch(`${api}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@afrique-actu.local', password: 'admin-local-123' }),
    }),
    fetch(`${api}/storage/v1/bucket`, { headers: { apikey: SERVICE_ROLE_KEY, authorization: `Bearer ${SERVICE_ROLE_KEY}` } }),
    fetch(`${api}/rest/v1/categories?select=slug`, { headers: { apikey: ANON_KEY } }),
  ];
  for (const res of await Promise.all([...calls, ...calls])) expect(res.status).toBe(200);
}

/** Milliseconds until the stack's node process, Postgres and PostgREST are all gone (or 15 s). */
async function timeUntilGone(run: Launched, since: number): Promise<number> {
  while (Object.values(run.pids).some(isRunning) && Date.now() - since < 15_000) await new Promise((r) => setTimeout(r, 25));
  return Date.now() - since;
}

async function expectAllGone(run: Launched, since: number, what: string): Promise<void> {
  const ms = await timeUntilGone(run, since);
  console.log(`${what}: node, postgres and postgrest gone ${ms} ms after the signal`);
  expect(Object.entries(run.pids).filter(([, pid]) => isRunning(pid))).toEqual([]);
  expect(ms).toBeLessThan(10_000);
  await Promise.race([run.exited, new Promise((r) => setTimeout(r, 10_000 - Math.min(ms, 9_000)))]);
  expect(run.child.exitCode !== null || run.child.signalCode !== null).toBe(true);
  await assertPortFree(opts.apiPort, 'API gateway');
  await assertPortFree(opts.dbPort, 'PostgreSQL');
}

const SLOW = 180_000;

describe('npm run stack and npm run dev, signalled', () => {
  it.each(JOB_SIGNALS)(
    'stops Postgres and PostgREST within 10 s and exits, quietly, on %s to the %s (%s)',
    async (signal, target, _as) => {
      const run = await launch();
      await useTheStack();
      const t0 = Date.now();
      process.kill(target === 'group' ? -run.npm : run.npm, signal);
      await expectAllGone(run, t0, `${signal} to the ${target}`);
      // One line says it stopped: no "terminating connection due to administrator command", no error.
      const after = run.output().slice(run.output().indexOf(READY) + READY.length);
      expect(after.split('\n').filter((l) => l.trim())).toEqual([expect.stringMatching(/^Local Supabase stack stopped( \(.*\))?\.$/)]);
    },
    SLOW,
  );

  it(
    'npm run dev: Ctrl-C stops the site, PostgREST and Postgres within 10 s',
    async () => {
      const port = await freePort();
      const run = await launch('dev', { PORT: String(port), SITE_URL: `http://127.0.0.1:${port}` });
      expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);
      await useTheStack();
      const t0 = Date.now();
      process.kill(-run.npm, 'SIGINT');
      await expectAllGone(run, t0, 'npm run dev, SIGINT to the group');
      await assertPortFree(port, 'site');
      expect(run.output()).not.toMatch(/terminating connection|idle client error/);
      expect(run.output().trim().split('\n').at(-1)).toBe('Local Supabase stack stopped.');
    },
    SLOW,
  );

  it(
    'after a SIGKILL of the stack, the next start stops the Postgres and PostgREST it left, says so, and starts',
    async () => {
      const first = await launch();
      process.kill(first.pids.stack, 'SIGKILL');
      await first.exited;
      // The orphans: still running, holding the database port and the data folder.
      expect(isRunning(first.pids.postgres)).toBe(true);
      expect(isRunning(first.pids.postgrest)).toBe(true);

      const second = await launch();
      expect(second.output()).toContain(
        `Stopped PostgREST (pid ${first.pids.postgrest}) and PostgreSQL (pid ${first.pids.postgres}), left running on ${opts.dataDir}`,
      );
      expect(isRunning(first.pids.postgres)).toBe(false);
      expect(isRunning(first.pids.postgrest)).toBe(false);
      await useTheStack();
      const t0 = Date.now();
      process.kill(second.npm, 'SIGTERM');
      await expectAllGone(second, t0, 'SIGTERM after an orphan clean-up');
    },
    SLOW,
  );

  it(
    'loses no committed row when the stack and Postgres are killed -9 during a burst of writes',
    async () => {
      const first = await launch();
      const db = new pg.Client({ connectionString: connectionString(opts.dbPort) });
      db.on('error', () => undefined);
      await db.connect();
      await db.query('drop table if exists public.crash_probe; create table public.crash_probe (id int primary key)');
      await db.end();

      // Four writers commit one row per transaction; a row counts once its commit is acknowledged.
      const committed: number[] = [];
      let next = 0;
      let crashed = false;
      const writer = async () => {
        const c = new pg.Client({ connectionString: connectionString(opts.dbPort) });
        c.on('error', () => undefined);
        await c.connect();
        while (!crashed) {
          const id = next++;
          try {
            await c.query('insert into public.crash_probe values ($1)', [id]);
            committed.push(id);
          } catch {
            break;
          }
        }
        await c.end().catch(() => undefined);
      };
      const writers = Promise.all([writer(), writer(), writer(), writer()]);
      await expect.poll(() => committed.length, { timeout: 30_000, interval: 20 }).toBeGreaterThan(300);
      // The real crash: the stack and every Postgres process at once (Postgres has its own process group).
      kill(first.pids.stack, 'SIGKILL');
      kill(-first.pids.postgres, 'SIGKILL');
      crashed = true;
      await writers;
      await first.exited;

      const second = await launch();
      const check = new pg.Client({ connectionString: connectionString(opts.dbPort) });
      await check.connect();
      const { rows } = await check.query<{ id: number }>('select id from public.crash_probe');
      await check.query('drop table public.crash_probe');
      await check.end();
      const stored = new Set(rows.map((r) => r.id));
      expect(committed.filter((id) => !stored.has(id))).toEqual([]);
      // At most the four commits in flight at the kill may have landed without their acknowledgement.
      expect(rows.length - committed.length).toBeLessThanOrEqual(4);
      console.log(`kill -9 during writes: ${committed.length} acknowledged commits, ${rows.length} rows after the restart`);
      process.kill(-second.npm, 'SIGINT');
      await expectAllGone(second, Date.now(), 'SIGINT after crash recovery');
    },
    SLOW,
  );
});

describe('SUPABASE_LOCAL_DETACHED=1, for a stack started in the background (nohup, a script)', () => {
  it(
    'keeps running when its terminal closes and the script that started it exits, and stops on SIGTERM',
    async () => {
      const run = await launch('stack', { SUPABASE_LOCAL_DETACHED: '1' });
      process.kill(-run.npm, 'SIGHUP');
      kill(run.npm, 'SIGKILL');
      // Longer than the launcher watch's interval (500 ms).
      await new Promise((r) => setTimeout(r, 2000));
      expect(Object.entries(run.pids).filter(([, pid]) => !isRunning(pid))).toEqual([]);
      await useTheStack();
      expect(run.output()).toContain('Detached (SUPABASE_LOCAL_DETACHED=1)');
      const t0 = Date.now();
      process.kill(run.pids.stack, 'SIGTERM');
      await expectAllGone(run, t0, 'SIGTERM to a detached stack');
    },
    SLOW,
  );
});

/** The pid of a process that has exited: what a killed stack's stack.pid names. */
const deadPid = () => spawnSync('true').pid;

describe('stale pid files', () => {
  it(
    'naming a live process that is not this folder’s PostgREST (another stack’s, or any other) are left alone, and the start goes on',
    async () => {
      // Another stack, on another folder: the test suite runs several at once.
      const other = await startStack(opts);
      const sleeper = spawn('sleep', ['60'], { stdio: 'ignore' });
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stack-stale-'));
      try {
        const otherPostgrest = readPidFile(pidFiles(opts.dataDir).postgrest)!;
        // PostgREST is told its folder by its settings file, which holds the JWT secret: the stack's user's only.
        expect(processInfo(otherPostgrest)!.args).toMatch(new RegExp(` ${postgrestConfigFile(opts.dataDir)}$`));
        expect(fs.statSync(postgrestConfigFile(opts.dataDir)).mode & 0o077).toBe(0);
        const files = pidFiles(dataDir);
        for (const pid of [otherPostgrest, sleeper.pid!]) {
          // A stack killed -9 on this folder, whose PostgREST's pid was reused since.
          fs.writeFileSync(files.stack, `${deadPid()}\n`);
          fs.writeFileSync(files.postgrest, `${pid}\n`);
          const said: string[] = [];
          const release = await claimDataFolder(dataDir, (line) => said.push(line));
          expect(readPidFile(files.stack)).toBe(process.pid);
          release();
          expect(said).toEqual([]);
          expect(isRunning(pid)).toBe(true);
        }
        await useTheStack();
      } finally {
        sleeper.kill('SIGKILL');
        await other.stop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
    SLOW,
  );

  it(
    'of a stack killed on a data folder given as a relative path: its servers are stopped, not taken for another folder’s',
    async () => {
      const relative = path.relative(process.cwd(), opts.dataDir);
      expect(path.isAbsolute(relative)).toBe(false);
      const stack = await startStack({ ...opts, dataDir: relative });
      const files = pidFiles(opts.dataDir);
      const servers = { postgres: readPidFile(files.postgres)!, postgrest: readPidFile(files.postgrest)! };
      // As a stack killed -9 leaves it: its record names a process that is gone.
      fs.writeFileSync(files.stack, `${deadPid()}\n`);
      const said: string[] = [];
      try {
        (await claimDataFolder(relative, (line) => said.push(line)))();
        expect(said).toEqual([
          `Stopped PostgREST (pid ${servers.postgrest}) and PostgreSQL (pid ${servers.postgres}), left running on ${relative} by a stack that was killed before it could stop them.`,
        ]);
        expect(isRunning(servers.postgres) || isRunning(servers.postgrest)).toBe(false);
      } finally {
        await stack.stop();
      }
    },
    SLOW,
  );
});

describe('stack.stop()', () => {
  it(
    'returns at once when Postgres and PostgREST are already gone',
    async () => {
      const stack = await startStack(opts);
      const files = pidFiles(opts.dataDir);
      const postgres = readPidFile(files.postgres)!;
      const postgrest = readPidFile(files.postgrest)!;
      kill(-postgres, 'SIGKILL');
      kill(postgrest, 'SIGKILL');
      await expect.poll(() => isRunning(postgres) || isRunning(postgrest), { timeout: 5000 }).toBe(false);
      const t0 = Date.now();
      await stack.stop();
      expect(Date.now() - t0).toBeLessThan(5000);
      expect(fs.existsSync(files.stack)).toBe(false);
    },
    SLOW,
  );
});
