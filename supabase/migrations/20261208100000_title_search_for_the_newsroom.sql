-- The back office's title search (20261207097000) answered any signed-in account: a reader (anyone
-- may sign up) could call it with an empty pattern and have it fold every title and build every
-- public row, up to the statement timeout, again and again. Only the newsroom searches titles
-- there (readers search with search_articles), so everyone else now gets no rows at once.
create or replace function public.search_article_titles(p_pattern text) returns setof public.articles
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
