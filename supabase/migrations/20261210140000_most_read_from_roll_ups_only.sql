-- « Les plus lus » from the daily roll-up alone (issue 24). Its week counted to the second, so the
-- partial UTC day the week began in was counted from raw view rows on every home and article
-- render: about 26,000 rows and 27–36 ms at 5 million views, the last read of raw rows at request
-- time. The week is now today and the 7 whole UTC days before it (7 to 8 days of views): one
-- index range per day of the roll-up, the day's 100 most read, then their sums by key.
create or replace function public.most_read(p_limit integer default 5, p_except uuid default null) returns jsonb
language sql stable security definer set search_path = '' as $$
  with bounds as materialized (
    select private.utc_day(pg_catalog.now()) - 7 as first_day, private.utc_day(pg_catalog.now()) as today),
  candidates as (
    select distinct t.article_id
    from bounds b, pg_catalog.generate_series(b.first_day, b.today, interval '1 day') g(at)
    cross join lateral (select d.article_id from private.article_views_daily d
                        where d.day = g.at::date order by d.views desc limit 100) t),
  week as (
    select c.article_id, s.views
    from candidates c
    cross join lateral (select sum(d.views) as views from private.article_views_daily d, bounds b
                        where d.article_id = c.article_id and d.day >= b.first_day) s
    where c.article_id is distinct from p_except),
  ranked as (
    select w.views, a.published_at, a.id
    from week w
    -- A look-up by key for each of the few candidates (offset 0 keeps it one: the planner would
    -- otherwise walk the whole articles index to merge them).
    cross join lateral (select a.id, a.status, a.published_at from public.articles a where a.id = w.article_id offset 0) a
    where private.article_is_public(a.status, a.published_at)
    order by w.views desc, a.published_at desc, a.id
    limit least(greatest(coalesce(p_limit, 5), 1), 5))
  select coalesce(jsonb_agg(k.card order by r.views desc, r.published_at desc, r.id), '[]'::jsonb)
  from ranked r
  cross join lateral (select private.article_card(a, c) as card from public.articles a
                      left join public.categories c on c.id = a.category_id where a.id = r.id offset 0) k
$$;
