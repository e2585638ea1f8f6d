import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import ws from 'ws';
import { ANON_KEY, defaultStackOptions, type StackOptions } from '../src/config.ts';
import { pidFiles } from '../src/orphans.ts';
import { assertPortFree, freePort } from '../src/ports.ts';
import { isRunning, readPidFile } from '../src/processes.ts';
import { startStack, type RunningStack } from '../src/stack.ts';
import { MAX_RESTARTS } from '../src/supervisor.ts';
import { kill, startNpmJob, stackEnv, untilPrinted } from '../src/testing/npmJob.ts';

/**
 * Postgres or PostgREST dying under a running stack (the OOM killer, a crash): the stack starts
 * it again, up to MAX_RESTARTS times, then stops with the reason instead of answering 503.
 * One full start prepares the data folder; the runs after it only restart.
 */
let opts: StackOptions;
const SLOW = 180_000;

beforeAll(async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stack-restarts-'));
  opts = { ...defaultStackOptions(), dataDir, apiPort: await freePort(), dbPort: await freePort(), quiet: true };
  await (await startStack(opts, { durable: false })).stop();
}, SLOW);

afterAll(() => {
  if (opts) fs.rmSync(opts.dataDir, { recursive: true, force: true });
});

const pids = () => ({ postgres: readPidFile(pidFiles(opts.dataDir).postgres)!, postgrest: readPidFile(pidFiles(opts.dataDir).postgrest)! });

/** What a reader does: a REST read and a sign-in, both through the gateway. */
async function theApiAnswers(): Promise<boolean> {
  const sb = createClient(`http://127.0.0.1:${opts.apiPort}`, ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws as never },
  });
  const read = await sb.from('categories').select('slug').limit(1);
  if (read.error || read.data.length !== 1) return false;
  const signIn = await sb.auth.signInWithPassword({ email: 'admin@afrique-actu.local', password: 'admin-local-123' });
  return signIn.error === null;
}

/** Kills the server outright and waits until another one of that kind answers through the API. */
async function killAndWaitForRestart(which: 'postgres' | 'postgrest'): Promise<void> {
  // A server just started again may not have written its pid file yet.
  await expect.poll(() => pids()[which], { timeout: 10_000 }).not.toBeNull();
  const before = pids();
  process.kill(before[which], 'SIGKILL');
  await expect.poll(() => isRunning(before[which]), { timeout: 5000 }).toBe(false);
  await expect.poll(async () => pids()[which] !== before[which] && (await theApiAnswers()), { timeout: 30_000, interval: 250 }).toBe(true);
  expect(isRunning(pids()[which])).toBe(true);
}

describe('a server dying under a running stack', () => {
  let stack: RunningStack | undefined;
  // A failed test must not leave its servers running.
  afterEach(async () => {
    await stack?.stop();
    stack = undefined;
  });

  it(
    'is started again: the API answers after Postgres’ postmaster, then PostgREST, are killed -9',
    async () => {
      const gaveUp: string[] = [];
      stack = await startStack(opts, { durable: false, onGiveUp: (message) => gaveUp.push(message) });
      expect(await theApiAnswers()).toBe(true);
      await killAndWaitForRestart('postgres');
      await killAndWaitForRestart('postgrest');
      expect(gaveUp).toEqual([]);
      await stack.stop();
      stack = undefined;
      await assertPortFree(opts.dbPort, 'PostgreSQL');
    },
    SLOW,
  );

  it(
    `npm run stack exits 1 with the reason when Postgres dies a ${MAX_RESTARTS + 1}th time, leaving nothing running`,
    async () => {
      const npm = startNpmJob(['run', 'stack'], { cwd: process.cwd(), env: stackEnv(opts) });
      try {
        await untilPrinted(npm, 'Ctrl-C to stop.', { timeout: 90_000, interval: 200 });
        for (let i = 1; i <= MAX_RESTARTS; i++) await killAndWaitForRestart('postgres');
        expect(npm.output()).toContain(`restart ${MAX_RESTARTS} of ${MAX_RESTARTS} allowed within 10 minutes`);
        const last = pids();
        process.kill(last.postgres, 'SIGKILL');
        expect(await npm.exited).toBe(1);
        expect(npm.output()).toMatch(
          new RegExp(
            `PostgreSQL \\(pid ${last.postgres}\\) exited unexpectedly \\(signal SIGKILL\\), its ${MAX_RESTARTS + 1}th time within 10 minutes: the local stack stops rather than answer 503`,
          ),
        );
        expect(npm.output().trim().split('\n').at(-1)).toBe('Local Supabase stack stopped.');
        expect(isRunning(last.postgrest)).toBe(false);
        await assertPortFree(opts.apiPort, 'API gateway');
        await assertPortFree(opts.dbPort, 'PostgreSQL');
      } finally {
        kill(-npm.child.pid!, 'SIGKILL'); // gone, as it should be, unless a step above failed
      }
    },
    SLOW,
  );
});
