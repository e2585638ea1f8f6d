import type { DailyPoint } from '../charts/types';

/** What dashboard_stats() returns (supabase/migrations/…_newsroom_workflow.sql). */
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
