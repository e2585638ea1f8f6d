import type { PostgrestClient } from '@supabase/postgrest-js';
import type { Database } from '@/lib/database';

type Reader = PostgrestClient<Database>;

/**
 * How the page cache reads the content version: through PostgREST, or first the other way given
 * (the server's own Postgres connection), falling back to PostgREST while that fails (a wrong
 * password or an unreachable pooler must not leave every page unproven). Either read proves as much.
 */
export function versionReader(db: Reader, direct?: (signal: AbortSignal) => Promise<string>): (signal: AbortSignal) => Promise<string> {
  const throughApi = async (signal: AbortSignal) => {
    const { data, error } = await db.rpc('content_version').abortSignal(signal);
    if (error) throw new Error(`content_version: ${error.message}`);
    return String(data);
  };
  if (!direct) return throughApi;
  let failing = false;
  return async (signal) => {
    try {
      const version = await direct(signal);
      if (failing) console.error('La version du contenu est de nouveau lue par Postgres');
      failing = false;
      return version;
    } catch (error) {
      if (!failing) console.error('La version du contenu n’a pas pu être lue par Postgres : elle est lue par l’API en attendant', error);
      failing = true;
      return throughApi(signal);
    }
  };
}
