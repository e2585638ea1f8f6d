import type { SupabaseClient } from '@supabase/supabase-js';
import { supabaseDataProvider } from 'ra-supabase';
import { env } from '@/lib/env';
import { supabase } from '@/lib/supabase';

/** PostgREST through ra-supabase, carrying the signed-in admin's token so RLS applies. */
export const dataProvider = supabaseDataProvider({
  instanceUrl: env.supabaseUrl,
  apiKey: env.supabaseAnonKey,
  supabaseClient: supabase as unknown as SupabaseClient,
});
