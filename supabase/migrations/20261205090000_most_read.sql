-- "Les plus lus" and the sitemap index (issue 14): the week's most-read public articles, and the
-- outline of the site's sitemaps, both computed here so no client reads the view rows or lists
-- every article to learn them.

-- 1. Les plus lus -------------------------------------------------------------------------------
-- The week's most-read articles: their counted views (article_views holds only the reads that
-- record_article_view counted, one per reader per 30 minutes, each dated) of the last 7 days,
-- most first, then the newer article, then its id, so equal counts always come in the same order.
-- Only articles public now are listed, whoever calls; p_except leaves out the article being read.
-- It runs as its owner because no API role reads article_views; it answers cards, never counts.
create function public.most_read(p_limit integer default 5, p_except uuid default null) returns jsonb
language sql stable security definer set search_path = '' as $$
  with week as (
    select v.article_id, count(*) as views
    from public.article_views v
    where v.created_at > pg_catalog.now() - interval '7 days'
      and v.article_id is distinct from p_except
    group by v.article_id),
  ranked as (
    select private.article_card(a, c) as card, w.views, a.published_at, a.id
    from week w
    join public.articles a on a.id = w.article_id
    left join public.categories c on c.id = a.category_id
    where private.article_is_public(a.status, a.published_at)
    order by w.views desc, a.published_at desc, a.id
    limit least(greatest(coalesce(p_limit, 5), 1), 5))
  select coalesce(jsonb_agg(r.card order by r.views desc, r.published_at desc, r.id), '[]'::jsonb) from ranked r
$$;
revoke execute on function public.most_read(integer, uuid) from public, anon, authenticated, service_role;
grant execute on function public.most_read(integer, uuid) to anon, authenticated, service_role;

-- 2. The sitemap index --------------------------------------------------------------------------
-- What /sitemap.xml and the pages sitemap need without listing every article: when each category
-- and each author's page last changed (an article of theirs saved or going out), and the public
-- articles cut into files of p_per_file, oldest first (so a new article only changes the last
-- file), with each file's last change. It runs as the caller: anon's policies and the rule below
-- keep it to public articles, for an administrator too.
create function public.sitemap_outline(p_per_file integer) returns jsonb
language sql stable security invoker set search_path = '' as $$
  with public_articles as (
    select a.id, a.category_id, a.author_id, greatest(a.updated_at, a.published_at) as changed_at,
           pg_catalog.row_number() over (order by a.published_at, a.id) - 1 as position
    from public.articles a
    where private.article_is_public(a.status, a.published_at))
  select jsonb_build_object(
    'categories', coalesce((
      select jsonb_agg(jsonb_build_object('slug', c.slug, 'lastmod', (select max(p.changed_at) from public_articles p where p.category_id = c.id))
                       order by c.name)
      from public.categories c), '[]'::jsonb),
    'authors', coalesce((
      select jsonb_agg(jsonb_build_object('slug', b.slug, 'lastmod', l.lastmod) order by b.slug)
      from public.bylines b
      join (select p.author_id, max(p.changed_at) as lastmod from public_articles p group by p.author_id) l on l.author_id = b.user_id
      where b.slug is not null), '[]'::jsonb),
    'article_files', coalesce((
      select jsonb_agg(f.lastmod order by f.n)
      from (select p.position / least(greatest(p_per_file, 1), 50000) as n, max(p.changed_at) as lastmod
            from public_articles p group by 1) f), '[]'::jsonb))
$$;
revoke execute on function public.sitemap_outline(integer) from public, anon, authenticated, service_role;
grant execute on function public.sitemap_outline(integer) to anon, authenticated, service_role;
