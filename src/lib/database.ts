// The database as the app's code sees it: the types `npm run db:types` generates from the schema
// (database.types.ts, never edited by hand), with what the generator cannot know written here, once.
//
// A function that returns jsonb is typed `Json`: PostgreSQL records no shape for a jsonb value, so
// the shapes that home_page, search_articles, dashboard_stats and analytics_summary build (their
// jsonb_build_object calls in supabase/migrations) are the hand-written types below, and `Database`
// gives them as those functions' results: `rpc('home_page')` returns HomeData, with no cast at the call.
// Likewise for the one array argument that may hold nulls (ArgsOverrides) and the view columns
// that are never null (NotNullViewColumns: PostgreSQL reports every view column nullable). The regeneration test
// (supabase/tests/database-types.int.test.ts) keeps the generated part true; these few lines are what
// it cannot check.
import type { Database as GeneratedDatabase } from './database.types';
import type { ChannelId } from './channels';

export type { TablesInsert, TablesUpdate } from './database.types';

/** `T` with the columns `K` never null: a view's (PostgreSQL marks every view column nullable), or one a query's filter guarantees. */
export type NonNullColumns<T, K extends keyof T> = Omit<T, K> & { [C in K]: NonNullable<T[C]> };

/** A row of the articles table, with its computed fields (image_alt, title_key, view_count). */
export type ArticleRow = Tables<'articles'>;

/** A category as lists and pages name it. */
export type Category = Pick<Tables<'categories'>, 'id' | 'name' | 'slug'>;

/**
 * What the reader shows of an article in lists and carousels: CARD_COLUMNS selects it, and
 * home_page and search_articles build the same object in JSON.
 */
export type ArticleCard = Pick<ArticleRow, 'id' | 'slug' | 'title' | 'excerpt' | 'image_url' | 'published_at'> &
  Partial<Pick<ArticleRow, 'image_alt' | 'word_count' | 'format'>> & {
    category: Pick<Category, 'name' | 'slug'> | null;
    /** A « Vrai ou faux »'s verdict (format 'factcheck'): its card carries it. */
    verdict?: string | null;
  };

// What the jsonb functions return ----------------------------------------------------------------

export interface HomeSection {
  category: Category;
  articles: ArticleCard[];
}

/** What home_page(p_per_category) returns. */
export interface HomeData {
  /** "À la une": the story pinned first, else the newest; never repeated in the sections. */
  featured: ArticleCard | null;
  /** "Les grands titres": the pinned top stories, in order (none when nothing is pinned). */
  top?: ArticleCard[];
  sections: HomeSection[];
}

/** One day of the statistics functions' `daily` arrays ('2026-11-21' plus counts). */
export interface DailyPoint {
  day: string;
  page_views: number;
  article_views?: number;
}

/** What dashboard_stats() returns. */
export interface DashboardStats {
  total_articles: number;
  /** Articles readers can see now (published, or scheduled and their moment has come). */
  published: number;
  /** Scheduled articles still waiting for their moment. */
  scheduled: number;
  /** Articles sent for review (« À relire »), waiting for an administrator. */
  to_review: number;
  drafts: number;
  /** Sum of the articles' view counters: every article read since the site opened. */
  total_views: number;
  /** The last 14 days, oldest first, days without views included. */
  daily: DailyPoint[];
}

/** What purge_status() returns (one row): the CDN purge queue as the dashboard reports it. */
export type PurgeStatus = GeneratedDatabase['public']['Functions']['purge_status']['Returns'][number];

/** What analytics_summary(p_days) returns. */
export interface AnalyticsSummary {
  period_days: number;
  since: string;
  total_page_views: number;
  /** Articles read at least once in the period. */
  popular_articles: number;
  /** Categories with at least one published article. */
  active_categories: number;
  /** At most 10, most read first. */
  top_articles: (Pick<ArticleRow, 'id' | 'title' | 'slug'> & { view_count: number; views: number })[];
  /** Categories that have articles, most read in the period first. */
  categories: (Category & { articles: number; views: number })[];
  daily: DailyPoint[];
}

/** One channel's sums over a period (channel_sources, article_channels; docs/product.md#sources). */
export interface ChannelFigures {
  channel: ChannelId;
  views: number;
  /** Engagement readings received (one per view at most, sent when the page was hidden). */
  readings: number;
  engaged_seconds: number;
  /** The readings' median engaged seconds, interpolated in six bands (0–10, 10–30, 30–60, 60–120, 120–300, 300+); null without readings. */
  median_engaged_seconds: number | null;
  /** Readings that reached the marker after the article's text. */
  completions: number;
  readers_new: number;
  readers_regular: number;
  readers_loyal: number;
  lite_views: number;
  kilobytes: number;
}

/** What article_signups(p_article_id, p_days) returns: the sign-ups that started on the article (src/public/page/pageArticle.ts). */
export interface ArticleSignups {
  /** Newsletter sign-ups from its page (a new address, or one that had left, sent its confirmation). */
  newsletter: number;
  /** Devices that turned alerts on from its page. */
  alertes: number;
}

/** What channel_outlets(p_days) returns: what the newsroom sent out, against the views each channel brought. */
export interface ChannelOutlets {
  period_days: number;
  alerts: { sent: number; targeted: number; opened: number };
  newsletter_editions: number;
  /** Share-button presses per network over the period. */
  shares: Partial<Record<'whatsapp' | 'facebook' | 'x' | 'linkedin', number>>;
  /** Article views per channel over the period (channels with none are absent). */
  arrivals: Partial<Record<ChannelId, number>>;
}

/** What channels_now() returns: the last 5 minutes. */
export interface ChannelsNow {
  views: number;
  channels: { channel: ChannelId; views: number; readings: number; engaged_seconds: number }[];
  /** At most 10, most read first, each with its channels. */
  articles: (Pick<ArticleRow, 'id' | 'title' | 'slug'> & {
    views: number;
    channels: { channel: ChannelId; views: number; readings: number; engaged_seconds: number }[];
  })[];
}

/** What sitemap_pages(p_page_size) returns: the pages sitemap's categories and authors, each dated by its first page's articles. */
export interface SitemapPages {
  /** Every category; lastmod null while it has no public article. */
  categories: { slug: string; lastmod: string | null }[];
  /** Authors with a public article. */
  authors: { slug: string; lastmod: string }[];
}

interface JsonResults {
  home_page: HomeData;
  /** At most 5, most read in the last 7 days first. */
  most_read: ArticleCard[];
  sitemap_pages: SitemapPages;
  search_articles: ArticleCard[];
  dashboard_stats: DashboardStats;
  analytics_summary: AnalyticsSummary;
  channel_sources: ChannelFigures[];
  channels_now: ChannelsNow;
  channel_outlets: ChannelOutlets;
  article_channels: ChannelFigures[];
  article_signups: ArticleSignups;
}

/**
 * Arguments the generator types too narrowly: it gives an array's elements their column's type,
 * but a PostgreSQL array may hold nulls, and set_front_page reads a null as an empty place.
 */
interface ArgsOverrides {
  set_front_page: { p_article_ids: (string | null)[] };
}

/** View columns that are never null: they come from NOT NULL columns (profiles') or are built so. */
interface NotNullViewColumns {
  bylines: 'id' | 'user_id';
  accounts: 'id' | 'user_id' | 'roles' | 'created_at';
}

type GeneratedViews = GeneratedDatabase['public']['Views'];
type AppView<V extends keyof GeneratedViews> = V extends keyof NotNullViewColumns
  ? Omit<GeneratedViews[V], 'Row'> & {
      Row: NonNullColumns<GeneratedViews[V]['Row'], Extract<NotNullViewColumns[V], keyof GeneratedViews[V]['Row']>>;
    }
  : GeneratedViews[V];

type GeneratedFunctions = GeneratedDatabase['public']['Functions'];
type AppFunction<F extends keyof GeneratedFunctions> = Omit<GeneratedFunctions[F], 'Args' | 'Returns'> & {
  Args: F extends keyof ArgsOverrides ? ArgsOverrides[F] : GeneratedFunctions[F]['Args'];
  Returns: F extends keyof JsonResults ? JsonResults[F] : GeneratedFunctions[F]['Returns'];
};

/** The generated types, with the functions' results and arguments above. What the Supabase clients are typed with. */
export type Database = Omit<GeneratedDatabase, 'public'> & {
  public: Omit<GeneratedDatabase['public'], 'Views' | 'Functions'> & {
    Views: { [V in keyof GeneratedViews]: AppView<V> };
    Functions: { [F in keyof GeneratedFunctions]: AppFunction<F> };
  };
};

type Relations = Database['public']['Tables'] & Database['public']['Views'];

/** A table's or a view's row, as `Database` gives it. */
export type Tables<Name extends keyof Relations> = Relations[Name]['Row'];
