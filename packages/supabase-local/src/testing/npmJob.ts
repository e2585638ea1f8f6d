import { spawn, type ChildProcess } from 'node:child_process';
import { expect } from 'vitest';
import type { StackOptions } from '../config.ts';

/**
 * `npm start`, `npm run stack` or `npm run dev` as a terminal or a supervisor runs them: npm in its
 * own process group, signalled each way. Shared by signals.test.ts, restarts.test.ts and
 * src/server/npmStart.int.test.ts.
 */

/** [signal, sent to npm alone ('top') or to its whole process group, who sends it that way]. */
export const JOB_SIGNALS = [
  ['SIGINT', 'group', 'Ctrl-C in its terminal'],
  ['SIGINT', 'top', 'kill -INT of npm'],
  ['SIGTERM', 'top', 'a supervisor, CI runner or timeout stopping npm'],
  ['SIGTERM', 'group', 'kill -TERM of the whole job'],
  ['SIGHUP', 'top', 'kill -HUP of npm alone, which npm does not pass on'],
  ['SIGHUP', 'group', 'its terminal closing'],
] as const;

export interface NpmJob {
  child: ChildProcess;
  /** stdout and stderr so far, interleaved as they came. */
  output(): string;
  /** npm's exit code (null when a signal ended it). */
  exited: Promise<number | null>;
}

/** `npm <args>` in its own process group and session, as a shell gives a job: the group is what a terminal signals. */
export function startNpmJob(args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): NpmJob {
  const child = spawn('npm', args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  child.stdout!.on('data', (c) => (out += c));
  child.stderr!.on('data', (c) => (out += c));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

/** Waits until the job prints `text` or exits (the caller then asserts which). */
export async function untilPrinted(job: NpmJob, text: string, poll: { timeout: number; interval: number }): Promise<void> {
  await expect.poll(() => job.output().includes(text) || job.child.exitCode !== null, poll).toBe(true);
}

/** The environment that runs `npm run stack` / `npm run dev` on `opts`' data folder and ports. */
export function stackEnv(opts: StackOptions): NodeJS.ProcessEnv {
  return {
    SUPABASE_LOCAL_DATA_DIR: opts.dataDir,
    SUPABASE_LOCAL_API_PORT: String(opts.apiPort),
    SUPABASE_LOCAL_DB_PORT: String(opts.dbPort),
    // 0: any free port, so that runs side by side do not compete for 54324.
    SUPABASE_LOCAL_INBOX_PORT: '0',
  };
}

/** Sends `signal` to `pid` (a negative pid: its process group), if it is still there. */
export function kill(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // Gone already.
  }
}
