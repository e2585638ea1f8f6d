import fs from 'node:fs';
import path from 'node:path';
import { postgrestConfigFile, POSTGREST_STOP } from './postgrest.ts';
import { POSTGRES_STOP } from './postgresServer.ts';
import { isRunning, processInfo, readPidFile, removePidFile, terminate, writePidFile, type ProcessInfo } from './processes.ts';

/**
 * A data folder's pid files: the stack process that runs it, its PostgREST, and Postgres's own
 * lock file. Postgres and PostgREST run detached from the stack's process (see processes.ts), so
 * a stack killed outright (SIGKILL, the OOM killer) leaves them running,
 * holding the database port and the data folder; the next start finds them here.
 */
export function pidFiles(dataDir: string) {
  return {
    stack: path.join(dataDir, 'stack.pid'),
    postgrest: path.join(dataDir, 'postgrest.pid'),
    postgres: path.join(dataDir, 'postgres', 'postmaster.pid'),
  };
}

const basename = (args: string) => path.basename(args.split(' ')[0] ?? '');

/**
 * Takes the data folder for this process: stops the Postgres and PostgREST that a killed stack
 * left running on it (one line says so), refuses when a live stack still runs them, and records
 * this process as the folder's stack. Returns the release to call once the stack has stopped.
 */
export async function claimDataFolder(dataDir: string, log: (line: string) => void = console.log): Promise<() => void> {
  const files = pidFiles(dataDir);
  const owner = readPidFile(files.stack);
  const postgresPid = readPidFile(files.postgres);
  const postgrestPid = readPidFile(files.postgrest);
  const postgres = postgresPid === null ? null : processInfo(postgresPid);
  const postgrest = postgrestPid === null ? null : processInfo(postgrestPid);

  const ourPostgres = postgres && /^postgres(\.exe)?$/.test(basename(postgres.args)) ? postgres : null;
  // Its pid reused since by another stack's PostgREST (tests run several at once) must not be
  // stopped: this folder's is the one started with this folder's settings file.
  const ourPostgrest =
    postgrest && basename(postgrest.args).startsWith('postgrest') && postgrest.args.endsWith(` ${postgrestConfigFile(dataDir)}`)
      ? postgrest
      : null;
  // A server whose parent is still the stack that started it is not an orphan: that stack is running.
  const liveOwner = [ourPostgres, ourPostgrest].find((p): p is ProcessInfo => !!p && isStackProcess(p.ppid, owner));
  if (liveOwner) {
    throw new Error(
      `The data folder ${dataDir} is in use by a running local stack (process ${liveOwner.ppid}): stop it first (Ctrl-C where it runs, or kill ${liveOwner.ppid}).`,
    );
  }
  // spawnPostgres gives the folder as an absolute path.
  if (ourPostgres && !ourPostgres.args.includes(`-D ${path.resolve(dataDir, 'postgres')} `)) {
    throw new Error(
      `${files.postgres} names process ${ourPostgres.pid}, a PostgreSQL server of another data folder (${ourPostgres.args}): is this folder a copy of a running one? Stop that server or remove the file.`,
    );
  }

  const stopped: string[] = [];
  if (ourPostgrest && (await terminate(ourPostgrest.pid, POSTGREST_STOP))) stopped.push(`PostgREST (pid ${ourPostgrest.pid})`);
  if (ourPostgres && (await terminate(ourPostgres.pid, POSTGRES_STOP))) stopped.push(`PostgreSQL (pid ${ourPostgres.pid})`);
  for (const p of [ourPostgres, ourPostgrest]) {
    if (p && isRunning(p.pid))
      throw new Error(`Could not stop process ${p.pid} (${p.args}), left running on ${dataDir} by an earlier stack.`);
  }
  if (postgresPid !== null && !ourPostgres && postgres) {
    // The pid of a server killed outright, reused since by an unrelated process: Postgres would
    // take that process for a server still running and refuse to start.
    fs.rmSync(files.postgres, { force: true });
  }
  if (postgrestPid !== null) fs.rmSync(files.postgrest, { force: true });
  if (postgresPid !== null && !postgres) await untilReaped(postgresPid, 5000);
  if (stopped.length) {
    log(`Stopped ${stopped.join(' and ')}, left running on ${dataDir} by a stack that was killed before it could stop them.`);
  }

  fs.mkdirSync(dataDir, { recursive: true });
  writePidFile(files.stack, process.pid);
  return () => removePidFile(files.stack, process.pid);
}

/**
 * A server killed outright stays a zombie until its new parent reaps it, which init may take a
 * second or two to do; Postgres would take it for a server still running and refuse to start.
 */
async function untilReaped(pid: number, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      process.kill(pid, 0);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ESRCH') return;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Whether `pid` is a live process that runs a stack: the one the folder records, or (no record) a node process. */
function isStackProcess(pid: number, recorded: number | null): boolean {
  const info = processInfo(pid);
  if (!info) return false;
  return recorded !== null ? pid === recorded : /^node/.test(basename(info.args));
}
