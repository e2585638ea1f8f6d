import type { DashboardStats } from '@/lib/database';
import { isPublicNow } from '@/lib/articleVisibility';

/** What the dashboard reads of each of a journalist's own articles. */
export interface OwnArticle {
  status: string;
  published_at: string | null;
  view_count: number | null;
}

/** The columns OwnArticle reads (view_count is a computed field of articles). */
export const OWN_ARTICLE_COLUMNS = ['id', 'status', 'published_at', 'view_count'];

/**
 * A journalist's figures are their own articles' (dashboard_stats counts the whole newsroom's, which
 * told a reporter « 42 brouillons » of which none was theirs): counted as dashboard_stats counts,
 * the site's daily page views kept as they are (the site's, said so on the chart).
 */
export function ownFigures(articles: OwnArticle[], site: Pick<DashboardStats, 'daily'>, now = new Date()): DashboardStats {
  const count = (keep: (a: OwnArticle) => boolean) => articles.filter(keep).length;
  return {
    total_articles: articles.length,
    published: count((a) => isPublicNow(a, now)),
    scheduled: count((a) => a.status === 'scheduled' && !isPublicNow(a, now)),
    to_review: count((a) => a.status === 'review'),
    drafts: count((a) => a.status === 'draft'),
    total_views: articles.reduce((sum, a) => sum + (a.view_count ?? 0), 0),
    daily: site.daily,
  };
}
