import type pg from 'pg';
import { API_ROLES, type Claims } from '../db.ts';

/**
 * Realtime Authorization as hosted Realtime evaluates it (lib/realtime/tenants/authorization.ex):
 * - read: as the service's own role (the table's owner, so RLS does not apply) insert one probe row
 *   per extension for the topic, then switch to the client's role, claims and headers and select
 *   them back: what RLS lets through is what the client may receive.
 * - write: as the client, insert one probe row per extension; a refused insert means it may not
 *   send (broadcast) or track (presence).
 * Probe rows never survive: each check runs in a transaction that is rolled back.
 */
export interface ExtensionRights {
  broadcast: boolean;
  presence: boolean;
}

export interface AuthorizationContext {
  /** The channel's topic without `realtime:`, what realtime.topic() answers. */
  topic: string;
  claims: Claims;
  /** Headers of the websocket request, exposed to policies as request.headers. */
  headers: Record<string, string>;
}

export const readRefusal = (topic: string) => `Unauthorized: You do not have permissions to read from this Channel topic: ${topic}`;
export const readRevoked = (topic: string) => `You no longer have permission to read from this Channel topic: ${topic}`;

/** A refusal (42501), or a policy that raised or does not compile: no right, like hosted. */
const policyRefused = (err: unknown) => /^(P0|22|42)/.test((err as { code?: string }).code ?? '');

async function rolledBack<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('begin');
    return await fn(client);
  } finally {
    await client.query('rollback').catch(() => (broken = true));
    client.release(broken);
  }
}

async function becomeClient(client: pg.PoolClient, ctx: AuthorizationContext): Promise<void> {
  if (!API_ROLES.has(ctx.claims.role)) throw new Error(`refusing to run as role ${ctx.claims.role}`);
  await client.query(
    `select set_config('role', $1, true), set_config('realtime.topic', $2, true),
            set_config('request.jwt.claims', $3, true), set_config('request.jwt.claim.sub', coalesce($4, ''), true),
            set_config('request.headers', $5, true)`,
    [ctx.claims.role, ctx.topic, JSON.stringify(ctx.claims), ctx.claims.sub ?? null, JSON.stringify(ctx.headers)],
  );
}

/** What the client may receive on the topic; a policy raising an error allows nothing. */
export async function readRights(pool: pg.Pool, ctx: AuthorizationContext): Promise<ExtensionRights> {
  return rolledBack(pool, async (client) => {
    const { rows: probes } = await client.query<{ id: string; extension: string }>(
      `insert into realtime.messages (topic, extension, private) values ($1, 'broadcast', true), ($1, 'presence', true)
       returning id::text, extension`,
      [ctx.topic],
    );
    await becomeClient(client, ctx);
    try {
      const { rows } = await client.query<{ extension: string }>(
        'select extension from realtime.messages where topic = $1 and id = any($2::uuid[])',
        [ctx.topic, probes.map((p) => p.id)],
      );
      const seen = new Set(rows.map((r) => r.extension));
      return { broadcast: seen.has('broadcast'), presence: seen.has('presence') };
    } catch (err) {
      if (policyRefused(err)) return { broadcast: false, presence: false };
      throw err;
    }
  });
}

/** What the client may send on the topic. */
export async function writeRights(pool: pg.Pool, ctx: AuthorizationContext): Promise<ExtensionRights> {
  return rolledBack(pool, async (client) => {
    await becomeClient(client, ctx);
    const may = async (extension: 'broadcast' | 'presence') => {
      await client.query(`savepoint probe_${extension}`);
      try {
        await client.query(`insert into realtime.messages (topic, extension, private) values ($1, $2, true)`, [ctx.topic, extension]);
        return true;
      } catch (err) {
        await client.query(`rollback to savepoint probe_${extension}`);
        if (policyRefused(err)) return false;
        throw err;
      }
    };
    return { broadcast: await may('broadcast'), presence: await may('presence') };
  });
}
