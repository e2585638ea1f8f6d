-- The corrections page at 100,000 articles (bench:scale): the policy "corrections of public
-- articles" was an EXISTS on articles that the planner ran as a hashed subplan, reading the ids of
-- every public article (an index-only scan of 100,028 rows, 40–50 ms) to show a handful of
-- corrections: 3.8× the seed's time. Asked per correction row through a function the planner
-- cannot inline (its SET clause), the check is one primary-key lookup per correction the page
-- reads. Same rule: the correction's article is public (an admin's RLS on articles sees drafts, so
-- the article's public state is checked here, as before).
create function private.article_id_is_public(p_article_id uuid) returns boolean
language sql stable parallel safe set search_path = '' as $$
  select exists (
    select 1 from public.articles a
    where a.id operator(pg_catalog.=) p_article_id and private.article_is_public(a.status, a.published_at)
  )
$$;
revoke execute on function private.article_id_is_public(uuid) from public;
grant execute on function private.article_id_is_public(uuid) to anon, authenticated, service_role;

alter policy "corrections of public articles" on public.article_corrections
  using (private.article_id_is_public(article_id));
