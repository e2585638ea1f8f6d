-- Functions the pages call: view tracking (the only way to write views), the home page in one
-- round trip, French search, and admin statistics computed in SQL.

-- Anyone may record a view; only these functions write page_views, article_views and the counts.
create function public.record_page_view(p_path text) returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  if p_path is null or char_length(p_path) not between 1 and 512 or left(p_path, 1) <> '/' then
    raise exception 'record_page_view: path must start with / and be at most 512 characters' using errcode = '22023';
  end if;
  insert into public.page_views (path) values (p_path);
end $$;

-- Counts only published articles; answers the same either way, so it reveals nothing about drafts.
create function public.record_article_view(p_article_id uuid) returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  if exists (select 1 from public.articles where id = p_article_id and status = 'published') then
    insert into public.article_views (article_id) values (p_article_id);
    insert into public.article_view_counts as c (article_id, view_count) values (p_article_id, 1)
      on conflict (article_id) do update set view_count = c.view_count + 1;
  end if;
end $$;

-- articles.view_count for the API: a PostgREST computed field (select=id,title,view_count). The
-- row passed in was already filtered by the caller's RLS on articles.
create function public.view_count(a public.articles) returns integer
language sql stable security definer set search_path = '' as $$
  select coalesce((select c.view_count from public.article_view_counts c where c.article_id = a.id), 0)
$$;

-- Card fields shared by every list the reader shows.
create function private.article_card(a public.articles, c public.categories) returns jsonb
language sql stable set search_path = '' as $$
  select jsonb_build_object(
    'id', a.id, 'slug', a.slug, 'title', a.title, 'excerpt', a.excerpt, 'image_url', a.image_url,
    'published_at', a.published_at,
    'category', case when c.id is null then null else jsonb_build_object('name', c.name, 'slug', c.slug) end)
$$;
grant execute on function private.article_card(public.articles, public.categories) to anon, authenticated, service_role;

-- The home page in one call: the latest published article and, per category with content, its
-- latest published articles. Runs as the caller and filters on status itself, so an admin's
-- home page is the readers' one.
create function public.home_page(p_per_category integer default 10) returns jsonb
language sql stable security invoker set search_path = '' as $$
  select jsonb_build_object(
    'featured', (
      select private.article_card(a, c)
      from public.articles a left join public.categories c on c.id = a.category_id
      where a.status = 'published'
      order by a.published_at desc limit 1),
    'sections', coalesce((
      select jsonb_agg(jsonb_build_object('category', jsonb_build_object('id', c.id, 'name', c.name, 'slug', c.slug),
                                          'articles', s.articles) order by c.name)
      from public.categories c
      cross join lateral (
        select jsonb_agg(private.article_card(a, c) order by a.published_at desc) as articles
        from (select * from public.articles a
              where a.category_id = c.id and a.status = 'published'
              order by a.published_at desc
              limit least(greatest(coalesce(p_per_category, 10), 1), 20)) a
      ) s
      where s.articles is not null), '[]'::jsonb))
$$;

-- Published articles matching the words, accents and French inflections ignored, best first.
create function public.search_articles(q text, max_results integer default 30) returns jsonb
language sql stable security invoker set search_path = '' as $$
  with query as (select websearch_to_tsquery('public.french_unaccent', left(coalesce(q, ''), 200)) as tsq)
  select coalesce(jsonb_agg(r.card order by r.rank desc, r.published_at desc), '[]'::jsonb)
  from (
    select private.article_card(a, c) as card, a.published_at,
           ts_rank(private.article_document(a.title, a.excerpt, a.content), query.tsq) as rank
    from query, public.articles a left join public.categories c on c.id = a.category_id
    where a.status = 'published'
      and private.article_document(a.title, a.excerpt, a.content) @@ query.tsq
    order by rank desc, a.published_at desc
    limit least(greatest(coalesce(max_results, 30), 1), 100)
  ) r
$$;

create function private.require_admin() returns void
language plpgsql stable set search_path = '' as $$
begin
  if not private.is_admin() and auth.role() is distinct from 'service_role' then
    raise exception 'administrators only' using errcode = '42501';
  end if;
end $$;
grant execute on function private.require_admin() to authenticated, service_role;

-- Statistics for the last p_days days (7, 30 or 90 on the screen). Admins only.
create function public.analytics_summary(p_days integer default 7) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  since timestamptz;
begin
  perform private.require_admin();
  if p_days is null or p_days not between 1 and 366 then
    raise exception 'analytics_summary: p_days must be between 1 and 366' using errcode = '22023';
  end if;
  since := date_trunc('day', now()) - make_interval(days => p_days - 1);
  return jsonb_build_object(
    'period_days', p_days,
    'since', since,
    'total_page_views', (select count(*) from public.page_views where created_at >= since),
    'popular_articles', (select count(distinct article_id) from public.article_views where created_at >= since),
    'active_categories', (select count(distinct category_id) from public.articles where category_id is not null and status = 'published'),
    'top_articles', coalesce((
      select jsonb_agg(t order by t.views desc, t.title)
      from (select a.id, a.title, a.slug, public.view_count(a) as view_count, count(*) as views
            from public.article_views v join public.articles a on a.id = v.article_id
            where v.created_at >= since
            group by a.id order by views desc, a.title limit 10) t), '[]'::jsonb),
    'categories', coalesce((
      select jsonb_agg(t order by t.views desc, t.name)
      from (select c.id, c.name, c.slug,
                   (select count(*) from public.articles a where a.category_id = c.id) as articles,
                   (select count(*) from public.article_views v join public.articles a on a.id = v.article_id
                     where a.category_id = c.id and v.created_at >= since) as views
            from public.categories c) t
      where t.articles > 0), '[]'::jsonb),
    'daily', (
      select jsonb_agg(jsonb_build_object('day', d.day::date, 'page_views', coalesce(p.n, 0), 'article_views', coalesce(v.n, 0)) order by d.day)
      from generate_series(since, date_trunc('day', now()), interval '1 day') as d(day)
      left join (select date_trunc('day', created_at) as day, count(*) as n from public.page_views
                 where created_at >= since group by 1) p on p.day = d.day
      left join (select date_trunc('day', created_at) as day, count(*) as n from public.article_views
                 where created_at >= since group by 1) v on v.day = d.day));
end $$;

-- The dashboard's cards and its small chart. Admins only.
create function public.dashboard_stats() returns jsonb
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.require_admin();
  return jsonb_build_object(
    'total_articles', (select count(*) from public.articles),
    'published', (select count(*) from public.articles where status = 'published'),
    'drafts', (select count(*) from public.articles where status = 'draft'),
    'total_views', (select coalesce(sum(view_count), 0) from public.article_view_counts),
    'daily', (
      select jsonb_agg(jsonb_build_object('day', d.day::date, 'page_views', coalesce(p.n, 0)) order by d.day)
      from generate_series(date_trunc('day', now()) - interval '13 days', date_trunc('day', now()), interval '1 day') as d(day)
      left join (select date_trunc('day', created_at) as day, count(*) as n from public.page_views
                 where created_at >= date_trunc('day', now()) - interval '13 days' group by 1) p on p.day = d.day));
end $$;

revoke execute on function public.view_count(public.articles) from public, anon, authenticated, service_role;
grant execute on function public.view_count(public.articles) to anon, authenticated, service_role;
revoke execute on function public.record_page_view(text), public.record_article_view(uuid),
  public.home_page(integer), public.search_articles(text, integer),
  public.analytics_summary(integer), public.dashboard_stats() from public, anon, authenticated, service_role;
grant execute on function public.record_page_view(text), public.record_article_view(uuid),
  public.home_page(integer), public.search_articles(text, integer) to anon, authenticated, service_role;
grant execute on function public.analytics_summary(integer), public.dashboard_stats() to authenticated, service_role;
revoke execute on function private.article_card(public.articles, public.categories), private.require_admin() from public;
