import { authStorageKey, browserStorage } from '@/lib/authStorage';

// The signed-in reader's token for the alerts panel, which calls the database without the auth
// client. Here, not in src/lib/authStorage.ts: that module is in every first load, this is not.

/**
 * The stored session's access token while it is still valid for a minute, else null: for a call
 * made without the auth client (the alerts panel) that should carry the signed-in reader's id.
 * An expired one would be refused outright, so the caller falls back to the anon key.
 */
export function storedAccessToken(supabaseUrl: string): string | null {
  try {
    const session = JSON.parse(browserStorage()?.getItem(authStorageKey(supabaseUrl)) ?? 'null') as {
      access_token?: string;
      expires_at?: number;
    } | null;
    if (!session?.access_token || !session.expires_at || session.expires_at * 1000 < Date.now() + 60_000) return null;
    return session.access_token;
  } catch {
    return null;
  }
}
