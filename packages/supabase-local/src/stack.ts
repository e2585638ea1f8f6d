import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createAuthHandler } from './auth/index.ts';
import { ANON_KEY, SERVICE_ROLE_KEY, type StackOptions } from './config.ts';
import type { ServiceContext } from './context.ts';
import { connectionString, createPool } from './db.ts';
import { createGateway } from './gateway.ts';
import { bootstrapPlatform, migrate, recordSeedStep } from './migrate.ts';
import { claimDataFolder, pidFiles } from './orphans.ts';
import { assertPortFree, freePort } from './ports.ts';
import { startPostgres } from './postgres.ts';
import { postgrestConfigFile, startPostgrest } from './postgrest.ts';
import { killGroup, within } from './processes.ts';
import { supervise } from './supervisor.ts';
import { assertHostedSuperuser } from './superuser.ts';
import { createRealtime, REALTIME_SQL_FILE } from './realtime/index.ts';
import { createStorageHandler } from './storage/index.ts';
import { startInbox } from './mail/inbox.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

export interface RunningStack {
  apiUrl: string;
  dbUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  /** The local inbox: every e-mail auth sends, in the browser and as Mailpit's JSON API. */
  inboxUrl: string;
  /** The inbox's SMTP server, for mail the site itself sends (the newsletter): smtp://127.0.0.1:port */
  smtpUrl: string;
  /** Whether this start created the database (and so applied the seed). */
  created: boolean;
  migrationsApplied: string[];
  stop(): Promise<void>;
}

/**
 * A seed step that SQL cannot do (files uploaded through the storage API, say), run once the stack
 * answers, after the seed. Recorded under `step` in `supabase_migrations.seed_files` only when it
 * succeeded, so a failed run is tried again at the next start; like the seed, never run again after.
 */
export interface AfterSeedHook {
  step: string;
  run(stack: { apiUrl: string; dbUrl: string; anonKey: string; serviceRoleKey: string }): Promise<unknown>;
}

/** What a start may add to the options: hooks and test settings. */
export interface StartExtras {
  durable?: boolean;
  defaultPrivileges?: boolean;
  /** Extra `-c name=value` flags for Postgres (bench:scale turns on auto_explain with them). */
  postgresFlags?: string[];
  /**
   * Told why when Postgres or PostgREST died more often than the supervisor restarts them
   * (supervisor.ts); the caller then stops the stack. Without it, the stack logs why and stops itself.
   */
  onGiveUp?: (message: string) => void;
  afterSeed?: AfterSeedHook;
}

/**
 * Hosted's "default privileges for new entities" turned on (Supabase's old default, still the
 * setting of many projects): every table, view, sequence and function `postgres` creates in public
 * is granted whole to the API roles. Off by default, as on new hosted projects.
 */
const GRANT_DEFAULT_PRIVILEGES = `
  alter default privileges for role postgres in schema public grant all on tables to anon, authenticated, service_role;
  alter default privileges for role postgres in schema public grant all on sequences to anon, authenticated, service_role;
  alter default privileges for role postgres in schema public grant all on functions to anon, authenticated, service_role;`;

/**
 * Starts Postgres, brings it up to date, then PostgREST, auth, storage and realtime behind one
 * gateway. Everything started is stopped again if a later step fails.
 */
export async function startStack(options: StackOptions, extra: StartExtras = {}): Promise<RunningStack> {
  // First, as a killed stack's Postgres still holds the database port.
  const releaseDataFolder = await claimDataFolder(options.dataDir);
  const stops: (() => Promise<void>)[] = [async () => releaseDataFolder()];
  // Every step is bounded (Postgres and PostgREST are killed if they do not stop in time), so
  // stop() always returns, also when a server is already gone.
  let stopping: Promise<void> | undefined;
  const stopAll = () =>
    (stopping ??= (async () => {
      for (const stop of stops.reverse()) await stop().catch((e: Error) => console.error(`stop: ${e.message}`));
      stops.length = 0;
    })());

  try {
    await assertPortFree(options.apiPort, 'API gateway');
    await assertPortFree(options.dbPort, 'PostgreSQL');
    if (options.inboxPort) await assertPortFree(options.inboxPort, 'mail inbox');
    const postgresOptions = {
      pgData: path.join(options.dataDir, 'postgres'),
      port: options.dbPort,
      durable: extra.durable ?? true,
      flags: extra.postgresFlags,
    };
    // Variables: the supervisor replaces a server that died, and the stop must reach the new one.
    let postgres = await startPostgres(postgresOptions);
    stops.push(() => postgres.stop());

    await assertHostedSuperuser(options.dbPort, options.dataDir);
    const admin = new pg.Client({ connectionString: connectionString(options.dbPort, 'supabase_admin') });
    const owner = new pg.Client({ connectionString: connectionString(options.dbPort) });
    let result;
    try {
      await admin.connect();
      await bootstrapPlatform(admin, {
        bootstrapFile: path.join(here, 'bootstrap.sql'),
        platformFiles: [path.join(here, 'hostedRoles.sql'), path.join(here, 'supautils.sql')],
      });
      await owner.connect();
      if (extra.defaultPrivileges) await owner.query(GRANT_DEFAULT_PRIVILEGES);
      result = await migrate(admin, owner, {
        migrationsDir: options.migrationsDir,
        seedFile: options.seedFile,
        localSqlFiles: [REALTIME_SQL_FILE],
        afterSeedStep: extra.afterSeed?.step,
      });
    } finally {
      await Promise.all([admin.end(), owner.end()]);
    }

    const publicUrl = `http://127.0.0.1:${options.apiPort}`;
    const postgrestOptions = {
      dbPort: options.dbPort,
      port: await freePort(),
      publicUrl,
      pidFile: pidFiles(options.dataDir).postgrest,
      configFile: postgrestConfigFile(options.dataDir),
    };
    let postgrest = await startPostgrest(postgrestOptions);
    stops.push(() => postgrest.stop());

    const inbox = await startInbox({ port: options.inboxPort ?? 0, smtpPort: options.smtpPort ?? 0 });
    stops.push(inbox.stop);

    const storageDir = path.join(options.dataDir, 'storage');
    fs.mkdirSync(storageDir, { recursive: true });
    const ctx: ServiceContext = {
      options,
      publicUrl,
      smtpPort: inbox.smtpPort,
      storageDir,
      pools: {
        auth: createPool(options.dbPort, 'supabase_auth_admin', 10),
        storage: createPool(options.dbPort, 'supabase_storage_admin', 10),
        realtime: createPool(options.dbPort, 'supabase_realtime_admin', 5),
      },
    };
    // Closed before Postgres stops, so that no idle connection reports being terminated. A busy
    // machine may take longer than the wait: from here on, a connection Postgres ends is expected.
    stops.push(() => {
      const pools = Object.values(ctx.pools);
      for (const pool of pools) pool.removeAllListeners('error').on('error', () => {});
      return within(Promise.all(pools.map((p) => p.end())), 1500);
    });

    const realtime = await createRealtime(ctx);
    stops.push(() => within(realtime.stop(), 1500));

    const gateway = createGateway({
      postgrestPort: postgrest.port,
      auth: createAuthHandler(ctx),
      storage: createStorageHandler(ctx),
      realtime: realtime.handleUpgrade,
    });
    await new Promise<void>((resolve, reject) => {
      gateway.once('error', reject);
      gateway.listen(options.apiPort, '127.0.0.1', () => resolve());
    });
    stops.push(async () => {
      // Websockets are not HTTP connections: close() would wait for them forever.
      await within(realtime.stop(), 1500);
      await within(
        new Promise<void>((resolve) => {
          gateway.close(() => resolve());
          gateway.closeAllConnections();
        }),
        1500,
      );
    });

    // Files are not rows: the project's after-seed step goes through the API like any client,
    // once, recorded beside the SQL seed so a failed attempt is retried at the next start.
    if (extra.afterSeed && result.afterSeedPending) {
      const dbUrl = connectionString(options.dbPort);
      await extra.afterSeed.run({ apiUrl: publicUrl, dbUrl, anonKey: ANON_KEY, serviceRoleKey: SERVICE_ROLE_KEY });
      await recordSeedStep(dbUrl, extra.afterSeed.step);
    }

    const supervision = supervise({
      servers: { PostgreSQL: postgres, PostgREST: postgrest },
      restart: {
        PostgreSQL: async () => {
          // Backends of a postmaster killed outright may linger a moment, holding its shared memory.
          await killGroup(postgres.pid);
          return (postgres = await startPostgres(postgresOptions));
        },
        PostgREST: async () => (postgrest = await startPostgrest(postgrestOptions)),
      },
      recentLog: (name) => (name === 'PostgreSQL' ? postgres.recentLog() : postgrest.recentLog()).split('\n').slice(-8).join('\n'),
      log: (line) => console.error(`[stack] ${line}`),
      giveUp: (message) => {
        if (extra.onGiveUp) return extra.onGiveUp(message);
        console.error(`[stack] ${message}`);
        void stopAll();
      },
    });
    // Runs first: exits from then on are the stop's own.
    stops.push(async () => supervision.stop());

    return {
      apiUrl: publicUrl,
      dbUrl: connectionString(options.dbPort),
      anonKey: ANON_KEY,
      serviceRoleKey: SERVICE_ROLE_KEY,
      inboxUrl: inbox.url,
      smtpUrl: `smtp://127.0.0.1:${inbox.smtpPort}`,
      created: postgres.created,
      migrationsApplied: result.applied,
      stop: stopAll,
    };
  } catch (err) {
    await stopAll();
    throw err;
  }
}
