-- What a review of 20261213090000_sitemap_weeks found, after it was released:
-- * A week's file also changes when a public article leaves it (unpublished, deleted, moved to
--   another week), though no address left in it says so: crawlers must be told to read it again.
--   The roll-up keeps the last such moment (`removed_at`), never set for an article that was not
--   public (no timing of unpublished work leaks), and the index dates a file by the later of it and
--   its latest address.
-- * sitemap_pages read as many articles a page as a caller asked: at most 100 now.
-- * The roll-up table goes under RLS (it had no grants; now no policy would open it either), and
--   private.sitemap_week loses the grants nothing needs (only definer functions call it).

revoke execute on function private.sitemap_week(timestamptz) from anon, authenticated, service_role;

alter table private.sitemap_weeks add column removed_at timestamptz;
comment on column private.sitemap_weeks.removed_at is
  'The last time a public article left the week (unpublished, deleted, moved): its file changed then too.';
alter table private.sitemap_weeks enable row level security;

-- Recounts the given weeks from the articles; `p_left` are those a public article left. A
-- week-wide lock first, taken in week order: two transactions writing in the same week recount it
-- one after the other, the second (in its own statement, so with a snapshot taken after the first
-- committed) seeing both writes. Also the step after a restore that skipped triggers (a data-only
-- restore with session_replication_role = replica): select private.recount_sitemap_weeks(array(
-- select distinct private.sitemap_week(published_at) from public.articles where published_at is not null)).
create function private.recount_sitemap_weeks(p_weeks date[], p_left date[] default '{}') returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_week date;
begin
  for v_week in select distinct w from pg_catalog.unnest(p_weeks) w where w is not null order by w loop
    perform pg_catalog.pg_advisory_xact_lock(20261213, v_week operator(pg_catalog.-) date '2000-01-03');
  end loop;
  insert into private.sitemap_weeks as s (week, lastmod, articles, removed_at)
  select w.week, c.lastmod, c.articles, case when w.week operator(pg_catalog.=) any (p_left) then pg_catalog.now() end
  from (select distinct u as week from pg_catalog.unnest(p_weeks) u where u is not null) w
  cross join lateral (
    select pg_catalog.max(greatest(a.updated_at, a.published_at)) as lastmod, pg_catalog.count(*)::integer as articles
    from public.articles a
    where a.status operator(pg_catalog.=) any ('{published,scheduled}'::text[])
      and a.published_at operator(pg_catalog.>=) (w.week::timestamp at time zone 'UTC')
      and a.published_at operator(pg_catalog.<) ((w.week operator(pg_catalog.+) 7)::timestamp at time zone 'UTC')) c
  where c.articles operator(pg_catalog.>) 0
  on conflict (week) do update
    set lastmod = excluded.lastmod, articles = excluded.articles, removed_at = greatest(s.removed_at, excluded.removed_at);
  delete from private.sitemap_weeks s
  where s.week operator(pg_catalog.=) any (p_weeks)
    and not exists (select 1 from public.articles a
                    where a.status operator(pg_catalog.=) any ('{published,scheduled}'::text[])
                      and a.published_at operator(pg_catalog.>=) (s.week::timestamp at time zone 'UTC')
                      and a.published_at operator(pg_catalog.<) ((s.week operator(pg_catalog.+) 7)::timestamp at time zone 'UTC'));
end $$;
revoke execute on function private.recount_sitemap_weeks(date[], date[]) from public;

-- The weeks a statement touched: those of the published or scheduled rows it wrote or removed,
-- leaving out rows an update left as they were for the sitemap (status, date, last change), and
-- among them the weeks a public article left. An import of 100,000 articles recounts each of its
-- weeks once. (Replaced in place: the triggers keep calling it.)
create or replace function private.articles_sitemap_weeks() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_weeks date[];
  v_left date[] := '{}';
begin
  if tg_op = 'TRUNCATE' then
    delete from private.sitemap_weeks;
    return null;
  elsif tg_op = 'INSERT' then
    select pg_catalog.array_agg(distinct private.sitemap_week(n.published_at)) into v_weeks
    from new_rows n where n.status operator(pg_catalog.=) any ('{published,scheduled}'::text[]);
  elsif tg_op = 'DELETE' then
    select pg_catalog.array_agg(distinct private.sitemap_week(o.published_at)) into v_weeks
    from old_rows o where o.status operator(pg_catalog.=) any ('{published,scheduled}'::text[]);
    select coalesce(pg_catalog.array_agg(distinct private.sitemap_week(o.published_at)), '{}') into v_left
    from old_rows o where private.article_is_public(o.status, o.published_at);
  else
    select pg_catalog.array_agg(distinct private.sitemap_week(r.published_at)) into v_weeks
    from ((select o.id, o.status, o.published_at, o.updated_at from old_rows o
           except select n.id, n.status, n.published_at, n.updated_at from new_rows n)
          union
          (select n.id, n.status, n.published_at, n.updated_at from new_rows n
           except select o.id, o.status, o.published_at, o.updated_at from old_rows o)) r
    where r.status operator(pg_catalog.=) any ('{published,scheduled}'::text[]);
    select coalesce(pg_catalog.array_agg(distinct private.sitemap_week(o.published_at)), '{}') into v_left
    from old_rows o join new_rows n on n.id operator(pg_catalog.=) o.id
    where private.article_is_public(o.status, o.published_at)
      and not (private.article_is_public(n.status, n.published_at)
               and private.sitemap_week(n.published_at) operator(pg_catalog.=) private.sitemap_week(o.published_at));
  end if;
  if v_weeks is not null then
    perform private.recount_sitemap_weeks(v_weeks, v_left);
  end if;
  return null;
end $$;

-- The one-argument recount, which nothing calls any more.
drop function private.recount_sitemap_weeks(date[]);

-- The weeks readers can see, oldest first, each with its latest change (an address's, or a public
-- article leaving): the roll-up for the weeks before this one, the public articles themselves for
-- this week (a scheduled article is neither counted nor dated before its moment). What it tells is
-- what the article sitemaps list anyway, and when one of them lost an address.
create or replace function public.sitemap_weeks() returns table (week date, lastmod timestamptz)
language sql stable security definer set search_path = '' as $$
  select s.week, greatest(s.lastmod, s.removed_at) from private.sitemap_weeks s
  where s.week operator(pg_catalog.<) private.sitemap_week(pg_catalog.now())
  union all
  select private.sitemap_week(pg_catalog.now()),
         greatest(pg_catalog.max(greatest(a.updated_at, a.published_at)),
                  (select s.removed_at from private.sitemap_weeks s where s.week operator(pg_catalog.=) private.sitemap_week(pg_catalog.now())))
  from public.articles a
  where private.article_is_public(a.status, a.published_at)
    and a.published_at operator(pg_catalog.>=) (private.sitemap_week(pg_catalog.now())::timestamp at time zone 'UTC')
  having pg_catalog.count(*) operator(pg_catalog.>) 0
  order by 1
$$;

-- The pages sitemap's categories and authors, each dated by the latest change among the articles
-- its page (the first, the address listed) shows: `p_page_size` newest public articles (at most
-- 100: no caller makes it read the archive), read from the category's and the author's index. It
-- runs as the caller, public articles only for anyone.
create or replace function public.sitemap_pages(p_page_size integer) returns jsonb
language sql stable security invoker set search_path = '' as $$
  select jsonb_build_object(
    'categories', coalesce((
      select jsonb_agg(jsonb_build_object('slug', c.slug, 'lastmod', l.lastmod) order by c.name)
      from public.categories c
      cross join lateral (
        select pg_catalog.max(greatest(p.updated_at, p.published_at)) as lastmod
        from (select a.updated_at, a.published_at from public.articles a
              where a.category_id operator(pg_catalog.=) c.id and private.article_is_public(a.status, a.published_at)
              order by a.published_at desc, a.id desc limit least(greatest(p_page_size, 1), 100)) p) l), '[]'::jsonb),
    'authors', coalesce((
      select jsonb_agg(jsonb_build_object('slug', b.slug, 'lastmod', l.lastmod) order by b.slug)
      from public.bylines b
      cross join lateral (
        select pg_catalog.max(greatest(p.updated_at, p.published_at)) as lastmod
        from (select a.updated_at, a.published_at from public.articles a
              where a.author_id operator(pg_catalog.=) b.user_id and private.article_is_public(a.status, a.published_at)
              order by a.published_at desc, a.id desc limit least(greatest(p_page_size, 1), 100)) p) l
      where b.slug is not null and l.lastmod is not null), '[]'::jsonb))
$$;
