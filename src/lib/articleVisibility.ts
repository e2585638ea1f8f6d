// The one rule of what readers may see of the newsroom's articles, in the browser and on the
// server alike: published or scheduled (never a draft, never an article waiting for review), and
// its moment has come (a scheduled article goes out at its published_at). The database's
// private.article_is_public says the same; the reader filters on it (queries, realtime events, the
// preview's banner), the back office shows it (badges, editor notices).

/** The statuses of an article readers may see once its moment has come. */
export const PUBLIC_STATUSES = ['published', 'scheduled'] as const;

/** The columns of the rule, as rows, records and realtime events carry them. */
export interface Publishable {
  status: string;
  published_at?: string | null;
}

/** Whether readers see this article at `now` (the rule of private.article_is_public). */
export function isPublicNow(row: Publishable, now: Date = new Date()): boolean {
  if (!(PUBLIC_STATUSES as readonly string[]).includes(row.status) || !row.published_at) return false;
  const at = Date.parse(row.published_at);
  return !Number.isNaN(at) && at <= now.getTime();
}
