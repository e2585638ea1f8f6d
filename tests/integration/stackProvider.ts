import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '@/lib/database';
import { inject } from 'vitest';
import { ARTICLE_IMAGES_BUCKET } from '@/admin/articles/images/constants';
import { bucketFiles, type ImageFiles } from '@/admin/providers/imageBucket';
import { createNewsroomDataProvider, type NewsroomDataProvider } from '@/admin/providers/newsroomDataProvider';
import { LOCAL_ACCOUNTS } from '../../supabase/seed/accounts.ts';
import { ownAddressClient } from '@afriqueactu/supabase-local/testing';

// Test-only: the back office's data provider as the browser builds it, over a client of the local
// test stack, for the integration tests that drive the provider against the real database.

const SEEDED_ADMIN = LOCAL_ACCOUNTS.find((a) => a.email.startsWith('admin@'))!;
/** Most tests store no file: by default the provider removes none (a seed image another test reads stays). */
const KEEP_FILES: Partial<ImageFiles> = { remove: async () => {} };

/**
 * The data provider over `sb`, its images' files in the stack's bucket as `sb` may write them;
 * `files` replaces some of that (by default removal does nothing; `{}` removes for real).
 */
export const stackProvider = (sb: SupabaseClient<Database>, files: Partial<ImageFiles> = KEEP_FILES): NewsroomDataProvider =>
  createNewsroomDataProvider({
    supabaseUrl: inject('apiUrl'),
    anonKey: inject('anonKey'),
    client: sb,
    imageFiles: { ...bucketFiles(async () => sb.storage.from(ARTICLE_IMAGES_BUCKET)), ...files },
  });

/** A local account (the seeded administrator unless told) signed in, and the data provider over its client. */
export async function signedInProvider(
  account: { email: string; password: string } = SEEDED_ADMIN,
  files: Partial<ImageFiles> = KEEP_FILES,
): Promise<{ client: SupabaseClient<Database>; provider: NewsroomDataProvider }> {
  const sb: SupabaseClient<Database> = ownAddressClient();
  const { error } = await sb.auth.signInWithPassword({ email: account.email, password: account.password });
  if (error) throw error;
  return { client: sb, provider: stackProvider(sb, files) };
}
