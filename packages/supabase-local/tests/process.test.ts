import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultStackOptions, type StackOptions } from '../src/config.ts';
import { freePort } from '../src/ports.ts';
import { startStack, type RunningStack } from '../src/stack.ts';

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
// tests that make one get a minute.
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
    'refuses a second start on the same ports or the same data folder at once, leaving the running stack alone',
    async () => {
      const opts = await options();
      const stack = await startStack(opts, { durable: false });
      running.push(stack);
      const t0 = Date.now();
      const otherDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stack-second-'));
      dirs.push(otherDir);
      await expect(startStack({ ...opts, dataDir: otherDir })).rejects.toThrow(
        new RegExp(`Port ${opts.apiPort} \\(API gateway\\) is already in use`),
      );
      expect(Date.now() - t0).toBeLessThan(1000);
      // Its Postgres and PostgREST are not a killed stack's leftovers: a start on its folder must not stop them.
      await expect(startStack({ ...opts, apiPort: await freePort(), dbPort: await freePort() })).rejects.toThrow(
        `The data folder ${opts.dataDir} is in use by a running local stack (process ${process.pid})`,
      );
      expect(await query(stack.dbUrl, 'select 1 as ok')).toEqual([{ ok: 1 }]);
    },
    FULL_START_MS,
  );
});
