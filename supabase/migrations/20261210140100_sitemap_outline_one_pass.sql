-- The sitemap index in one pass over the public articles (issue 24). Each category's last change
-- was a scan of all public articles per category (8 scans of 100,000 rows: 150 of the 200 ms of
-- /sitemap.xml and /sitemap-pages.xml at scale); it is now one grouping, like the authors'.
-- Same answer, same rules: it runs as the caller, keeping it to public articles for anyone.
create or replace function public.sitemap_outline(p_per_file integer) returns jsonb
language sql stable security invoker set search_path = '' as $$
  with public_articles as materialized (
    select a.id, a.category_id, a.author_id, greatest(a.updated_at, a.published_at) as changed_at,
           pg_catalog.row_number() over (order by a.published_at, a.id) - 1 as position
    from public.articles a
    where private.article_is_public(a.status, a.published_at)),
  by_category as (
    select p.category_id, max(p.changed_at) as lastmod from public_articles p group by p.category_id)
  select jsonb_build_object(
    'categories', coalesce((
      select jsonb_agg(jsonb_build_object('slug', c.slug, 'lastmod', l.lastmod) order by c.name)
      from public.categories c left join by_category l on l.category_id = c.id), '[]'::jsonb),
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
