import fs from 'node:fs';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import ws from 'ws';
import { authStorageKey } from '../../src/lib/authStorage.ts';
import { LOCAL_ACCOUNTS } from '../../supabase/seed/accounts.ts';

// Each seeded account signs in ONCE per E2E run (globalSetup), through the real auth API, and its
// session is saved as a Playwright storage state: the localStorage entry the site's own client
// keeps (src/lib/authStorage.ts; no cookie is involved). Stories that are not about signing in
// start from it instead of filling /auth again; the stories about signing in still use the form.
// The access token lasts an hour (supabase/config.toml jwt_expiry), longer than a run, so no page
// refreshes it and every page may share it. A story that signs out for good (the site ends all of
// the user's sessions) does not hurt the others: the site reads the token, it never asks the auth
// server whether the session still exists.

/** The storage state file holding `account`'s saved session, in `dir` (the specs': E2E_SESSIONS_DIR). */
export function sessionFile(account: { email: string }, dir = process.env.E2E_SESSIONS_DIR): string {
  if (!dir) throw new Error('E2E_SESSIONS_DIR is not set: the sessions are saved by tests/e2e/globalSetup.ts');
  return path.join(dir, `${account.email}.json`);
}

/** Signs every seeded account in and saves its session for the site at `siteUrl`, in `dir` (E2E_SESSIONS_DIR for the specs). */
export async function saveSessions(dir: string, stack: { apiUrl: string; anonKey: string }, siteUrl: string): Promise<void> {
  fs.mkdirSync(dir, { recursive: true });
  await Promise.all(
    LOCAL_ACCOUNTS.map(async (account) => {
      const client = createClient(stack.apiUrl, stack.anonKey, {
        auth: { persistSession: false, autoRefreshToken: false },
        realtime: { transport: ws as never },
      });
      const { data, error } = await client.auth.signInWithPassword({ email: account.email, password: account.password });
      if (error) throw new Error(`E2E: ${account.email} could not sign in to save its session: ${error.message}`);
      const state = {
        cookies: [],
        origins: [
          { origin: new URL(siteUrl).origin, localStorage: [{ name: authStorageKey(stack.apiUrl), value: JSON.stringify(data.session) }] },
        ],
      };
      fs.writeFileSync(sessionFile(account, dir), JSON.stringify(state));
    }),
  );
}
