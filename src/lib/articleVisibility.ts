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

/** The filters onlyPublic applies, as every PostgREST filter builder has them. */
interface Filterable<Q> {
  in(column: string, values: readonly string[]): Filterable<Q>;
  lte(column: string, value: string): Q;
}

/**
 * Keeps only public articles (isPublicNow's rule) in a PostgREST query (a filter builder: `from(…).select(…)`).
 * `embed` names the embedded articles (`'articles'`, or an alias such as `'article'`) when the
 * query's own rows are something else; with a `!inner` embed, rows whose article is not public go too.
 * Q is only asked to be an object: matching postgrest-js's typed builders against an interface is
 * too deep for the type checker.
 */
export function onlyPublic<Q extends object>(query: Q, embed?: string, now: Date = new Date()): Q {
  const column = (name: string) => (embed ? `${embed}.${name}` : name);
  return (query as unknown as Filterable<Q>).in(column('status'), PUBLIC_STATUSES).lte(column('published_at'), now.toISOString());
}

/** The orders a tag's rows are read in, as postgrest-js's builders have them. */
interface Orderable<Q> {
  order(column: string, options: { referencedTable: string; ascending: boolean; nullsFirst?: boolean }): Q;
}

/**
 * A tag's article_tags rows (embedded as `embed`) of public articles, newest first: each row carries
 * the moment its article comes out (public_at, private.article_public_at: published_at when the
 * status lets it out), so the rule is that moment having come, and the order a category's
 * (published_at, then id, both descending), both read from the tag's index.
 */
export function newestPublicTagged<Q extends object>(query: Q, embed = 'article_tags', now: Date = new Date()): Q {
  const filtered = (query as unknown as Filterable<Q>).lte(`${embed}.public_at`, now.toISOString()) as unknown as Orderable<Q>;
  const dated = filtered.order('public_at', { referencedTable: embed, ascending: false, nullsFirst: false }) as unknown as Orderable<Q>;
  return dated.order('article_id', { referencedTable: embed, ascending: false });
}
