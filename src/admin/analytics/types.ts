import type { DailyPoint } from '../charts/types';

/** The periods offered, in days (docs/product.md#analytics). */
export const PERIODS = [7, 30, 90] as const;
export type Period = (typeof PERIODS)[number];

/** What analytics_summary(p_days) returns (supabase/migrations/…_reads_and_tracking.sql). */
export interface AnalyticsSummary {
  period_days: number;
  since: string;
  total_page_views: number;
  /** Articles read at least once in the period. */
  popular_articles: number;
  /** Categories with at least one published article. */
  active_categories: number;
  /** At most 10, most read first. */
  top_articles: { id: string; title: string; slug: string; view_count: number; views: number }[];
  /** Categories that have articles, most read in the period first. */
  categories: { id: string; name: string; slug: string; articles: number; views: number }[];
  daily: DailyPoint[];
}
