import type { PostgrestSingleResponse } from '@supabase/postgrest-js';
import { supabaseDataProvider } from 'ra-supabase';
import { useDataProvider, withLifecycleCallbacks, type DataProvider, type GetListParams } from 'react-admin';
import type {
  AnalyticsSummary,
  ArticleSignups,
  ChannelFigures,
  ChannelOutlets,
  ChannelsNow,
  DashboardStats,
  PurgeStatus,
} from '@/lib/database';
import type { DataClient } from '@/lib/supabase';
import { accountSearchFilter } from '../users/accountSearch';
import { tagSearchFilter } from '../tags/tagSearch';
import type { GrantableRole } from '../users/types';
import { articleCallbacks } from './articleCallbacks';
import { withFrenchErrors } from './frenchDataProvider';
import { withFreeArticleSlugs } from './freeSlug';
import { raSupabaseClient } from './raSupabaseClient';
import { publicImagePrefix } from '../articles/images/imageFiles';
import { articleImageMethods, type ArticleImageMethods } from './articleImageMethods';
import type { ImageFiles } from './imageBucket';
import { liveMethods, type LiveMethods } from './liveMethods';
import { tagMethods, type TagMethods } from './tagMethods';
import { createArticleOutbox, withArticleOutbox, type ArticleOutbox } from '../articles/outbox/articleOutbox';

/** What the provider needs of a Supabase client: REST and RPC calls, and the session for the token. */
export interface NewsroomClient extends DataClient {
  auth: { getSession(): Promise<{ data: { session: { access_token: string } | null } }> };
}

export interface NewsroomProviderOptions {
  supabaseUrl: string;
  anonKey: string;
  client: NewsroomClient;
  /** The article-images bucket's files (imageBucket.ts). */
  imageFiles: ImageFiles;
}

/**
 * The back office's own calls, beside react-admin's CRUD: read with react-query (useQuery/useMutation)
 * over useNewsroomDataProvider. The image panel's are ArticleImageMethods, the live desk's LiveMethods,
 * the tags' TagMethods.
 */
export interface NewsroomMethods extends ArticleImageMethods, LiveMethods, TagMethods {
  /** The dashboard's figures (dashboard_stats(), administrators only). */
  dashboardStats(): Promise<DashboardStats>;
  /** CDN purges not done, failing or late, and the last error (purge_status(), administrators only). */
  purgeStatus(): Promise<PurgeStatus | null>;
  /** The audience of the last `days` days (analytics_summary(p_days)). */
  analyticsSummary(days: number): Promise<AnalyticsSummary>;
  /** « Sources »: each channel over the last `days` days (channel_sources, administrators only). */
  channelSources(days: number): Promise<ChannelFigures[]>;
  /** « Canaux »: what was sent out against the views each channel brought (channel_outlets, administrators only). */
  channelOutlets(days: number): Promise<ChannelOutlets>;
  /** « En ce moment »: the last 5 minutes (channels_now, administrators only). */
  channelsNow(): Promise<ChannelsNow>;
  /** The editor's panel: one article's channels (article_channels: administrators, and the article's author). */
  articleChannels(articleId: string, days: number): Promise<ChannelFigures[]>;
  /** The same panel's newsletter and alerts sign-ups that started on the article (article_signups, the same callers). */
  articleSignups(articleId: string, days: number): Promise<ArticleSignups>;
  /**
   * Who wrote each correction of an article, with the author's profile name (correction_authors,
   * administrators only, who also read every profile); a deleted account's correction has no author.
   */
  correctionAuthors(articleId: string): Promise<CorrectionAuthor[]>;
  /**
   * Grants or revokes a newsroom role (Administrateur or Journaliste). Row-level security lets only
   * administrators write roles, and a trigger keeps the last administrator: a refusal rejects with
   * the database's error (code, details).
   */
  setRole(userId: string, role: GrantableRole, granted: boolean): Promise<void>;
}

export interface CorrectionAuthor {
  /** The correction's id. */
  id: string;
  author_id: string | null;
  author_name: string | null;
}

export type NewsroomDataProvider = DataProvider & NewsroomMethods;

/**
 * The article editor's saves kept on the phone while the network is away (articleOutbox.ts). Read
 * from the provider object itself (dataProvider.ts exports it), never through useDataProvider:
 * react-admin's proxy turns every property into a call.
 */
export interface WithArticleOutbox {
  articleOutbox: ArticleOutbox;
}

/** useDataProvider with the back office's own methods (NewsroomMethods). */
export const useNewsroomDataProvider = () => useDataProvider<NewsroomDataProvider>();

/**
 * Lists whose tables grow without bound (an archive of 100,000 articles, tens of thousands of
 * subscribers, messages): the pager's total is PostgREST's estimate past its max rows (exact
 * below), so a page never counts the whole table.
 */
const ESTIMATED_COUNTS = ['articles', 'newsletter_subscribers', 'contact_messages'] as const;
const estimatedCount = async (params: GetListParams): Promise<GetListParams> => ({
  ...params,
  meta: { ...params.meta, headers: { ...params.meta?.headers, Prefer: 'count=estimated' } },
});

/**
 * The articles list searched by title (filter `title_key@ilike`, set by articleSearchFilter) reads
 * search_article_titles(p_pattern) instead of the table: behind row-level security the table's
 * trigram index stays unused (ILIKE is not leakproof), the function reads it and applies the same
 * read rule. PostgREST filters, sorts, pages and counts the function's rows like the table's.
 */
const TITLE_SEARCH = 'rpc/search_article_titles';
function titleSearchList(resource: string, params: GetListParams): [string, GetListParams] {
  const { 'title_key@ilike': pattern, ...filter } = params.filter ?? {};
  if (resource !== 'articles' || typeof pattern !== 'string') return [resource, params];
  // An empty operator ('p_pattern@') hands the value to PostgREST as it is: the function's argument.
  return [TITLE_SEARCH, { ...params, filter: { ...filter, 'p_pattern@': pattern } }];
}

/** PostgREST's max rows (supabase/config.toml max_rows, hosted's default): no answer holds more. */
export const API_MAX_ROWS = 1000;

/**
 * A list asked for more rows than one answer holds (the subscribers' CSV export takes them all)
 * is read in pages of API_MAX_ROWS, in the list's order, until a short page; a total from the
 * first page. Ordinary pages (25 a screen) are one request as before.
 */
async function listPastMaxRows(provider: DataProvider, resource: string, params: GetListParams) {
  const { page = 1, perPage = 25 } = params.pagination ?? {};
  if (perPage <= API_MAX_ROWS) return provider.getList(resource, params);
  const first = (page - 1) * perPage;
  if (first % API_MAX_ROWS) throw new Error(`${resource}: a list longer than ${API_MAX_ROWS} rows must start at a multiple of it`);
  const data: Awaited<ReturnType<DataProvider['getList']>>['data'] = [];
  let total: number | undefined;
  while (data.length < perPage) {
    const chunk = { page: (first + data.length) / API_MAX_ROWS + 1, perPage: API_MAX_ROWS };
    const result = await provider.getList(resource, { ...params, pagination: chunk });
    total ??= result.total;
    data.push(...result.data.slice(0, perPage - data.length));
    // Read to the end: the total is what was read (an estimated count is only the planner's guess).
    if (result.data.length < API_MAX_ROWS) return { data, total: first + data.length };
  }
  return { data, total: total ?? data.length };
}

/**
 * PostgREST through ra-supabase, with the signed-in admin's token so row-level security applies,
 * the resources' rules as react-admin lifecycle callbacks, and the back office's RPCs.
 */
export function createNewsroomDataProvider({
  supabaseUrl,
  anonKey,
  client,
  imageFiles,
}: NewsroomProviderOptions): NewsroomDataProvider & WithArticleOutbox {
  const imagePrefix = publicImagePrefix(supabaseUrl);
  // Failures in French for whatever shows them (react-admin's notifications and inputs), their codes kept.
  const rest = withFrenchErrors(
    supabaseDataProvider({ instanceUrl: supabaseUrl, apiKey: anonKey, supabaseClient: raSupabaseClient(client) }),
  );
  // Lifecycle callbacks after a create receive its result only: the call's meta travels on it, so
  // afterCreate knows which images the new article was created with.
  // An article's slug that follows its title is saved as the database's free one (freeSlug.ts).
  const slugs = withFreeArticleSlugs(rest, client);
  const base: DataProvider = {
    ...rest,
    getList: (resource, params) => rest.getList(...titleSearchList(resource, params)),
    update: slugs.update,
    create: async (resource, params) => {
      const result = await slugs.create(resource, params);
      return { ...result, meta: { ...result.meta, call: params.meta } };
    },
  };
  const withRules = withLifecycleCallbacks(base, [
    articleCallbacks({ db: client, imagePrefix, removeFiles: imageFiles.remove }),
    { resource: 'accounts', beforeGetList: async (params) => ({ ...params, filter: accountSearchFilter(params.filter ?? {}) }) },
    { resource: 'tags', beforeGetList: async (params) => ({ ...params, filter: tagSearchFilter(params.filter ?? {}) }) },
    ...ESTIMATED_COUNTS.map((resource) => ({ resource, beforeGetList: estimatedCount })),
  ]);

  const result = <T>({ data, error }: PostgrestSingleResponse<T>): T => {
    if (error) throw error;
    return data;
  };

  // A save of the article editor offline is kept on the phone and sent when the network returns.
  const articleOutbox = createArticleOutbox(withRules);
  return withArticleOutbox(
    {
      ...withRules,
      articleOutbox,
      getList: (resource, params) => listPastMaxRows(withRules, resource, params),
      ...articleImageMethods({ db: client, files: imageFiles, imagePrefix }),
      ...liveMethods(client),
      ...tagMethods(client),
      dashboardStats: async () => result(await client.rpc('dashboard_stats')),
      purgeStatus: async () => result(await client.rpc('purge_status'))[0] ?? null,
      analyticsSummary: async (days) => result(await client.rpc('analytics_summary', { p_days: days })),
      channelSources: async (days) => result(await client.rpc('channel_sources', { p_days: days })),
      channelsNow: async () => result(await client.rpc('channels_now')),
      channelOutlets: async (days) => result(await client.rpc('channel_outlets', { p_days: days })),
      articleChannels: async (articleId, days) => result(await client.rpc('article_channels', { p_article_id: articleId, p_days: days })),
      articleSignups: async (articleId, days) => result(await client.rpc('article_signups', { p_article_id: articleId, p_days: days })),
      async correctionAuthors(articleId) {
        const authors = result(await client.rpc('correction_authors', { p_article_id: articleId }));
        const ids = [...new Set(authors.flatMap((a) => (a.author_id ? [a.author_id] : [])))];
        const profiles = ids.length ? result(await client.from('profiles').select('user_id, full_name').in('user_id', ids)) : [];
        const names = new Map(profiles.map((p) => [p.user_id, p.full_name]));
        return authors.map((a) => ({ id: a.id, author_id: a.author_id, author_name: (a.author_id && names.get(a.author_id)) || null }));
      },
      async setRole(userId, role, granted) {
        const { error } = granted
          ? await client.from('user_roles').insert({ user_id: userId, role })
          : await client.from('user_roles').delete().eq('user_id', userId).eq('role', role);
        // 23505: another admin granted the role meanwhile; the outcome is the one asked for.
        if (error && error.code !== '23505') throw error;
      },
    },
    articleOutbox,
  );
}
