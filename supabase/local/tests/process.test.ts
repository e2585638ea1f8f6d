import { spawn, execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultStackOptions, PROJECT_ROOT, type StackOptions } from '../config.ts';
import { freePort } from '../ports.ts';
import { startStack, type RunningStack } from '../stack.ts';

const dirs: string[] = [];
const running: RunningStack[] = [];
afterEach(async () => {
  for (const s of running.splice(0)) await s.stop();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

async function options(extra: Partial<StackOptions> = {}): Promise<StackOptions> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stack-process-'));
  dirs.push(dataDir);
  return { ...defaultStackOptions(), dataDir, apiPort: await freePort(), dbPort: await freePort(), quiet: true, ...extra };
}

async function query(dbUrl: string, sql: string) {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    return (await db.query(sql)).rows;
  } finally {
    await db.end();
  }
}

// A full start (migrations, seed and its images) takes 10 to 20 s on a busy 2-core machine:
// tests that make one get the time the SIGTERM test below already has.
const FULL_START_MS = 60_000;

describe('stack process', () => {
  it(
    'keeps data across a stop and a start',
    async () => {
      const opts = await options();
      const first = await startStack(opts, { durable: false });
      expect(first.created).toBe(true);
      await query(first.dbUrl, `create table public.keepme (v text); insert into public.keepme values ('toujours là')`);
      await first.stop();
      const second = await startStack(opts, { durable: false });
      running.push(second);
      expect(second.created).toBe(false);
      expect(await query(second.dbUrl, 'select v from public.keepme')).toEqual([{ v: 'toujours là' }]);
    },
    FULL_START_MS,
  );

  it('stops start-up on a broken migration, naming the file, and applies nothing of it', async () => {
    const migrationsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
    dirs.push(migrationsDir);
    fs.writeFileSync(path.join(migrationsDir, '20250101000000_good.sql'), 'create table public.good (id int);');
    fs.writeFileSync(path.join(migrationsDir, '20250101000001_broken.sql'), 'create table public.half (id int);\nselect * from nowhere;');
    const opts = await options({ migrationsDir, seedFile: null });
    await expect(startStack(opts, { durable: false })).rejects.toThrow(
      /20250101000001_broken\.sql.*relation "nowhere" does not exist \(line 2\)/,
    );

    // Fix the file: the next start applies both, which proves the failed run left nothing behind.
    fs.writeFileSync(path.join(migrationsDir, '20250101000001_broken.sql'), 'create table public.half (id int);');
    const stack = await startStack(opts, { durable: false });
    running.push(stack);
    const versions = await query(stack.dbUrl, 'select version from supabase_migrations.schema_migrations order by version');
    expect(versions.map((r) => r.version)).toEqual(['20250101000000', '20250101000001']);
  });

  it(
    'refuses a second start on the same ports at once, naming the busy port',
    async () => {
      const opts = await options();
      const stack = await startStack(opts, { durable: false });
      running.push(stack);
      const t0 = Date.now();
      await expect(startStack({ ...opts, dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'stack-second-')) })).rejects.toThrow(
        new RegExp(`Port ${opts.apiPort} \\(API gateway\\) is already in use`),
      );
      expect(Date.now() - t0).toBeLessThan(1000);
    },
    FULL_START_MS,
  );

  it(
    'leaves no postgres or postgrest process behind after SIGTERM',
    async () => {
      const opts = await options();
      const child = spawn(path.join(PROJECT_ROOT, 'node_modules/.bin/tsx'), ['supabase/local/cli.ts', 'stack'], {
        cwd: PROJECT_ROOT,
        env: {
          ...process.env,
          SUPABASE_LOCAL_DATA_DIR: opts.dataDir,
          SUPABASE_LOCAL_API_PORT: String(opts.apiPort),
          SUPABASE_LOCAL_DB_PORT: String(opts.dbPort),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.on('data', (c) => (out += c));
      child.stderr.on('data', (c) => (out += c));
      await expect.poll(() => out, { timeout: 45_000, interval: 200 }).toContain('Ctrl-C to stop');
      const ours = () =>
        execSync(`ps -eo args`)
          .toString()
          .split('\n')
          .filter((l) => l.includes(opts.dataDir) || l.includes(`-p ${opts.dbPort}`));
      expect(ours().length).toBeGreaterThan(0);
      // tsx forwards the signal to the CLI process, which stops every child before exiting.
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      await expect.poll(() => ours(), { timeout: 10_000 }).toEqual([]);
      const pgrest = execSync('ps -eo args')
        .toString()
        .split('\n')
        .filter((l) => /postgrest$/.test(l.trim()));
      expect(pgrest.filter((l) => l.includes(String(opts.dbPort)))).toEqual([]);
    },
    FULL_START_MS,
  );
});
