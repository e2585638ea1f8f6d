import type { GoTrueClient } from '@supabase/auth-js';
import type { RealtimeClient } from '@supabase/realtime-js';
import type { StorageClient } from '@supabase/storage-js';
import { authStorageKey, browserStorage, mayHaveSession as hasSessionHint } from './authStorage';
import { env } from './env';

/** The auth client's type (auth-js's AuthClient is a value alias of GoTrueClient). */
export type AuthClient = GoTrueClient;

/**
 * The Supabase parts the reader's first load may carry: the key, the session hint and the
 * authenticated fetch. The clients themselves are loaded when needed: PostgREST (src/lib/supabase.ts)
 * when a page fetches data in the browser, realtime and storage on first use. Auth (about 23 KB gzip) is loaded
 * only when a session may exist (one stored in localStorage, or an e-mail link's #access_token),
 * when the reader opens sign-in (`loadAuth()`), and always in the back office: an anonymous reader,
 * the great majority, never downloads it, and their data calls carry the anon key.
 * One auth instance per page matters: two would race to rotate the same refresh token, so every
 * caller goes through `loadAuth()`, which makes it once.
 */
export const apikey = env.supabaseAnonKey;
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

/** The auth client if someone loaded it already. */
export const loadedAuth = (): AuthClient | null => authClient;

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
export async function accessToken(): Promise<string> {
  const auth = authClient ?? (mayHaveSession() ? await loadAuth() : null);
  if (!auth) return apikey;
  const { data } = await auth.getSession();
  return data.session?.access_token ?? apikey;
}

/** Every data call carries the project key and the signed-in user's token (else the anon key). */
export const fetchWithAuth: typeof fetch = async (input, init) => {
  const headers = new Headers(init?.headers);
  if (!headers.has('apikey')) headers.set('apikey', apikey);
  if (!headers.has('Authorization')) headers.set('Authorization', `Bearer ${await accessToken()}`);
  return fetch(input, { ...init, headers });
};

let realtime: Promise<RealtimeClient> | null = null;
let storage: Promise<StorageClient> | null = null;

/** The realtime connection, created on first use and kept in step with the session. */
export function loadRealtime(): Promise<RealtimeClient> {
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
}

/** Storage (the back office's image uploads), loaded on first use. */
export function loadStorage(): Promise<StorageClient> {
  storage ??= import('@supabase/storage-js').then(
    ({ StorageClient }) => new StorageClient(`${env.supabaseUrl}/storage/v1`, { apikey }, fetchWithAuth),
  );
  return storage;
}

/**
 * A database function called with the reader's token, without the data client: what a page does
 * after its first render (a view count) costs no download.
 */
export const callRpc = (fn: string, args: Record<string, unknown>, init: RequestInit = {}) =>
  fetchWithAuth(`${env.supabaseUrl}/rest/v1/rpc/${fn}`, {
    ...init,
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(args),
  });
