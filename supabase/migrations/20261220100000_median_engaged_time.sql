-- Median engaged time per channel (issue 41: « Sources » and the editor's panel said only the
-- average, which one reader leaving a tab open for 30 minutes pulls up). No reading is kept: each
-- roll-up row counts its readings in six fixed bands of engaged seconds (under 10, 10–30, 30–60,
-- 60–120, 120–300, 300 and more, up to the 1,800 s a reading is capped at), and the screens'
-- functions interpolate the median inside its band. Rows folded before this migration have no
-- bands: their readings still count in the sums and averages, not in the median.

alter table private.channel_article_daily
  add column engaged_under_10 integer not null default 0 check (engaged_under_10 >= 0),
  add column engaged_10_30 integer not null default 0 check (engaged_10_30 >= 0),
  add column engaged_30_60 integer not null default 0 check (engaged_30_60 >= 0),
  add column engaged_60_120 integer not null default 0 check (engaged_60_120 >= 0),
  add column engaged_120_300 integer not null default 0 check (engaged_120_300 >= 0),
  add column engaged_300_plus integer not null default 0 check (engaged_300_plus >= 0);
alter table private.channel_daily
  add column engaged_under_10 bigint not null default 0 check (engaged_under_10 >= 0),
  add column engaged_10_30 bigint not null default 0 check (engaged_10_30 >= 0),
  add column engaged_30_60 bigint not null default 0 check (engaged_30_60 >= 0),
  add column engaged_60_120 bigint not null default 0 check (engaged_60_120 >= 0),
  add column engaged_120_300 bigint not null default 0 check (engaged_120_300 >= 0),
  add column engaged_300_plus bigint not null default 0 check (engaged_300_plus >= 0);

-- The median of readings counted in the six bands, in seconds, interpolated linearly inside the
-- band holding the middle reading; null when there is none.
create function private.median_engaged_seconds(p_bands bigint[]) returns integer
language plpgsql immutable set search_path = '' as $$
declare
  bounds constant integer[] := array[0, 10, 30, 60, 120, 300, 1800];
  total bigint := 0;
  half numeric;
  below bigint := 0;
  n bigint;
begin
  for i in 1 .. 6 loop
    total := total + coalesce(p_bands[i], 0);
  end loop;
  if total = 0 then
    return null;
  end if;
  half := total / 2.0;
  for i in 1 .. 6 loop
    n := coalesce(p_bands[i], 0);
    if n > 0 and below + n >= half then
      return pg_catalog.round(bounds[i] + (half - below) / n * (bounds[i + 1] - bounds[i]))::integer;
    end if;
    below := below + n;
  end loop;
  return bounds[7];
end $$;
revoke execute on function private.median_engaged_seconds(bigint[]) from public;

-- The fold of 20261219100000, now also counting each reading in its band, and the channels of
-- views of pages other than articles (record_page_view, 20261220100200).
create or replace function private.fold_views(p_wait boolean) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  lock_key constant bigint := pg_catalog.hashtextextended('private.fold_views', 0);
begin
  if p_wait then
    perform pg_catalog.pg_advisory_xact_lock(lock_key);
  elsif not pg_catalog.pg_try_advisory_xact_lock(lock_key) then
    return;
  end if;
  with moved as (
    delete from private.views_inbox where id in (select id from private.views_inbox order by id limit 5000)
    returning article_id, path, created_at, channel, page_kind, app, reading, engaged_seconds, completed, reader_class, kilobytes),
  read_articles as (
    insert into public.article_views (article_id, created_at)
    select m.article_id, m.created_at from moved m where m.article_id is not null and not m.reading order by m.article_id
    returning article_id),
  counted as (
    insert into public.article_view_counts as c (article_id, view_count)
    select r.article_id, pg_catalog.count(*) from read_articles r group by 1 order by 1
    on conflict (article_id) do update set view_count = c.view_count + excluded.view_count),
  attributed as (
    select private.utc_day(m.created_at) as day, m.article_id, m.channel, m.page_kind,
           pg_catalog.count(*) filter (where not m.reading) as views,
           pg_catalog.count(*) filter (where m.reading) as readings,
           coalesce(pg_catalog.sum(m.engaged_seconds) filter (where m.reading), 0) as engaged_seconds,
           pg_catalog.count(*) filter (where m.reading and m.completed) as completions,
           pg_catalog.count(*) filter (where m.reading and m.reader_class = 'nouveau') as readers_new,
           pg_catalog.count(*) filter (where m.reading and m.reader_class = 'regulier') as readers_regular,
           pg_catalog.count(*) filter (where m.reading and m.reader_class = 'fidele') as readers_loyal,
           coalesce(pg_catalog.sum(m.kilobytes) filter (where m.reading), 0) as kilobytes,
           pg_catalog.count(*) filter (where m.reading and m.engaged_seconds < 10) as engaged_under_10,
           pg_catalog.count(*) filter (where m.reading and m.engaged_seconds >= 10 and m.engaged_seconds < 30) as engaged_10_30,
           pg_catalog.count(*) filter (where m.reading and m.engaged_seconds >= 30 and m.engaged_seconds < 60) as engaged_30_60,
           pg_catalog.count(*) filter (where m.reading and m.engaged_seconds >= 60 and m.engaged_seconds < 120) as engaged_60_120,
           pg_catalog.count(*) filter (where m.reading and m.engaged_seconds >= 120 and m.engaged_seconds < 300) as engaged_120_300,
           pg_catalog.count(*) filter (where m.reading and m.engaged_seconds >= 300) as engaged_300_plus
    -- Views of the other pages (front page, sections, countries…) with their channel count for the
    -- site (« Sources »), not for an article.
    from moved m where m.channel is not null and m.page_kind is not null
    group by 1, 2, 3, 4),
  per_article as (
    insert into private.channel_article_daily as d
      (day, article_id, channel, page_kind, views, readings, engaged_seconds, completions, readers_new, readers_regular, readers_loyal, kilobytes,
       engaged_under_10, engaged_10_30, engaged_30_60, engaged_60_120, engaged_120_300, engaged_300_plus)
    select * from attributed where article_id is not null order by article_id, day, channel, page_kind
    on conflict (article_id, day, channel, page_kind) do update set
      views = d.views + excluded.views, readings = d.readings + excluded.readings,
      engaged_seconds = d.engaged_seconds + excluded.engaged_seconds, completions = d.completions + excluded.completions,
      readers_new = d.readers_new + excluded.readers_new, readers_regular = d.readers_regular + excluded.readers_regular,
      readers_loyal = d.readers_loyal + excluded.readers_loyal, kilobytes = d.kilobytes + excluded.kilobytes,
      engaged_under_10 = d.engaged_under_10 + excluded.engaged_under_10,
      engaged_10_30 = d.engaged_10_30 + excluded.engaged_10_30,
      engaged_30_60 = d.engaged_30_60 + excluded.engaged_30_60,
      engaged_60_120 = d.engaged_60_120 + excluded.engaged_60_120,
      engaged_120_300 = d.engaged_120_300 + excluded.engaged_120_300,
      engaged_300_plus = d.engaged_300_plus + excluded.engaged_300_plus),
  per_site as (
    insert into private.channel_daily as d
      (day, channel, page_kind, views, readings, engaged_seconds, completions, readers_new, readers_regular, readers_loyal, kilobytes,
       engaged_under_10, engaged_10_30, engaged_30_60, engaged_60_120, engaged_120_300, engaged_300_plus)
    select a.day, a.channel, a.page_kind, sum(a.views), sum(a.readings), sum(a.engaged_seconds), sum(a.completions),
           sum(a.readers_new), sum(a.readers_regular), sum(a.readers_loyal), sum(a.kilobytes),
           sum(a.engaged_under_10), sum(a.engaged_10_30), sum(a.engaged_30_60),
           sum(a.engaged_60_120), sum(a.engaged_120_300), sum(a.engaged_300_plus)
    from attributed a group by 1, 2, 3 order by 1, 2, 3
    on conflict (day, channel, page_kind) do update set
      views = d.views + excluded.views, readings = d.readings + excluded.readings,
      engaged_seconds = d.engaged_seconds + excluded.engaged_seconds, completions = d.completions + excluded.completions,
      readers_new = d.readers_new + excluded.readers_new, readers_regular = d.readers_regular + excluded.readers_regular,
      readers_loyal = d.readers_loyal + excluded.readers_loyal, kilobytes = d.kilobytes + excluded.kilobytes,
      engaged_under_10 = d.engaged_under_10 + excluded.engaged_under_10,
      engaged_10_30 = d.engaged_10_30 + excluded.engaged_10_30,
      engaged_30_60 = d.engaged_30_60 + excluded.engaged_30_60,
      engaged_60_120 = d.engaged_60_120 + excluded.engaged_60_120,
      engaged_120_300 = d.engaged_120_300 + excluded.engaged_120_300,
      engaged_300_plus = d.engaged_300_plus + excluded.engaged_300_plus),
  per_minute as (
    insert into private.channel_minutes as d (minute, article_id, channel, views, readings, engaged_seconds)
    select pg_catalog.date_trunc('minute', m.created_at), m.article_id, m.channel,
           pg_catalog.count(*) filter (where not m.reading), pg_catalog.count(*) filter (where m.reading),
           coalesce(pg_catalog.sum(m.engaged_seconds) filter (where m.reading), 0)
    from moved m where m.channel is not null and m.article_id is not null and m.created_at > pg_catalog.now() - interval '1 hour'
    group by 1, 2, 3 order by 1, 2, 3
    on conflict (minute, article_id, channel) do update set
      views = d.views + excluded.views, readings = d.readings + excluded.readings,
      engaged_seconds = d.engaged_seconds + excluded.engaged_seconds),
  apps as (
    insert into private.app_referrers_daily as d (day, app, views)
    select private.utc_day(m.created_at), m.app, pg_catalog.count(*) from moved m
    where m.app is not null and not m.reading group by 1, 2 order by 1, 2
    on conflict (day, app) do update set views = d.views + excluded.views)
  insert into public.page_views (path, created_at)
  select m.path, m.created_at from moved m where m.path is not null;
  -- « En ce moment » reads the last 5 minutes: an hour is kept, the rest goes (one index range).
  delete from private.channel_minutes where minute < pg_catalog.now() - interval '1 hour';
end $$;
revoke execute on function private.fold_views(boolean) from public;

-- « Sources » and the editor's panel, as in 20261219100000, with each channel's median engaged time.
create or replace function public.channel_sources(p_days integer default 7) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  since_day date;
begin
  perform private.require_admin();
  if p_days is null or p_days not between 1 and 366 then
    raise exception 'channel_sources: p_days must be between 1 and 366' using errcode = '22023';
  end if;
  since_day := private.utc_day(pg_catalog.now()) - (p_days - 1);
  return coalesce((
    select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('channel', t.channel) || t.figures order by t.views desc, t.channel)
    from (select d.channel, sum(d.views) as views,
                 private.channel_figures(sum(d.views)::bigint, sum(d.readings)::bigint, sum(d.engaged_seconds)::bigint,
                   sum(d.completions)::bigint, sum(d.readers_new)::bigint, sum(d.readers_regular)::bigint, sum(d.readers_loyal)::bigint,
                   coalesce(sum(d.views) filter (where d.page_kind = 'lite'), 0)::bigint, sum(d.kilobytes)::bigint)
                 || pg_catalog.jsonb_build_object('median_engaged_seconds', private.median_engaged_seconds(array[
                      sum(d.engaged_under_10), sum(d.engaged_10_30), sum(d.engaged_30_60),
                      sum(d.engaged_60_120), sum(d.engaged_120_300), sum(d.engaged_300_plus)]::bigint[])) as figures
          from private.channel_daily d where d.day >= since_day group by d.channel) t), '[]'::jsonb);
end $$;
revoke execute on function public.channel_sources(integer) from public, anon;
grant execute on function public.channel_sources(integer) to authenticated, service_role;

create or replace function public.article_channels(p_article_id uuid, p_days integer default 30) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  since_day date;
begin
  perform private.require_newsroom();
  if not private.is_admin() and auth.role() is distinct from 'service_role'
     and not exists (select 1 from public.articles a where a.id = p_article_id and a.author_id = auth.uid()) then
    raise exception 'article_channels: only the article''s author and administrators' using errcode = '42501';
  end if;
  if p_days is null or p_days not between 1 and 366 then
    raise exception 'article_channels: p_days must be between 1 and 366' using errcode = '22023';
  end if;
  since_day := private.utc_day(pg_catalog.now()) - (p_days - 1);
  return coalesce((
    select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('channel', t.channel) || t.figures order by t.views desc, t.channel)
    from (select d.channel, sum(d.views) as views,
                 private.channel_figures(sum(d.views)::bigint, sum(d.readings)::bigint, sum(d.engaged_seconds)::bigint,
                   sum(d.completions)::bigint, sum(d.readers_new)::bigint, sum(d.readers_regular)::bigint, sum(d.readers_loyal)::bigint,
                   coalesce(sum(d.views) filter (where d.page_kind = 'lite'), 0)::bigint, sum(d.kilobytes)::bigint)
                 || pg_catalog.jsonb_build_object('median_engaged_seconds', private.median_engaged_seconds(array[
                      sum(d.engaged_under_10), sum(d.engaged_10_30), sum(d.engaged_30_60),
                      sum(d.engaged_60_120), sum(d.engaged_120_300), sum(d.engaged_300_plus)]::bigint[])) as figures
          from private.channel_article_daily d
          where d.article_id = p_article_id and d.day >= since_day group by d.channel) t), '[]'::jsonb);
end $$;
revoke execute on function public.article_channels(uuid, integer) from public, anon;
grant execute on function public.article_channels(uuid, integer) to authenticated, service_role;
