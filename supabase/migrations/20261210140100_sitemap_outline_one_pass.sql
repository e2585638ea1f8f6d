-- The sitemap index without a scan of every public article per category (issue 24): each
-- category's last change was a scan of all public articles for each category (8 passes over
-- 100,000 rows at scale). Now each part (categories, authors, files) is one grouping read from the
-- public articles' covering index. Same answer, same rules: it runs as the caller, keeping it to
-- public articles for anyone.
create or replace function public.sitemap_outline(p_per_file integer) returns jsonb
language sql stable security invoker set search_path = '' as $$
  select jsonb_build_object(
    'categories', coalesce((
      select jsonb_agg(jsonb_build_object('slug', c.slug, 'lastmod', l.lastmod) order by c.name)
      from public.categories c
      left join (select a.category_id, max(greatest(a.updated_at, a.published_at)) as lastmod from public.articles a
                 where private.article_is_public(a.status, a.published_at) group by a.category_id) l on l.category_id = c.id), '[]'::jsonb),
    'authors', coalesce((
      select jsonb_agg(jsonb_build_object('slug', b.slug, 'lastmod', l.lastmod) order by b.slug)
      from public.bylines b
      join (select a.author_id, max(greatest(a.updated_at, a.published_at)) as lastmod from public.articles a
            where private.article_is_public(a.status, a.published_at) group by a.author_id) l on l.author_id = b.user_id
      where b.slug is not null), '[]'::jsonb),
    'article_files', coalesce((
      select jsonb_agg(f.lastmod order by f.n)
      from (select p.position / least(greatest(p_per_file, 1), 50000) as n, max(p.changed_at) as lastmod
            from (select greatest(a.updated_at, a.published_at) as changed_at,
                         pg_catalog.row_number() over (order by a.published_at, a.id) - 1 as position
                  from public.articles a where private.article_is_public(a.status, a.published_at)) p
            group by 1) f), '[]'::jsonb))
$$;
