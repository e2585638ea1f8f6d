import { createClient } from '@supabase/supabase-js';
import { env } from './env';

/** The one Supabase client of the site: session kept in localStorage and refreshed automatically. */
export const supabase = createClient(env.supabaseUrl, env.supabaseAnonKey, {
  auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true, storage: globalThis.localStorage },
});
