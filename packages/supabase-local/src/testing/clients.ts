import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { inject } from 'vitest';
import ws from 'ws';
import { clientFrom } from './addresses.ts';

/**
 * supabase-js as a browser uses it, but in Node 20, which lacks a global WebSocket. Untyped by
 * default (tests probe fixtures and payloads outside the app's schema); `client<Database>()` for
 * code that takes the app's typed client.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- supabase-js's own default: a client typed by no schema
export function client<DB = any>(key = inject('anonKey')): SupabaseClient<DB> {
  return createClient<DB>(inject('apiUrl'), key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as never },
  });
}

export const anonClient = () => client();
export const serviceClient = () => client(inject('serviceRoleKey'));

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${Date.now().toString(36)}-${++counter}@example.test`;
}

/**
 * A loopback address of its own for each signed-up user: sign-ups are rate limited per client
 * address (30 per 5 minutes, as GoTrue), and the suite signs up more users than that from one
 * machine. Random, because each test file has its own copy of this module.
 */
const signUpAddress = () =>
  `127.${100 + Math.floor(Math.random() * 100)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

/**
 * An anonymous client from a loopback address of its own, for signing in: password sign-ins are
 * rate limited per client address too (a burst of 30, then 150 per 5 minutes), which a suite that
 * signs its seeded accounts in before each file outruns from one address.
 */
export const ownAddressClient = () => clientFrom(signUpAddress());

/** A new user, signed up and signed in through the real auth endpoints (from an address of its own). */
export async function signedUpClient(
  fullName = 'Test User',
): Promise<{ sb: SupabaseClient; userId: string; email: string; password: string }> {
  const sb = clientFrom(signUpAddress());
  const email = uniqueEmail();
  const password = 'secret-password';
  const { data, error } = await sb.auth.signUp({ email, password, options: { data: { full_name: fullName } } });
  if (error || !data.user) throw new Error(`sign-up failed: ${error?.message}`);
  return { sb, userId: data.user.id, email, password };
}

/** A connection as `postgres` (no superuser, as on hosted) for creating fixtures, as a migration would. Never used for API calls. */
export async function postgresDb(): Promise<pg.Client> {
  const db = new pg.Client({ connectionString: inject('dbUrl') });
  await db.connect();
  return db;
}

/**
 * PostgREST reloads its schema cache asynchronously after DDL. Plain selects work before that;
 * embeddings and RPCs of new objects do not, so tests wait on a query that needs the cache.
 */
export async function waitForSchemaCache(query: () => PromiseLike<{ error: unknown }>): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (!(await query()).error) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('PostgREST schema cache did not pick up the fixtures within 10 s');
}
