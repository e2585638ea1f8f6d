// What readers may see of the newsroom's articles (the rule: src/lib/articleVisibility.ts). The
// database decides it for anon and readers (RLS, private.article_is_public), but an
// administrator's RLS sees every row, and a journalist's their own drafts and articles waiting for
// review: newsroom members browsing the reader site must see what readers see, so every reader
// query says it too, with this.
import { PUBLIC_STATUSES } from '@/lib/articleVisibility';

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
