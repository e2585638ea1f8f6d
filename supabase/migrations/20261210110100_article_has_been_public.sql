-- Stable addresses (issue 26, item 5): an article's slug follows its title only while readers have
-- never seen it; once it has been public, it changes by hand only (docs/product.md#slugs). The
-- editor reads this computed field (articles?select=…,has_been_public) to know which applies.
-- Public once means what the permanent links already mean (private.remember_slug): public now, or
-- one of its revisions was public while it was the article (from its save until the next one),
-- so an article published then withdrawn keeps its address, and a scheduled one replaced before
-- its moment never counted. Read as the caller: revisions are visible to administrators and to the
-- article's journalist, the two who may edit it.
create function public.has_been_public(a public.articles) returns boolean
language sql stable security invoker set search_path = '' as $$
  select private.article_is_public(a.status, a.published_at)
      or exists (
        select 1
        from (select r.status, r.published_at, lead(r.created_at) over (order by r.id) as replaced_at
              from public.article_revisions r
              where r.article_id = a.id) r
        where r.status in ('published', 'scheduled')
          and r.published_at <= coalesce(r.replaced_at, pg_catalog.now()))
$$;
revoke execute on function public.has_been_public(public.articles) from public, anon, authenticated, service_role;
grant execute on function public.has_been_public(public.articles) to authenticated, service_role;
