import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { JWT_SECRET } from './config.ts';
import { connectionString } from './db.ts';
import { removePidFile, terminate, trackChild, writePidFile, type StopStep } from './processes.ts';
import { postgrestBinary } from './postgrestBinary.ts';
import { exitDescription } from './postgresServer.ts';

export const POSTGREST_STOP: readonly StopStep[] = [
  ['SIGTERM', 2000],
  ['SIGKILL', 500],
];

export interface RunningPostgrest {
  port: number;
  pid: number;
  /** Resolves when PostgREST has exited, saying how. */
  exited: Promise<string>;
  /** Its last output lines. */
  recentLog(): string;
  /** Always returns, in at most 2.5 s, even when PostgREST is already gone. */
  stop(): Promise<void>;
}

/**
 * The PostgREST settings of a data folder's stack, written at each start. Its path is PostgREST's
 * only argument, so that a next start tells this folder's PostgREST, left running by a stack
 * killed outright, from another stack's (orphans.ts): absolute, as the next start compares it.
 */
export const postgrestConfigFile = (dataDir: string) => path.resolve(dataDir, 'postgrest.conf');

function writeConfig(file: string, settings: Record<string, string | number | boolean>): void {
  const lines = Object.entries(settings).map(([key, value]) => {
    if (typeof value === 'string' && /["\\\n]/.test(value))
      throw new Error(`PostgREST setting ${key} cannot hold quotes, backslashes or newlines.`);
    return `${key} = ${typeof value === 'string' ? `"${value}"` : value}`;
  });
  // It holds the JWT secret and the authenticator's password: for this user only (PostgREST runs as
  // the stack's user; under root, Postgres's system user has no use for it).
  fs.rmSync(file, { force: true });
  fs.writeFileSync(file, `# Written by the local stack at each start: edits are lost.\n${lines.join('\n')}\n`, { mode: 0o600, flag: 'wx' });
}

/**
 * Runs PostgREST in its own process group (a terminal's Ctrl-C is the stack's to handle), its pid
 * written to `pidFile` so that a next start can stop it if this process is killed outright.
 */
export async function startPostgrest(opts: {
  dbPort: number;
  port: number;
  publicUrl: string;
  pidFile: string;
  configFile: string;
}): Promise<RunningPostgrest> {
  const output: string[] = [];
  writeConfig(opts.configFile, {
    'db-uri': connectionString(opts.dbPort, 'authenticator'),
    'db-schemas': 'public,graphql_public',
    'db-anon-role': 'anon',
    'jwt-secret': JWT_SECRET,
    'db-pool': 20,
    'db-channel-enabled': true,
    'db-max-rows': 1000,
    'openapi-server-proxy-uri': `${opts.publicUrl}/rest/v1`,
    'server-host': '127.0.0.1',
    'server-port': opts.port,
    'log-level': 'error',
  });
  const proc: ChildProcess = spawn(postgrestBinary(), [opts.configFile], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    // No PGRST_ variable of this process's environment: they would override the file.
    env: { PATH: process.env.PATH },
  });
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 40) output.shift();
  };
  proc.stdout!.on('data', keep);
  proc.stderr!.on('data', keep);
  proc.once('error', (err) => keep(Buffer.from(err.message)));
  const pid = proc.pid;
  if (pid === undefined) throw new Error('PostgREST could not be run');
  trackChild(proc, 'PostgREST', POSTGREST_STOP);
  const exited = exitDescription(proc);
  writePidFile(opts.pidFile, pid);
  const stop = async () => {
    await terminate(pid, POSTGREST_STOP);
    removePidFile(opts.pidFile, pid);
  };

  const deadline = Date.now() + 15_000;
  for (;;) {
    const ready = await fetch(`http://127.0.0.1:${opts.port}/`, { signal: AbortSignal.timeout(1000) })
      .then((r) => r.status < 500)
      .catch(() => false);
    if (ready) break;
    if (proc.exitCode !== null || Date.now() > deadline) {
      await terminate(pid, [['SIGKILL', 1000]]);
      removePidFile(opts.pidFile, pid);
      throw new Error(`PostgREST did not start:\n${output.join('').trim()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  return { port: opts.port, pid, exited, recentLog: () => output.join(''), stop };
}
