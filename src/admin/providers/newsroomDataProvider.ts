import type { PostgrestSingleResponse } from '@supabase/postgrest-js';
import { supabaseDataProvider } from 'ra-supabase';
import { withLifecycleCallbacks, type DataProvider } from 'react-admin';
import type { AnalyticsSummary, DashboardStats } from '@/lib/database';
import type { DataClient } from '@/lib/supabase';
import { accountSearchFilter } from '../users/accountSearch';
import type { GrantableRole } from '../users/types';
import { articleCallbacks } from './articleCallbacks';
import { withFrenchErrors } from './frenchDataProvider';
import { raSupabaseClient } from './raSupabaseClient';
import { publicImagePrefix } from '../articles/images/imageFiles';
import type { FileRemover } from './articleFiles';

/** What the provider needs of a Supabase client: REST and RPC calls, and the session for the token. */
export interface NewsroomClient extends DataClient {
  auth: { getSession(): Promise<{ data: { session: { access_token: string } | null } }> };
}

export interface NewsroomProviderOptions {
  supabaseUrl: string;
  anonKey: string;
  client: NewsroomClient;
  /** Removes objects from the article-images bucket. */
  removeImageFiles: FileRemover;
}

/** The back office's own calls, beside react-admin's CRUD: read with react-query (useQuery/useMutation). */
export interface NewsroomMethods {
  /** The dashboard's figures (dashboard_stats(), administrators only). */
  dashboardStats(): Promise<DashboardStats>;
  /** The audience of the last `days` days (analytics_summary(p_days)). */
  analyticsSummary(days: number): Promise<AnalyticsSummary>;
  /**
   * Grants or revokes a newsroom role (Administrateur or Journaliste). Row-level security lets only
   * administrators write roles, and a trigger keeps the last administrator: a refusal rejects with
   * the database's error (code, details).
   */
  setRole(userId: string, role: GrantableRole, granted: boolean): Promise<void>;
}

export type NewsroomDataProvider = DataProvider & NewsroomMethods;

/**
 * PostgREST through ra-supabase, with the signed-in admin's token so row-level security applies,
 * the resources' rules as react-admin lifecycle callbacks, and the back office's RPCs.
 */
export function createNewsroomDataProvider({
  supabaseUrl,
  anonKey,
  client,
  removeImageFiles,
}: NewsroomProviderOptions): NewsroomDataProvider {
  // Failures in French for whatever shows them (react-admin's notifications and inputs), their codes kept.
  const rest = withFrenchErrors(
    supabaseDataProvider({ instanceUrl: supabaseUrl, apiKey: anonKey, supabaseClient: raSupabaseClient(client) }),
  );
  // Lifecycle callbacks after a create receive its result only: the call's meta travels on it, so
  // afterCreate knows which images the new article was created with.
  const base: DataProvider = {
    ...rest,
    create: async (resource, params) => {
      const result = await rest.create(resource, params);
      return { ...result, meta: { ...result.meta, call: params.meta } };
    },
  };
  const withRules = withLifecycleCallbacks(base, [
    articleCallbacks({ db: client, imagePrefix: publicImagePrefix(supabaseUrl), removeFiles: removeImageFiles }),
    { resource: 'accounts', beforeGetList: async (params) => ({ ...params, filter: accountSearchFilter(params.filter ?? {}) }) },
  ]);

  const result = <T>({ data, error }: PostgrestSingleResponse<T>): T => {
    if (error) throw error;
    return data;
  };

  return {
    ...withRules,
    dashboardStats: async () => result(await client.rpc('dashboard_stats')),
    analyticsSummary: async (days) => result(await client.rpc('analytics_summary', { p_days: days })),
    async setRole(userId, role, granted) {
      const { error } = granted
        ? await client.from('user_roles').insert({ user_id: userId, role })
        : await client.from('user_roles').delete().eq('user_id', userId).eq('role', role);
      // 23505: another admin granted the role meanwhile; the outcome is the one asked for.
      if (error && error.code !== '23505') throw error;
    },
  };
}
