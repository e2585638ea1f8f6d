import { spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';

/** What the OS says about a running process. */
export interface ProcessInfo {
  pid: number;
  ppid: number;
  /** Process group: a terminal's Ctrl-C and hang-up go to a whole group. */
  pgid: number;
  /** Its command line, space-separated. */
  args: string;
}

/**
 * A process's parent, group and command line, or null when it is gone. A zombie (exited, not yet
 * reaped by its parent) counts as gone: kill(pid, 0) still succeeds on one.
 */
export function processInfo(pid: number): ProcessInfo | null {
  if (!Number.isInteger(pid) || pid <= 0) return null;
  if (process.platform === 'linux') {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      // "pid (comm) state ppid pgrp …": comm may hold spaces and parentheses, so split after the last ')'.
      const [state, ppid, pgid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (state === 'Z' || state === 'X') return null;
      const args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
      return { pid, ppid: Number(ppid), pgid: Number(pgid), args };
    } catch {
      return null;
    }
  }
  const ps = spawnSync('ps', ['-o', 'stat=,ppid=,pgid=,args=', '-p', String(pid)], { encoding: 'utf8' });
  const m = /^\s*(\S+)\s+(\d+)\s+(\d+)\s+(.*)$/.exec(ps.stdout?.trim() ?? '');
  if (!m || m[1]!.startsWith('Z')) return null;
  return { pid, ppid: Number(m[2]), pgid: Number(m[3]), args: m[4]! };
}

export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    // EPERM: it exists but belongs to another user (Postgres runs as `postgres` under root).
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  return process.platform !== 'linux' || processInfo(pid) !== null;
}

/** One step of a shutdown: send this signal, then wait this long for the process to go. */
export type StopStep = readonly [signal: NodeJS.Signals, waitMs: number];

/**
 * Sends each signal in turn until the process is gone, waiting at most each step's time: always
 * returns, whether the process was already gone, goes at once, or has to be killed.
 */
export async function terminate(pid: number, steps: readonly StopStep[]): Promise<boolean> {
  for (const [signal, waitMs] of steps) {
    if (!isRunning(pid)) return true;
    try {
      process.kill(pid, signal);
    } catch {
      return !isRunning(pid);
    }
    const deadline = Date.now() + waitMs;
    while (Date.now() < deadline) {
      if (!isRunning(pid)) return true;
      await new Promise((r) => setTimeout(r, 25));
    }
  }
  return !isRunning(pid);
}

/** Whether any live (non-zombie) process is still in group `pgid`. */
function groupIsAlive(pgid: number): boolean {
  if (process.platform !== 'linux') {
    try {
      process.kill(-pgid, 0);
      return true;
    } catch (err) {
      return (err as NodeJS.ErrnoException).code === 'EPERM';
    }
  }
  return fs.readdirSync('/proc').some((entry) => /^\d+$/.test(entry) && processInfo(Number(entry))?.pgid === pgid);
}

/**
 * Kills what is left of a process group (the backends of a postmaster killed outright keep its
 * shared memory until they go) and waits, at most `waitMs`, until none of it runs: a postmaster
 * started before they are gone refuses ("pre-existing shared memory block is still in use").
 */
export async function killGroup(pgid: number, waitMs = 10_000): Promise<void> {
  try {
    process.kill(-pgid, 'SIGKILL');
  } catch {
    return; // Nothing left of it.
  }
  const deadline = Date.now() + waitMs;
  while (groupIsAlive(pgid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
}

/**
 * Postgres and PostgREST run in their own process group (`detached`), so that a terminal's Ctrl-C
 * reaches this process only and it can close its own connections before stopping them. In
 * exchange, they must be stopped from here whatever ends this process: the 'exit' handler sends
 * each its first stop signal when the process exits without stopping them (an uncaught error,
 * process.exit), stopChildren stops them in order, forceStopChildren kills them at once.
 */
const children = new Map<number, { name: string; steps: readonly StopStep[] }>();

export function trackChild(proc: ChildProcess, name: string, steps: readonly StopStep[]): void {
  const pid = proc.pid;
  if (pid === undefined) return;
  children.set(pid, { name, steps });
  proc.once('exit', () => children.delete(pid));
}

/** Stops the servers still running, the last started first (PostgREST before its database). */
export async function stopChildren(): Promise<void> {
  for (const [pid, { steps }] of [...children].reverse()) await terminate(pid, steps);
}

export function forceStopChildren(): void {
  for (const pid of children.keys()) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}

process.on('exit', () => {
  for (const [pid, { steps }] of children) {
    try {
      process.kill(pid, steps[0]![0]);
    } catch {
      // Already gone.
    }
  }
});

export function writePidFile(file: string, pid: number): void {
  fs.writeFileSync(file, `${pid}\n`);
}

export function readPidFile(file: string): number | null {
  try {
    const pid = Number(fs.readFileSync(file, 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

export function removePidFile(file: string, pid: number): void {
  // Only our own: a later stack may already have written its pid there.
  if (readPidFile(file) === pid) fs.rmSync(file, { force: true });
}

/** Waits for `work`, but no longer than `ms`: a shutdown step that hangs must not hold up the next. */
export async function within(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([work.catch(() => undefined), new Promise((r) => (timer = setTimeout(r, ms)))]);
  clearTimeout(timer);
}
