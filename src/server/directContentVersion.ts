/**
 * The content version read over the server's own Postgres connection (PAGE_CACHE_DATABASE_URL),
 * not through PostgREST. Anyone may send PostgREST costly filters (a backtracking regex on an
 * article's text runs until anon's 3 s statement timeout): a few dozen such loops hold every
 * connection of its pool, the one-row version read waits behind them, and once it has not
 * answered for PROOF_MS no kept page may go out (contentVersion.ts). On a connection of its own
 * the read answers in milliseconds through such a flood, so kept pages keep going out, proven
 * current (docs/scale.md, "2026-11-27"). Without the setting the read goes over the local stack's
 * Postgres when the site reads the local stack, else through PostgREST.
 */
import pg from 'pg';
import { READ_TIMEOUT_MS } from './contentVersion';
import { LOCAL_PORTS, readsLocalStack } from './localStack';

/** The local stack's public demo password for `postgres` (packages/supabase-local). */
const LOCAL_DB_PASSWORD = 'postgres';

/**
 * Where the page cache reads the content version: PAGE_CACHE_DATABASE_URL when set, and none
 * (through PostgREST) when it is set empty, which switches the connection off; unset, when the
 * site reads the local stack (its API on this machine's SUPABASE_LOCAL_API_PORT), that stack's
 * Postgres, so `npm start` locally proves its pages as production should; else none.
 */
export function pageCacheDatabaseUrl(settings: Record<string, string | undefined>, supabaseUrl: string): string | undefined {
  if (settings.PAGE_CACHE_DATABASE_URL !== undefined) return settings.PAGE_CACHE_DATABASE_URL || undefined;
  if (!readsLocalStack(settings, supabaseUrl)) return undefined;
  return `postgres://postgres:${LOCAL_DB_PASSWORD}@127.0.0.1:${settings.SUPABASE_LOCAL_DB_PORT || LOCAL_PORTS.db}/postgres`;
}

/** The connection's application_name, followed by the server's process id. */
export const PAGE_CACHE_APPLICATION = 'afriqueactu-page-cache';

export interface DirectVersionReader {
  read: () => Promise<string>;
  close: () => Promise<void>;
}

/**
 * One connection, opened on the first read and again after any failure. Plain parameterless
 * queries only (the simple protocol, no session settings), so Supavisor's transaction mode
 * serves it as well as a direct or session connection.
 */
export function directVersionReader(connectionString: string, timeoutMs = READ_TIMEOUT_MS): DirectVersionReader {
  const pool = new pg.Pool({
    connectionString,
    max: 1,
    connectionTimeoutMillis: timeoutMs,
    query_timeout: timeoutMs,
    // Per process: an operator (or a test) tells each server's connection apart in pg_stat_activity.
    application_name: `${PAGE_CACHE_APPLICATION} ${process.pid}`,
    // The poll is the only user; an idle connection is closed rather than kept when reads stop.
    idleTimeoutMillis: 60_000,
    allowExitOnIdle: true,
  });
  // A connection the server closes while idle: the next read opens another (contentVersion.ts says
  // when reads fail).
  pool.on('error', () => {});
  return {
    async read() {
      let client: pg.PoolClient | undefined;
      try {
        client = await pool.connect();
        const { rows } = await client.query<{ version: string | null }>('select public.content_version() as version');
        if (rows[0]?.version == null) throw new Error('content_version() returned nothing');
        client.release();
        return rows[0].version;
      } catch (error) {
        // A connection whose read failed or timed out may still be busy: it is closed, not reused.
        client?.release(true);
        throw new Error(`content_version over PAGE_CACHE_DATABASE_URL: ${error instanceof Error ? error.message : String(error)}`, {
          cause: error,
        });
      }
    },
    close: () => pool.end(),
  };
}
