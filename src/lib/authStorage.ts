// Where a browser keeps its Supabase session, readable without loading the auth client: the
// reader app (src/lib/supabase.ts) and the lite page's script (src/public/dataSaver/lite.ts) both
// decide from it whether auth is needed at all.

/** supabase-js's default storage key, so sessions are shared with any supabase-js tooling. */
export const authStorageKey = (supabaseUrl: string) => `sb-${new URL(supabaseUrl).hostname.split('.')[0]}-auth-token`;

export const browserStorage = (): Storage | undefined => {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined; // storage disabled by the browser's settings
  }
};

/**
 * Whether this page may have a session, without loading auth: one is stored, or the address
 * carries one (an e-mail link in the implicit flow lands with #access_token for detectSessionInUrl).
 */
export function mayHaveSession(storageKey: string): boolean {
  if (typeof window === 'undefined') return false;
  if (/[#&]access_token=/.test(window.location.hash)) return true;
  try {
    return browserStorage()?.getItem(storageKey) != null;
  } catch {
    return false;
  }
}
