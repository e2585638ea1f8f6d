import pg from 'pg';
import { SUPERUSER } from './config.ts';
import { connectionString } from './db.ts';

/**
 * A data folder created before the cluster's superuser became `supabase_admin` was initialised with
 * `postgres` as its superuser, and PostgreSQL never demotes the role a cluster was created with: such a
 * folder cannot behave like hosted, so the start stops with what to do instead of running migrations
 * with powers hosted's `postgres` lacks.
 */
export async function assertHostedSuperuser(port: number, dataDir: string): Promise<void> {
  const probe = new pg.Client({ connectionString: connectionString(port, 'supabase_admin') });
  try {
    await probe.connect();
    await probe.end();
    return;
  } catch (err) {
    // 28P01: scram refuses a role that does not exist as it refuses a wrong password.
    if (!['28P01', '28000'].includes((err as pg.DatabaseError).code ?? '')) throw err;
  }
  throw new Error(
    `The local database in ${dataDir} was created with postgres as its superuser, before the local stack ran ` +
      `migrations as a non-superuser postgres the way hosted Supabase does (its superuser is now ${SUPERUSER.user}). ` +
      'PostgreSQL cannot demote the role a cluster was created with. Re-create the database with `npm run db:reset` ' +
      '(migrations and sample content are applied again; copy out anything else you saved locally first).',
  );
}
