-- Reads that scale (issue 24, part 3), 2: « Les plus lus », the dashboard and the analytics read
-- counts rolled up per article per day and per day, kept exact as views are recorded. At 5 million
-- views they counted a week (1.3 M rows) to 90 days of raw rows on every call.
--
-- The roll-ups are kept by statement-level triggers on the raw tables: a batch of rows (one counted
-- read from record_article_view, or millions from an import) is aggregated once, so a bulk insert
-- costs no per-row work. Deleting raw rows (an article deleted cascades to its views) takes them
-- back out, so every roll-up always equals a count of the raw rows. Days are UTC days. Raw rows are
-- kept (docs/decisions.md): nothing reads them at request time any more.

create table private.article_views_daily (
  article_id uuid not null references public.articles (id) on delete cascade,
  day date not null,
  views integer not null check (views >= 0),
  primary key (article_id, day)
);
-- Each day's most-read articles first: the candidates « Les plus lus » and the analytics rank.
create index article_views_daily_day_idx on private.article_views_daily (day, views desc, article_id);

-- The last day an article was read: how many articles were read since a day, without counting
-- the days of each.
create table private.article_views_last (
  article_id uuid primary key references public.articles (id) on delete cascade,
  last_day date not null
);
create index article_views_last_day_idx on private.article_views_last (last_day);

-- Views per category per day, counted in the category the article was in when it was read (a
-- section's audience that day, whatever is moved later).
create table private.category_views_daily (
  category_id uuid not null references public.categories (id) on delete cascade,
  day date not null,
  views integer not null check (views >= 0),
  primary key (category_id, day)
);

-- The analytics count each category's articles (drafts included) from an index, not the table.
create index if not exists articles_category_idx on public.articles (category_id);

create table private.views_daily (
  day date primary key,
  page_views bigint not null default 0 check (page_views >= 0),
  article_views bigint not null default 0 check (article_views >= 0)
);

alter table private.article_views_daily enable row level security;
alter table private.views_daily enable row level security;
alter table private.article_views_last enable row level security;
alter table private.category_views_daily enable row level security;
revoke all on table private.article_views_daily, private.views_daily, private.article_views_last, private.category_views_daily
  from public, anon, authenticated, service_role;

create function private.utc_day(p_at timestamptz) returns date
language sql immutable parallel safe as $$
  select pg_catalog.timezone('UTC', p_at)::date
$$;
revoke execute on function private.utc_day(timestamptz) from public;

create function private.roll_up_article_views() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    insert into private.article_views_daily as d (article_id, day, views)
      select v.article_id, private.utc_day(v.created_at), count(*) from added v group by 1, 2
      order by 1, 2
      on conflict (article_id, day) do update set views = d.views + excluded.views;
    insert into private.article_views_last as l (article_id, last_day)
      select v.article_id, max(private.utc_day(v.created_at)) from added v group by 1 order by 1
      on conflict (article_id) do update set last_day = greatest(l.last_day, excluded.last_day);
    insert into private.category_views_daily as d (category_id, day, views)
      select a.category_id, private.utc_day(v.created_at), count(*) from added v join public.articles a on a.id = v.article_id
      where a.category_id is not null group by 1, 2 order by 1, 2
      on conflict (category_id, day) do update set views = d.views + excluded.views;
    insert into private.views_daily as d (day, article_views)
      select private.utc_day(v.created_at), count(*) from added v group by 1 order by 1
      on conflict (day) do update set article_views = d.article_views + excluded.article_views;
  else
    -- Rows removed with their article (a cascade) find no article any more: their category keeps
    -- those days' views, as a section's past audience.
    update private.category_views_daily d set views = greatest(d.views - g.n, 0)
      from (select a.category_id, private.utc_day(v.created_at) as day, count(*) as n
            from removed v join public.articles a on a.id = v.article_id group by 1, 2) g
      where d.category_id = g.category_id and d.day = g.day;
    update private.article_views_daily d set views = d.views - g.n
      from (select v.article_id, private.utc_day(v.created_at) as day, count(*) as n from removed v group by 1, 2) g
      where d.article_id = g.article_id and d.day = g.day;
    delete from private.article_views_daily d
      where d.views = 0 and (d.article_id, d.day) in (select v.article_id, private.utc_day(v.created_at) from removed v);
    update private.views_daily d set article_views = d.article_views - g.n
      from (select private.utc_day(v.created_at) as day, count(*) as n from removed v group by 1) g
      where d.day = g.day;
    delete from private.article_views_last l
      where l.article_id in (select v.article_id from removed v)
        and not exists (select 1 from private.article_views_daily d where d.article_id = l.article_id);
    update private.article_views_last l set last_day = (select max(d.day) from private.article_views_daily d where d.article_id = l.article_id)
      where l.article_id in (select v.article_id from removed v);
  end if;
  return null;
end $$;
revoke execute on function private.roll_up_article_views() from public;
create trigger roll_up_added_article_views after insert on public.article_views
  referencing new table as added for each statement execute function private.roll_up_article_views();
create trigger roll_up_removed_article_views after delete on public.article_views
  referencing old table as removed for each statement execute function private.roll_up_article_views();

create function private.roll_up_page_views() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    insert into private.views_daily as d (day, page_views)
      select private.utc_day(v.created_at), count(*) from added v group by 1 order by 1
      on conflict (day) do update set page_views = d.page_views + excluded.page_views;
  else
    update private.views_daily d set page_views = d.page_views - g.n
      from (select private.utc_day(v.created_at) as day, count(*) as n from removed v group by 1) g
      where d.day = g.day;
  end if;
  return null;
end $$;
revoke execute on function private.roll_up_page_views() from public;
create trigger roll_up_added_page_views after insert on public.page_views
  referencing new table as added for each statement execute function private.roll_up_page_views();
create trigger roll_up_removed_page_views after delete on public.page_views
  referencing old table as removed for each statement execute function private.roll_up_page_views();

-- What was recorded before this migration.
insert into private.article_views_daily (article_id, day, views)
  select v.article_id, private.utc_day(v.created_at), count(*) from public.article_views v group by 1, 2;
insert into private.article_views_last (article_id, last_day)
  select d.article_id, max(d.day) from private.article_views_daily d group by 1;
insert into private.category_views_daily (category_id, day, views)
  select a.category_id, d.day, sum(d.views) from private.article_views_daily d join public.articles a on a.id = d.article_id
  where a.category_id is not null group by 1, 2;
insert into private.views_daily as d (day, article_views)
  select private.utc_day(v.created_at), count(*) from public.article_views v group by 1;
insert into private.views_daily as d (day, page_views)
  select private.utc_day(v.created_at), count(*) from public.page_views v group by 1
  on conflict (day) do update set page_views = excluded.page_views;

-- « Les plus lus »: the same week as before, to the second (views after now() - 7 days): the whole
-- days from the roll-up, and the part of the day the week starts in from the raw rows (at most a
-- day of them, read from the (created_at, article_id) index alone). The articles ranked are each
-- day's 100 most read (one index range a day): the week's five most read are among them, short of
-- a week where more than 100 articles each outread them every single day, and then these are the
-- week's most read too. Their week is then summed exactly; cards are built for the five only.
create or replace function public.most_read(p_limit integer default 5, p_except uuid default null) returns jsonb
language sql stable security definer set search_path = '' as $$
  with bounds as materialized (
    select pg_catalog.now() - interval '7 days' as since,
           private.utc_day(pg_catalog.now() - interval '7 days') + 1 as first_whole_day,
           private.utc_day(pg_catalog.now()) as today),
  edge as materialized (
    select v.article_id, count(*) as views
    from public.article_views v, bounds b
    where v.created_at > b.since and v.created_at < pg_catalog.timezone('UTC', b.first_whole_day::timestamp)
    group by v.article_id),
  candidates as (
    select t.article_id
    from bounds b, pg_catalog.generate_series(b.first_whole_day, b.today, interval '1 day') g(at)
    cross join lateral (select d.article_id from private.article_views_daily d
                        where d.day = g.at::date order by d.views desc limit 100) t
    union
    select e.article_id from (select e.article_id from edge e order by e.views desc limit 100) e),
  week as (
    select c.article_id, coalesce(s.views, 0) + coalesce(e.views, 0) as views
    from candidates c
    left join edge e on e.article_id = c.article_id
    cross join lateral (select sum(d.views) as views from private.article_views_daily d, bounds b
                        where d.article_id = c.article_id and d.day >= b.first_whole_day) s
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

-- The dashboard: its 14 days of page views from the daily roll-up.
create or replace function public.dashboard_stats() returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  counts record;
  today date := private.utc_day(pg_catalog.now());
begin
  perform private.require_newsroom();
  -- The article figures in one scan of the table.
  select count(*) as total_articles,
         count(*) filter (where private.article_is_public(a.status, a.published_at)) as published,
         count(*) filter (where a.status = 'scheduled' and a.published_at > pg_catalog.now()) as scheduled,
         count(*) filter (where a.status = 'review') as to_review,
         count(*) filter (where a.status = 'draft') as drafts
    into counts
    from public.articles a;
  return jsonb_build_object(
    'total_articles', counts.total_articles,
    'published', counts.published,
    'scheduled', counts.scheduled,
    'to_review', counts.to_review,
    'drafts', counts.drafts,
    'total_views', (select coalesce(sum(view_count), 0) from public.article_view_counts),
    'daily', (
      select jsonb_agg(jsonb_build_object('day', d.day, 'page_views', coalesce(v.page_views, 0)) order by d.day)
      from generate_series(today - 13, today, interval '1 day') as g(at)
      cross join lateral (select g.at::date as day) d
      left join private.views_daily v on v.day = d.day));
end $$;

-- The analytics for p_days whole UTC days up to today, from the roll-ups.
create or replace function public.analytics_summary(p_days integer default 7) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  today date := private.utc_day(pg_catalog.now());
  since_day date;
begin
  perform private.require_admin();
  if p_days is null or p_days not between 1 and 366 then
    raise exception 'analytics_summary: p_days must be between 1 and 366' using errcode = '22023';
  end if;
  since_day := today - (p_days - 1);
  return jsonb_build_object(
    'period_days', p_days,
    'since', since_day::timestamp at time zone 'UTC',
    'total_page_views', (select coalesce(sum(v.page_views), 0) from private.views_daily v where v.day >= since_day),
    'popular_articles', (select count(*) from private.article_views_last l where l.last_day >= since_day),
    'active_categories', (select count(distinct category_id) from public.articles a where a.category_id is not null and private.article_is_public(a.status, a.published_at)),
    'top_articles', coalesce((
      select jsonb_agg(t order by t.views desc, t.title)
      from (select a.id, a.title, a.slug, private.article_view_count(a.id) as view_count, p.views
            -- Ranked among each day's 100 most read (as most_read), their period summed exactly.
            from (select c.article_id,
                         (select sum(d.views) from private.article_views_daily d
                          where d.article_id = c.article_id and d.day >= since_day) as views
                  from (select distinct t.article_id
                        from generate_series(since_day, today, interval '1 day') g(at)
                        cross join lateral (select d.article_id from private.article_views_daily d
                                            where d.day = g.at::date order by d.views desc limit 100) t) c) p
            join public.articles a on a.id = p.article_id
            order by p.views desc, a.title limit 10) t), '[]'::jsonb),
    'categories', coalesce((
      select jsonb_agg(t order by t.views desc, t.name)
      from (select c.id, c.name, c.slug, coalesce(n.articles, 0) as articles, coalesce(v.views, 0) as views
            from public.categories c
            -- Every category's article count in one pass of the (category_id) index.
            left join (select a.category_id, count(*) as articles from public.articles a group by a.category_id) n on n.category_id = c.id
            left join (select d.category_id, sum(d.views) as views from private.category_views_daily d
                       where d.day >= since_day group by d.category_id) v on v.category_id = c.id) t
      where t.articles > 0), '[]'::jsonb),
    'daily', (
      select jsonb_agg(jsonb_build_object('day', d.day, 'page_views', coalesce(v.page_views, 0), 'article_views', coalesce(v.article_views, 0)) order by d.day)
      from generate_series(since_day, today, interval '1 day') as g(at)
      cross join lateral (select g.at::date as day) d
      left join private.views_daily v on v.day = d.day));
end $$;
