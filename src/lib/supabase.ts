import type { GoTrueClient } from '@supabase/auth-js';
import { PostgrestClient } from '@supabase/postgrest-js';
import type { RealtimeClient } from '@supabase/realtime-js';
import type { StorageClient } from '@supabase/storage-js';
import { authStorageKey, browserStorage, mayHaveSession as hasSessionHint } from './authStorage';
import type { Database } from './database';
import { env } from './env';

/** The auth client's type (auth-js's AuthClient is a value alias of GoTrueClient). */
export type AuthClient = GoTrueClient;

/**
 * The one Supabase client of the site, built from supabase-js's own parts. PostgREST loads with
 * the page; auth, realtime and storage are loaded when needed. Auth (about 23 KB gzip) is loaded
 * only when a session may exist (one stored in localStorage, or an e-mail link's #access_token),
 * when the reader opens sign-in (`loadAuth()`), and always in the back office: an anonymous reader,
 * the great majority, never downloads it, and their data calls carry the anon key.
 * One auth instance per page matters: two would race to rotate the same refresh token, so every
 * caller goes through `loadAuth()`, which makes it once.
 */
const apikey = env.supabaseAnonKey;
export const AUTH_STORAGE_KEY = authStorageKey(env.supabaseUrl);

/** See authStorage.ts: a session stored, or arriving in the address. */
export const mayHaveSession = () => hasSessionHint(AUTH_STORAGE_KEY);

let authClient: AuthClient | null = null;
let authLoad: Promise<AuthClient> | null = null;
const authWaiters = new Set<(auth: AuthClient) => void>();

/** The auth client, loaded and made on the first call (a failed download is retried on the next). */
export function loadAuth(): Promise<AuthClient> {
  authLoad ??= import('@supabase/auth-js').then(
    ({ AuthClient }) => {
      authClient = new AuthClient({
        url: `${env.supabaseUrl}/auth/v1`,
        headers: { apikey, Authorization: `Bearer ${apikey}` },
        storageKey: AUTH_STORAGE_KEY,
        persistSession: true,
        autoRefreshToken: true,
        detectSessionInUrl: true,
        flowType: 'implicit',
        storage: browserStorage(),
      });
      for (const waiter of authWaiters) waiter(authClient);
      authWaiters.clear();
      return authClient;
    },
    (error: unknown) => {
      authLoad = null;
      throw error;
    },
  );
  return authLoad;
}

/**
 * Calls `onLoad` with the auth client once someone loads it (at once if it is loaded), so the session
 * display learns of a sign-in on /auth without loading auth itself. Returns an unsubscribe.
 */
export function whenAuthLoaded(onLoad: (auth: AuthClient) => void): () => void {
  if (authClient) {
    onLoad(authClient);
    return () => {};
  }
  authWaiters.add(onLoad);
  return () => authWaiters.delete(onLoad);
}

/** The signed-in user's token, else the anon key; auth is only loaded when a session may exist. */
async function accessToken(): Promise<string> {
  const auth = authClient ?? (mayHaveSession() ? await loadAuth() : null);
  if (!auth) return apikey;
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

const rest = new PostgrestClient<Database>(`${env.supabaseUrl}/rest/v1`, { headers: { apikey }, fetch: fetchWithAuth });

let realtime: Promise<RealtimeClient> | null = null;
let storage: Promise<StorageClient> | null = null;

export const supabase = {
  /**
   * The auth client, for code that runs only once it is loaded: the back office (AdminApp loads it
   * before anything else, and ra-supabase's providers read `client.auth`). Reader code calls
   * `loadAuth()` instead.
   */
  get auth(): AuthClient {
    if (!authClient) throw new Error('Auth client not loaded yet: await loadAuth() first');
    return authClient;
  },
  from: rest.from.bind(rest),
  rpc: rest.rpc.bind(rest),
  schema: rest.schema.bind(rest),
  /** The realtime connection, created on first use and kept in step with the session. */
  realtime(): Promise<RealtimeClient> {
    realtime ??= import('@supabase/realtime-js').then(({ RealtimeClient }) => {
      const client = new RealtimeClient(`${env.supabaseUrl.replace(/^http/, 'ws')}/realtime/v1`, {
        params: { apikey },
        accessToken: async () => {
          const token = await accessToken();
          return token === apikey ? null : token;
        },
      });
      // A sign-in or sign-out later (once auth is loaded) switches the connection's role.
      whenAuthLoaded((auth) => auth.onAuthStateChange((_event, session) => void client.setAuth(session?.access_token ?? null)));
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
export type DataClient = Pick<PostgrestClient<Database>, 'from' | 'rpc'>;
