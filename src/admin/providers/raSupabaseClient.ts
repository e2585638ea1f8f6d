import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '@/lib/database';

/**
 * The site's client as ra-supabase's providers take it. They declare a whole supabase-js client
 * but use only its `auth` (the session, sign-in and sign-out) and its `headers` if it has some;
 * the site's client is built from supabase-js's parts (src/lib/supabase.ts), so it is no instance
 * of supabase-js's class. This is the one place that hands it over as one.
 */
export const raSupabaseClient = (client: { auth: unknown }): SupabaseClient<Database> => client as unknown as SupabaseClient<Database>;
