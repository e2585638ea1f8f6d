-- « D'où viennent nos lecteurs » (issue 41): each counted article view carries the channel that
-- brought it (worked out on the reader's phone by src/lib/channels.ts: our link tag, the referrer,
-- the landing rule) and its page kind (full or lite); one engagement reading per view, sent when the
-- page is hidden, adds engaged seconds, whether the end of the text was reached, the reader class
-- the phone computed (nouveau / régulier / fidèle) and the kilobytes the page cost. Nothing here
-- names a reader: no identifier, no address, only the counts per day (and per minute for the last
-- hour, « En ce moment »). Views and readings share the views inbox (20261217090100): a crowd's
-- writes append, one fold aggregates them.

-- The fixed list of channels, one place (the check constraints and the functions read it).
create function private.channel_names() returns text[]
language sql immutable parallel safe set search_path = '' as $$
  select array['whatsapp', 'telegram', 'facebook', 'x', 'google', 'discover', 'matinale', 'alertes',
               'hors-ligne', 'messageries', 'direct', 'autres']
$$;
revoke execute on function private.channel_names() from public;

-- What a view or reading says beyond its article, until the fold aggregates it. `reading` rows
-- are engagement readings, not views: they are never counted in article_views.
alter table private.views_inbox
  add column channel text check (channel = any (private.channel_names())),
  add column page_kind text check (page_kind in ('full', 'lite')),
  add column app text check (app ~ '^[a-z0-9_.]{1,100}$'),
  add column reading boolean not null default false,
  add column engaged_seconds integer check (engaged_seconds between 0 and 1800),
  add column completed boolean,
  add column reader_class text check (reader_class in ('nouveau', 'regulier', 'fidele')),
  add column kilobytes integer check (kilobytes between 0 and 100000),
  add check (not reading or (article_id is not null and channel is not null and page_kind is not null));

-- Per day, article, channel and page kind: the per-article panel (by the (article_id, day) index).
create table private.channel_article_daily (
  day date not null,
  article_id uuid not null references public.articles (id) on delete cascade,
  channel text not null check (channel = any (private.channel_names())),
  page_kind text not null check (page_kind in ('full', 'lite')),
  views integer not null default 0 check (views >= 0),
  readings integer not null default 0 check (readings >= 0),
  engaged_seconds bigint not null default 0 check (engaged_seconds >= 0),
  completions integer not null default 0 check (completions >= 0),
  readers_new integer not null default 0 check (readers_new >= 0),
  readers_regular integer not null default 0 check (readers_regular >= 0),
  readers_loyal integer not null default 0 check (readers_loyal >= 0),
  kilobytes bigint not null default 0 check (kilobytes >= 0),
  primary key (article_id, day, channel, page_kind)
);

-- The same per day, channel and page kind for the whole site: « Sources » over 90 days reads at
-- most 90 × 12 × 2 rows, whatever the archive's size.
create table private.channel_daily (
  day date not null,
  channel text not null check (channel = any (private.channel_names())),
  page_kind text not null check (page_kind in ('full', 'lite')),
  views bigint not null default 0 check (views >= 0),
  readings bigint not null default 0 check (readings >= 0),
  engaged_seconds bigint not null default 0 check (engaged_seconds >= 0),
  completions bigint not null default 0 check (completions >= 0),
  readers_new bigint not null default 0 check (readers_new >= 0),
  readers_regular bigint not null default 0 check (readers_regular >= 0),
  readers_loyal bigint not null default 0 check (readers_loyal >= 0),
  kilobytes bigint not null default 0 check (kilobytes >= 0),
  primary key (day, channel, page_kind)
);

-- The last hour per minute, article and channel: « En ce moment » (the last 5 minutes). Older
-- minutes are dropped by the fold.
create table private.channel_minutes (
  minute timestamptz not null,
  article_id uuid not null references public.articles (id) on delete cascade,
  channel text not null check (channel = any (private.channel_names())),
  views integer not null default 0 check (views >= 0),
  readings integer not null default 0 check (readings >= 0),
  engaged_seconds bigint not null default 0 check (engaged_seconds >= 0),
  primary key (minute, article_id, channel)
);

-- The apps that opened pages (`android-app://com.example/`), by their package name, kept raw so a
-- new app can be given its channel later.
create table private.app_referrers_daily (
  day date not null,
  app text not null check (app ~ '^[a-z0-9_.]{1,100}$'),
  views integer not null default 0 check (views >= 0),
  primary key (day, app)
);

alter table private.channel_article_daily enable row level security;
alter table private.channel_daily enable row level security;
alter table private.channel_minutes enable row level security;
alter table private.app_referrers_daily enable row level security;
revoke all on table private.channel_article_daily, private.channel_daily, private.channel_minutes, private.app_referrers_daily
  from public, anon, authenticated, service_role;

-- The fold of 20261217090100, now also adding each batch's channels to the roll-ups above, each
-- aggregated once per statement.
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
           coalesce(pg_catalog.sum(m.kilobytes) filter (where m.reading), 0) as kilobytes
    from moved m where m.channel is not null and m.page_kind is not null and m.article_id is not null
    group by 1, 2, 3, 4),
  per_article as (
    insert into private.channel_article_daily as d
      (day, article_id, channel, page_kind, views, readings, engaged_seconds, completions, readers_new, readers_regular, readers_loyal, kilobytes)
    select * from attributed order by article_id, day, channel, page_kind
    on conflict (article_id, day, channel, page_kind) do update set
      views = d.views + excluded.views, readings = d.readings + excluded.readings,
      engaged_seconds = d.engaged_seconds + excluded.engaged_seconds, completions = d.completions + excluded.completions,
      readers_new = d.readers_new + excluded.readers_new, readers_regular = d.readers_regular + excluded.readers_regular,
      readers_loyal = d.readers_loyal + excluded.readers_loyal, kilobytes = d.kilobytes + excluded.kilobytes),
  per_site as (
    insert into private.channel_daily as d
      (day, channel, page_kind, views, readings, engaged_seconds, completions, readers_new, readers_regular, readers_loyal, kilobytes)
    select a.day, a.channel, a.page_kind, sum(a.views), sum(a.readings), sum(a.engaged_seconds), sum(a.completions),
           sum(a.readers_new), sum(a.readers_regular), sum(a.readers_loyal), sum(a.kilobytes)
    from attributed a group by 1, 2, 3 order by 1, 2, 3
    on conflict (day, channel, page_kind) do update set
      views = d.views + excluded.views, readings = d.readings + excluded.readings,
      engaged_seconds = d.engaged_seconds + excluded.engaged_seconds, completions = d.completions + excluded.completions,
      readers_new = d.readers_new + excluded.readers_new, readers_regular = d.readers_regular + excluded.readers_regular,
      readers_loyal = d.readers_loyal + excluded.readers_loyal, kilobytes = d.kilobytes + excluded.kilobytes),
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

-- A view now says its channel, page kind and app (all optional: a page loaded before this
-- release still counts, unattributed). An unknown channel or kind is a developer's error.
drop function public.record_article_view(uuid);
create function public.record_article_view(p_article_id uuid, p_channel text default null, p_kind text default null, p_app text default null)
returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  if p_channel is not null and not p_channel = any (private.channel_names()) then
    raise exception 'record_article_view: unknown channel %', p_channel using errcode = '22023';
  end if;
  if p_kind is not null and p_kind not in ('full', 'lite') then
    raise exception 'record_article_view: p_kind must be full or lite' using errcode = '22023';
  end if;
  if not exists (select 1 from public.articles a where a.id = p_article_id and private.article_is_public(a.status, a.published_at)) then
    return;
  end if;
  if private.first_read('article:' || p_article_id::text) then
    insert into private.views_inbox (article_id, channel, page_kind, app)
    values (p_article_id, p_channel, case when p_channel is not null then coalesce(p_kind, 'full') end,
            case when p_app ~ '^[a-z0-9_.]{1,100}$' then p_app end);
    perform private.fold_views_after_view();
  end if;
end $$;
revoke execute on function public.record_article_view(uuid, text, text, text) from public;
grant execute on function public.record_article_view(uuid, text, text, text) to anon, authenticated, service_role;

-- One engagement reading per reader and article per 30 minutes (first_read's window, keyed apart
-- from the view): engaged seconds (capped at 30 minutes), whether the text's end was reached, the
-- reader class and the page's kilobytes. Values out of range are cut to it, not refused: a beacon
-- is sent as the page goes away and nobody would see the error.
create function public.record_reading(
  p_article_id uuid, p_channel text, p_kind text, p_engaged_seconds integer,
  p_completed boolean default false, p_reader_class text default null, p_kilobytes integer default null)
returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  if p_channel is null or not p_channel = any (private.channel_names()) then
    raise exception 'record_reading: unknown channel %', p_channel using errcode = '22023';
  end if;
  if p_kind is null or p_kind not in ('full', 'lite') then
    raise exception 'record_reading: p_kind must be full or lite' using errcode = '22023';
  end if;
  if not exists (select 1 from public.articles a where a.id = p_article_id and private.article_is_public(a.status, a.published_at)) then
    return;
  end if;
  if private.first_read('reading:' || p_article_id::text) then
    insert into private.views_inbox (article_id, channel, page_kind, reading, engaged_seconds, completed, reader_class, kilobytes)
    values (p_article_id, p_channel, p_kind, true, least(greatest(coalesce(p_engaged_seconds, 0), 0), 1800), coalesce(p_completed, false),
            case when p_reader_class in ('nouveau', 'regulier', 'fidele') then p_reader_class end,
            least(greatest(p_kilobytes, 0), 100000));
    perform private.fold_views_after_view();
  end if;
end $$;
revoke execute on function public.record_reading(uuid, text, text, integer, boolean, text, integer) from public;
grant execute on function public.record_reading(uuid, text, text, integer, boolean, text, integer) to anon, authenticated, service_role;

-- The sums the screens show, one shape for every table: views, readings, engaged seconds,
-- completions, readers by class, lite views and kilobytes.
create function private.channel_figures(
  p_views bigint, p_readings bigint, p_engaged bigint, p_completions bigint,
  p_new bigint, p_regular bigint, p_loyal bigint, p_lite_views bigint, p_kilobytes bigint) returns jsonb
language sql immutable set search_path = '' as $$
  select pg_catalog.jsonb_build_object(
    'views', p_views, 'readings', p_readings, 'engaged_seconds', p_engaged, 'completions', p_completions,
    'readers_new', p_new, 'readers_regular', p_regular, 'readers_loyal', p_loyal, 'lite_views', p_lite_views,
    'kilobytes', p_kilobytes)
$$;
revoke execute on function private.channel_figures(bigint, bigint, bigint, bigint, bigint, bigint, bigint, bigint, bigint) from public;

-- « Sources »: each channel over the last p_days UTC days (today included), administrators only.
create function public.channel_sources(p_days integer default 7) returns jsonb
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
                   coalesce(sum(d.views) filter (where d.page_kind = 'lite'), 0)::bigint, sum(d.kilobytes)::bigint) as figures
          from private.channel_daily d where d.day >= since_day group by d.channel) t), '[]'::jsonb);
end $$;
revoke execute on function public.channel_sources(integer) from public, anon;
grant execute on function public.channel_sources(integer) to authenticated, service_role;

-- « En ce moment »: the last 5 minutes, administrators only: views, the channels, and the ten most
-- read articles with their channels.
create function public.channels_now() returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  since timestamptz := pg_catalog.date_trunc('minute', pg_catalog.now()) - interval '4 minutes';
begin
  perform private.require_admin();
  return (
    with recent as materialized (
      select m.article_id, m.channel, sum(m.views) as views, sum(m.readings) as readings, sum(m.engaged_seconds) as engaged_seconds
      from private.channel_minutes m where m.minute >= since group by 1, 2),
    top as (
      select r.article_id, sum(r.views) as views from recent r group by 1 order by 2 desc, 1 limit 10)
    select pg_catalog.jsonb_build_object(
      'views', (select coalesce(sum(r.views), 0) from recent r),
      'channels', coalesce((select pg_catalog.jsonb_agg(c order by c.views desc, c.channel)
                            from (select r.channel, sum(r.views) as views, sum(r.readings) as readings, sum(r.engaged_seconds) as engaged_seconds
                                  from recent r group by 1) c), '[]'::jsonb),
      'articles', coalesce((select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
                              'id', a.id, 'title', a.title, 'slug', a.slug, 'views', t.views,
                              'channels', (select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
                                             'channel', r.channel, 'views', r.views, 'readings', r.readings,
                                             'engaged_seconds', r.engaged_seconds) order by r.views desc, r.channel)
                                           from recent r where r.article_id = t.article_id))
                              order by t.views desc, a.title)
                            from top t join public.articles a on a.id = t.article_id), '[]'::jsonb)));
end $$;
revoke execute on function public.channels_now() from public, anon;
grant execute on function public.channels_now() to authenticated, service_role;

-- The editor's panel: one article's channels over the last p_days days. Administrators, and a
-- journalist for an article they wrote; anyone else is refused.
create function public.article_channels(p_article_id uuid, p_days integer default 30) returns jsonb
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
                   coalesce(sum(d.views) filter (where d.page_kind = 'lite'), 0)::bigint, sum(d.kilobytes)::bigint) as figures
          from private.channel_article_daily d
          where d.article_id = p_article_id and d.day >= since_day group by d.channel) t), '[]'::jsonb);
end $$;
revoke execute on function public.article_channels(uuid, integer) from public, anon;
grant execute on function public.article_channels(uuid, integer) to authenticated, service_role;
