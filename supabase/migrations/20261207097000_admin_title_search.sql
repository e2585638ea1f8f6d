-- Reads that scale (issue 24), follow-up 2: the back office's title search on its trigram index.
-- Through the articles table, row-level security keeps the index unused: ILIKE is not leakproof, so
-- PostgreSQL checks every row's policies before it (0.35-0.7 s at 100,000 articles). This function
-- reads the index itself and applies the same read rule as the select policies on articles, word
-- for word (administrators every article, journalists their own and the public ones), for the
-- newsroom only: readers search with search_articles, and anyone else gets no rows at once rather
-- than a fold of every title per call. The list calls it as a resource (GET /rpc/search_article_titles?p_pattern=senegal*budget
-- &status=eq.draft&order=created_at.desc&limit=25): PostgREST filters, sorts, pages and counts its
-- rows like the table's, so the list keeps its filters, sorting and pagination.
-- p_pattern is the list's pattern without the outer stars (searchPattern.ts: folded words joined by
-- `*`, with `%`, `_` and `\` escaped), matched as PostgREST matches title_key=ilike.*…*.
create function public.search_article_titles(p_pattern text) returns setof public.articles
language sql stable security definer set search_path = '' rows 100 as $$
  select a.* from public.articles a
  where (select private.is_newsroom())
    and private.fold(a.title collate "default")
          operator(pg_catalog.~~*) ('%' operator(pg_catalog.||) pg_catalog.replace(coalesce(p_pattern, ''), '*', '%') operator(pg_catalog.||) '%')
    and ((select private.is_admin())
         or private.article_is_public(a.status, a.published_at)
         or (a.author_id = (select auth.uid()) and (select private.is_journalist())))
$$;
revoke execute on function public.search_article_titles(text) from public, anon, authenticated, service_role;
grant execute on function public.search_article_titles(text) to authenticated, service_role;
