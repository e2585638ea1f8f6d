import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '@/lib/database';
import { inject } from 'vitest';
import { LOCAL_ACCOUNTS } from '../../supabase/local/accounts.ts';
import { client } from '../../supabase/local/tests/clients.ts';
import { createNewsroomDataProvider, type NewsroomDataProvider, type NewsroomProviderOptions } from '@/admin/providers/newsroomDataProvider';

// Test-only: the back office's data provider as the browser builds it, over a client of the local
// test stack, for the integration tests that drive the provider against the real database.

const SEEDED_ADMIN = LOCAL_ACCOUNTS.find((a) => a.email.startsWith('admin@'))!;
const keepFiles: NewsroomProviderOptions['removeImageFiles'] = async () => {};

/** The data provider over `sb`; by default it removes no file (most tests store none). */
export const stackProvider = (sb: SupabaseClient<Database>, removeImageFiles = keepFiles): NewsroomDataProvider =>
  createNewsroomDataProvider({
    supabaseUrl: inject('apiUrl'),
    anonKey: inject('anonKey'),
    client: sb,
    removeImageFiles,
  });

/** A local account (the seeded administrator unless told) signed in, and the data provider over its client. */
export async function signedInProvider(
  account: { email: string; password: string } = SEEDED_ADMIN,
  removeImageFiles = keepFiles,
): Promise<{ client: SupabaseClient<Database>; provider: NewsroomDataProvider }> {
  const sb = client<Database>();
  const { error } = await sb.auth.signInWithPassword({ email: account.email, password: account.password });
  if (error) throw error;
  return { client: sb, provider: stackProvider(sb, removeImageFiles) };
}
