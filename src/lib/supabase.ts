import { PostgrestClient } from '@supabase/postgrest-js';
import type { Database } from './database';
import { env } from './env';
import { apikey, fetchWithAuth, loadedAuth, loadRealtime, loadStorage, type AuthClient } from './supabaseClients';

// Auth, realtime and storage load on demand (supabaseClients.ts); reader code in the first load
// imports from there, so that this module (PostgREST, about 5 KB gzip) is a chunk of its own.
export { AUTH_STORAGE_KEY, loadAuth, mayHaveSession, whenAuthLoaded, type AuthClient } from './supabaseClients';

/** The one Supabase client of the site, built from supabase-js's own parts. */
const rest = new PostgrestClient<Database>(`${env.supabaseUrl}/rest/v1`, { headers: { apikey }, fetch: fetchWithAuth });

export const supabase = {
  /**
   * The auth client, for code that runs only once it is loaded: the back office (AdminApp loads it
   * before anything else, and ra-supabase's providers read `client.auth`). Reader code calls
   * `loadAuth()` instead.
   */
  get auth(): AuthClient {
    const auth = loadedAuth();
    if (!auth) throw new Error('Auth client not loaded yet: await loadAuth() first');
    return auth;
  },
  from: rest.from.bind(rest),
  rpc: rest.rpc.bind(rest),
  schema: rest.schema.bind(rest),
  /** The realtime connection, created on first use and kept in step with the session. */
  realtime: loadRealtime,
  /** Storage (the back office's image uploads), loaded on first use. */
  storage: loadStorage,
};

export type AppClient = typeof supabase;
/** What page loaders need: table reads and function calls (a server can pass its own PostgrestClient). */
export type DataClient = Pick<PostgrestClient<Database>, 'from' | 'rpc'>;
