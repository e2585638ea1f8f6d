import { AuthClient } from '@supabase/auth-js';
import { PostgrestClient } from '@supabase/postgrest-js';
import type { RealtimeClient } from '@supabase/realtime-js';
import type { StorageClient } from '@supabase/storage-js';
import { env } from './env';

/**
 * The one Supabase client of the site, built from supabase-js's own parts: auth (session kept in
 * localStorage and refreshed automatically) and PostgREST load with the page; realtime and
 * storage are loaded on first use. The full supabase-js bundle would cost a reader on a phone
 * about 25 KB gzip more for code only the live home page and the back office use.
 * One auth instance per page matters: two would race to rotate the same refresh token.
 */
const apikey = env.supabaseAnonKey;
// supabase-js's default storage key, so sessions are shared with any supabase-js tooling.
const storageKey = `sb-${new URL(env.supabaseUrl).hostname.split('.')[0]}-auth-token`;

const auth = new AuthClient({
  url: `${env.supabaseUrl}/auth/v1`,
  headers: { apikey, Authorization: `Bearer ${apikey}` },
  storageKey,
  persistSession: true,
  autoRefreshToken: true,
  detectSessionInUrl: true,
  flowType: 'implicit',
  storage: typeof localStorage === 'undefined' ? undefined : localStorage,
});

async function accessToken(): Promise<string> {
  const { data } = await auth.getSession();
  return data.session?.access_token ?? apikey;
}

/** Every data call carries the project key and the signed-in user's token (else the anon key). */
const fetchWithAuth: typeof fetch = async (input, init) => {
  const headers = new Headers(init?.headers);
  if (!headers.has('apikey')) headers.set('apikey', apikey);
  if (!headers.has('Authorization')) headers.set('Authorization', `Bearer ${await accessToken()}`);
  return fetch(input, { ...init, headers });
};

const rest = new PostgrestClient(`${env.supabaseUrl}/rest/v1`, { headers: { apikey }, fetch: fetchWithAuth });

let realtime: Promise<RealtimeClient> | null = null;
let storage: Promise<StorageClient> | null = null;

export const supabase = {
  auth,
  from: rest.from.bind(rest),
  rpc: rest.rpc.bind(rest),
  schema: rest.schema.bind(rest),
  /** The realtime connection, created on first use and kept in step with the session. */
  realtime(): Promise<RealtimeClient> {
    realtime ??= import('@supabase/realtime-js').then(({ RealtimeClient }) => {
      const client = new RealtimeClient(`${env.supabaseUrl.replace(/^http/, 'ws')}/realtime/v1`, {
        params: { apikey },
        accessToken: async () => (await auth.getSession()).data.session?.access_token ?? null,
      });
      auth.onAuthStateChange((_event, session) => void client.setAuth(session?.access_token ?? null));
      return client;
    });
    return realtime;
  },
  /** Storage (the back office's image uploads), loaded on first use. */
  storage(): Promise<StorageClient> {
    storage ??= import('@supabase/storage-js').then(
      ({ StorageClient }) => new StorageClient(`${env.supabaseUrl}/storage/v1`, { apikey }, fetchWithAuth),
    );
    return storage;
  },
};

export type AppClient = typeof supabase;
/** What page loaders need: table reads and function calls (a server can pass its own PostgrestClient). */
export type DataClient = Pick<PostgrestClient, 'from' | 'rpc'>;
