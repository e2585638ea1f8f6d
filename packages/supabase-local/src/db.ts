import pg from 'pg';
import { POSTGRES_ROLE, SERVICE_ROLE_PASSWORDS, SUPERUSER } from './config.ts';

/** JWT claims as PostgREST exposes them to SQL through `request.jwt.claims`. */
export type Claims = Record<string, unknown> & { role: string; sub?: string };

export type ServiceUser = keyof typeof SERVICE_ROLE_PASSWORDS;

/** The API roles a request may run as; anything else in a token's `role` claim is refused. */
export const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);

/** `postgres` (hosted's role, not a superuser) unless told otherwise. */
export function connectionString(port: number, user: ServiceUser | 'postgres' | 'supabase_admin' = 'postgres'): string {
  const password =
    user === 'postgres' ? POSTGRES_ROLE.password : user === 'supabase_admin' ? SUPERUSER.password : SERVICE_ROLE_PASSWORDS[user];
  return `postgres://${user}:${password}@127.0.0.1:${port}/postgres`;
}

export function createPool(port: number, user: ServiceUser, max = 5): pg.Pool {
  const pool = new pg.Pool({ connectionString: connectionString(port, user), max });
  // An idle client losing its connection (database restart) must not crash the stack.
  pool.on('error', (err) => console.error(`[db:${user}] idle client error: ${err.message}`));
  return pool;
}

/** A transaction on a pooled client; a client whose rollback failed is discarded, not reused. */
export async function inTransaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('begin');
    const result = await fn(client);
    await client.query('commit');
    return result;
  } catch (err) {
    await client.query('rollback').catch(() => (broken = true));
    throw err;
  } finally {
    client.release(broken);
  }
}

/**
 * Runs `fn` in a transaction under the caller's API role and claims, exactly as PostgREST runs a
 * request: `set local role` plus `request.jwt.claims`, so row-level security decides.
 */
export async function withClaims<T>(pool: pg.Pool, claims: Claims, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  if (!API_ROLES.has(claims.role)) throw new Error(`refusing to run as role ${claims.role}`);
  return inTransaction(pool, async (client) => {
    await client.query(
      `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
              set_config('request.jwt.claim.sub', coalesce($3, ''), true)`,
      [claims.role, JSON.stringify(claims), claims.sub ?? null],
    );
    return fn(client);
  });
}
