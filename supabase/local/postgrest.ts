import { spawn, type ChildProcess } from 'node:child_process';
import { JWT_SECRET } from './config.ts';
import { connectionString } from './db.ts';
import { removePidFile, terminate, trackChild, writePidFile, type StopStep } from './processes.ts';
import { postgrestBinary } from './postgrestBinary.ts';

export { postgrestBinary };

export const POSTGREST_STOP: readonly StopStep[] = [
  ['SIGTERM', 2000],
  ['SIGKILL', 500],
];

export interface RunningPostgrest {
  port: number;
  /** Always returns, in at most 2.5 s, even when PostgREST is already gone. */
  stop(): Promise<void>;
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
}): Promise<RunningPostgrest> {
  const output: string[] = [];
  const proc: ChildProcess = spawn(postgrestBinary(), [], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH,
      PGRST_DB_URI: connectionString(opts.dbPort, 'authenticator'),
      PGRST_DB_SCHEMAS: 'public,graphql_public',
      PGRST_DB_ANON_ROLE: 'anon',
      PGRST_JWT_SECRET: JWT_SECRET,
      PGRST_DB_POOL: '20',
      PGRST_DB_CHANNEL_ENABLED: 'true',
      PGRST_DB_USE_LEGACY_GUCS: 'false',
      PGRST_DB_MAX_ROWS: '1000',
      PGRST_OPENAPI_SERVER_PROXY_URI: `${opts.publicUrl}/rest/v1`,
      PGRST_SERVER_HOST: '127.0.0.1',
      PGRST_SERVER_PORT: String(opts.port),
      PGRST_LOG_LEVEL: 'error',
    },
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

  return { port: opts.port, stop };
}
