import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

export class MigrationError extends Error {
  constructor(
    readonly file: string,
    readonly dbMessage: string,
  ) {
    super(`Migration ${file} failed and was not applied (earlier files were): ${dbMessage}`);
  }
}

const MIGRATION_FILE = /^(\d{14})_(.+)\.sql$/;

/** Records a seed step done outside SQL (the project's after-seed hook), like a seed file. */
export async function recordSeedStep(dbUrl: string, step: string): Promise<void> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    await client.query('insert into supabase_migrations.seed_files (path, hash) values ($1, $2) on conflict (path) do nothing', [
      step,
      'done',
    ]);
  } finally {
    await client.end();
  }
}

export function listMigrations(dir: string): { version: string; name: string; file: string }[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => MIGRATION_FILE.test(f))
    .sort()
    .map((f) => {
      const [, version, name] = MIGRATION_FILE.exec(f)!;
      return { version, name, file: path.join(dir, f) };
    });
}

/** Where bootstrap.sql's idempotent part starts: it also runs on databases bootstrapped before. */
const REAPPLIED_MARK = '-- @reapplied-at-start';

/** Runs a SQL file's text; on error says which file and which line, with the database's message. */
async function runFile(client: pg.ClientBase, file: string, label = path.basename(file), part: 'all' | 'reapplied' = 'all'): Promise<void> {
  const whole = fs.readFileSync(file, 'utf8');
  const mark = whole.indexOf(REAPPLIED_MARK);
  const sql = part === 'reapplied' ? (mark < 0 ? '' : whole.slice(mark)) : whole;
  try {
    await client.query(sql);
  } catch (err) {
    const e = err as pg.DatabaseError;
    const line = e.position ? sql.slice(0, Number(e.position)).split('\n').length : undefined;
    throw new MigrationError(label, `${e.message}${line ? ` (line ${line})` : ''}`);
  }
}

async function inTransaction(client: pg.ClientBase, work: () => Promise<void>): Promise<void> {
  await client.query('begin');
  try {
    await work();
    await client.query('commit');
  } catch (err) {
    await client.query('rollback');
    throw err;
  }
}

/**
 * The platform's own objects, as the cluster superuser: bootstrap.sql once on a new cluster, then the
 * idempotent platform files (hosted's roles, supautils' grants) at every start.
 */
export async function bootstrapPlatform(admin: pg.ClientBase, opts: { bootstrapFile: string; platformFiles: string[] }): Promise<void> {
  const bootstrapped = await admin.query(`select 1 from pg_namespace where nspname = 'supabase_migrations'`);
  if (bootstrapped.rowCount === 0) await runFile(admin, opts.bootstrapFile);
  else await runFile(admin, opts.bootstrapFile, path.basename(opts.bootstrapFile), 'reapplied');
  for (const file of opts.platformFiles) await runFile(admin, file);
}

/**
 * Brings the database up to date as the Supabase CLI would on a hosted project: every migration not
 * yet recorded in supabase_migrations.schema_migrations, then the seed once, as `postgres` (`owner`),
 * which is no superuser, as on hosted. Each migration runs in a transaction of its own, as the
 * Supabase CLI applies them (an enum value added by one file is usable by the next), so a broken
 * file changes nothing and stops there. The local services' plumbing (realtime change capture …)
 * runs between the migrations and the seed, as the superuser (`admin`), so it sees every table the
 * migrations created.
 */
export async function migrate(
  admin: pg.ClientBase,
  owner: pg.ClientBase,
  opts: { migrationsDir: string; seedFile: string | null; localSqlFiles: string[]; afterSeedStep?: string },
): Promise<{ applied: string[]; seeded: boolean; afterSeedPending: boolean }> {
  await owner.query(`create table if not exists supabase_migrations.seed_files (path text primary key, hash text not null)`);

  const done = new Set(
    (await owner.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map((r) => r.version),
  );
  const pending = listMigrations(opts.migrationsDir).filter((m) => !done.has(m.version));
  const seedPath = opts.seedFile && fs.existsSync(opts.seedFile) ? opts.seedFile : null;
  const seedDone = seedPath
    ? (await owner.query('select 1 from supabase_migrations.seed_files where path = $1', ['supabase/seed.sql'])).rowCount! > 0
    : true;

  for (const m of pending) {
    await inTransaction(owner, async () => {
      await runFile(owner, m.file);
      const statements = [fs.readFileSync(m.file, 'utf8')];
      await owner.query('insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)', [
        m.version,
        m.name,
        statements,
      ]);
    });
  }
  await inTransaction(admin, async () => {
    for (const file of opts.localSqlFiles) await runFile(admin, file);
  });
  if (seedPath && !seedDone) {
    await inTransaction(owner, async () => {
      await runFile(owner, seedPath, 'supabase/seed.sql');
      const hash = crypto.createHash('sha256').update(fs.readFileSync(seedPath)).digest('hex');
      await owner.query('insert into supabase_migrations.seed_files (path, hash) values ($1, $2)', ['supabase/seed.sql', hash]);
    });
  }
  const afterSeedDone =
    !opts.afterSeedStep ||
    (await owner.query('select 1 from supabase_migrations.seed_files where path = $1', [opts.afterSeedStep])).rowCount! > 0;
  return {
    applied: pending.map((m) => path.basename(m.file)),
    seeded: Boolean(seedPath && !seedDone),
    afterSeedPending: Boolean(seedPath) && !afterSeedDone,
  };
}
