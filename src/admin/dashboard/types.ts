import type { DailyPoint } from '../charts/types';

/** What dashboard_stats() returns (supabase/migrations/…_reads_and_tracking.sql). */
export interface DashboardStats {
  total_articles: number;
  published: number;
  drafts: number;
  /** Sum of the articles' view counters: every article read since the site opened. */
  total_views: number;
  /** The last 14 days, oldest first, days without views included. */
  daily: DailyPoint[];
}
