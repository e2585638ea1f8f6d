-- Article sitemaps by week (issue 24): at 100,000 articles the sitemap index and the pages sitemap
-- read every public article (sitemap_outline, one pass of ~100 ms over the archive, for each
-- request that is not kept), and each numbered file listed 10,000 addresses (a new article shifted
-- nothing, but every file took 160–250 ms). Now each file is one week of publication (Monday to
-- Sunday, UTC: ~300 articles at 40 a day, one read of the outline index), and the index is a
-- roll-up with one row per week, kept by the articles' statement triggers as they are written.

-- The Monday (UTC) of the week an article was published in: its file.
create function private.sitemap_week(p_at timestamptz) returns date
language sql immutable parallel safe as $$
  select pg_catalog.date_trunc('week', p_at at time zone 'UTC')::date
$$;
revoke execute on function private.sitemap_week(timestamptz) from public;
grant execute on function private.sitemap_week(timestamptz) to anon, authenticated, service_role;

-- One row per week with a published or scheduled article, due or not: a past week's row is
-- exactly what readers see of it (every article in it is due), the current week's is not (it may
-- hold an article scheduled for Friday), so public.sitemap_weeks() reads the roll-up for past
-- weeks and the articles themselves for the current one. No one reads the table directly.
create table private.sitemap_weeks (
  week date primary key check (extract(isodow from week) = 1),
  -- The latest change of an article of the week: greatest(updated_at, published_at), as each
  -- address's <lastmod> in its file.
  lastmod timestamptz not null,
  articles integer not null check (articles > 0)
);
revoke all on private.sitemap_weeks from public, anon, authenticated, service_role;

-- Recounts the given weeks from the articles. A week-wide lock first, taken in week order: two
-- transactions writing in the same week recount it one after the other, the second (in its own
-- statement, so with a snapshot taken after the first committed) seeing both writes.
create function private.recount_sitemap_weeks(p_weeks date[]) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_week date;
begin
  for v_week in select distinct w from pg_catalog.unnest(p_weeks) w where w is not null order by w loop
    perform pg_catalog.pg_advisory_xact_lock(20261213, v_week operator(pg_catalog.-) date '2000-01-03');
  end loop;
  insert into private.sitemap_weeks as s (week, lastmod, articles)
  select w.week, c.lastmod, c.articles
  from (select distinct u as week from pg_catalog.unnest(p_weeks) u where u is not null) w
  cross join lateral (
    select pg_catalog.max(greatest(a.updated_at, a.published_at)) as lastmod, pg_catalog.count(*)::integer as articles
    from public.articles a
    where a.status operator(pg_catalog.=) any ('{published,scheduled}'::text[])
      and a.published_at operator(pg_catalog.>=) (w.week::timestamp at time zone 'UTC')
      and a.published_at operator(pg_catalog.<) ((w.week operator(pg_catalog.+) 7)::timestamp at time zone 'UTC')) c
  where c.articles operator(pg_catalog.>) 0
  on conflict (week) do update set lastmod = excluded.lastmod, articles = excluded.articles;
  delete from private.sitemap_weeks s
  where s.week operator(pg_catalog.=) any (p_weeks)
    and not exists (select 1 from public.articles a
                    where a.status operator(pg_catalog.=) any ('{published,scheduled}'::text[])
                      and a.published_at operator(pg_catalog.>=) (s.week::timestamp at time zone 'UTC')
                      and a.published_at operator(pg_catalog.<) ((s.week operator(pg_catalog.+) 7)::timestamp at time zone 'UTC'));
end $$;
revoke execute on function private.recount_sitemap_weeks(date[]) from public;

-- The weeks a statement touched: those of the published or scheduled rows it wrote or removed,
-- leaving out rows an update left as they were for the sitemap (status, date, last change). An
-- import of 100,000 articles recounts each of its weeks once.
create function private.articles_sitemap_weeks() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_weeks date[];
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
  else
    select pg_catalog.array_agg(distinct private.sitemap_week(r.published_at)) into v_weeks
    from ((select o.id, o.status, o.published_at, o.updated_at from old_rows o
           except select n.id, n.status, n.published_at, n.updated_at from new_rows n)
          union
          (select n.id, n.status, n.published_at, n.updated_at from new_rows n
           except select o.id, o.status, o.published_at, o.updated_at from old_rows o)) r
    where r.status operator(pg_catalog.=) any ('{published,scheduled}'::text[]);
  end if;
  if v_weeks is not null then
    perform private.recount_sitemap_weeks(v_weeks);
  end if;
  return null;
end $$;
revoke execute on function private.articles_sitemap_weeks() from public;
create trigger sitemap_weeks_insert after insert on public.articles
  referencing new table as new_rows for each statement execute function private.articles_sitemap_weeks();
create trigger sitemap_weeks_update after update on public.articles
  referencing old table as old_rows new table as new_rows for each statement execute function private.articles_sitemap_weeks();
create trigger sitemap_weeks_delete after delete on public.articles
  referencing old table as old_rows for each statement execute function private.articles_sitemap_weeks();
create trigger sitemap_weeks_truncate after truncate on public.articles
  for each statement execute function private.articles_sitemap_weeks();

-- The archive as it stands.
select private.recount_sitemap_weeks(array(
  select distinct private.sitemap_week(a.published_at) from public.articles a
  where a.status = any ('{published,scheduled}'::text[])));

-- The weeks readers can see, oldest first, each with its latest change: the roll-up for the weeks
-- before this one, the public articles themselves for this week (a scheduled article is neither
-- counted nor dated before its moment). What it tells is what the article sitemaps list anyway.
create function public.sitemap_weeks() returns table (week date, lastmod timestamptz)
language sql stable security definer set search_path = '' as $$
  select s.week, s.lastmod from private.sitemap_weeks s
  where s.week operator(pg_catalog.<) private.sitemap_week(pg_catalog.now())
  union all
  select private.sitemap_week(pg_catalog.now()), pg_catalog.max(greatest(a.updated_at, a.published_at))
  from public.articles a
  where private.article_is_public(a.status, a.published_at)
    and a.published_at operator(pg_catalog.>=) (private.sitemap_week(pg_catalog.now())::timestamp at time zone 'UTC')
  having pg_catalog.count(*) operator(pg_catalog.>) 0
  order by 1
$$;
comment on function public.sitemap_weeks() is
  'The weeks with public articles and their latest change: the article sitemap files and their dates.';
revoke execute on function public.sitemap_weeks() from public;
grant execute on function public.sitemap_weeks() to anon, authenticated, service_role;

-- The category and author indexes carry each article's last change too, so the newest articles
-- of each are dated from the index alone (sitemap_pages below, 304 authors and 8 categories at
-- 100,000 articles: 34 → 6 ms; without it the planner walks the outline index for each category,
-- past every article of the others); category and author pages read them as before.
drop index public.articles_category_published_idx;
drop index public.articles_author_published_idx;
create index articles_category_published_idx on public.articles (category_id, published_at desc, id desc) include (updated_at)
  where status = any ('{published,scheduled}'::text[]);
create index articles_author_published_idx on public.articles (author_id, published_at desc, id desc) include (updated_at)
  where status = any ('{published,scheduled}'::text[]);

-- The pages sitemap's categories and authors, each dated by the latest change among the articles
-- its page (the first, the address listed) shows: `p_page_size` newest public articles, read from
-- the category's and the author's index. It runs as the caller, public articles only for anyone.
create function public.sitemap_pages(p_page_size integer) returns jsonb
language sql stable security invoker set search_path = '' as $$
  select jsonb_build_object(
    'categories', coalesce((
      select jsonb_agg(jsonb_build_object('slug', c.slug, 'lastmod', l.lastmod) order by c.name)
      from public.categories c
      cross join lateral (
        select pg_catalog.max(greatest(p.updated_at, p.published_at)) as lastmod
        from (select a.updated_at, a.published_at from public.articles a
              where a.category_id operator(pg_catalog.=) c.id and private.article_is_public(a.status, a.published_at)
              order by a.published_at desc, a.id desc limit greatest(p_page_size, 1)) p) l), '[]'::jsonb),
    'authors', coalesce((
      select jsonb_agg(jsonb_build_object('slug', b.slug, 'lastmod', l.lastmod) order by b.slug)
      from public.bylines b
      cross join lateral (
        select pg_catalog.max(greatest(p.updated_at, p.published_at)) as lastmod
        from (select a.updated_at, a.published_at from public.articles a
              where a.author_id operator(pg_catalog.=) b.user_id and private.article_is_public(a.status, a.published_at)
              order by a.published_at desc, a.id desc limit greatest(p_page_size, 1)) p) l
      where b.slug is not null and l.lastmod is not null), '[]'::jsonb))
$$;
comment on function public.sitemap_pages(integer) is
  'Categories and authors of the pages sitemap, each dated by the articles of its first page.';
revoke execute on function public.sitemap_pages(integer) from public;
grant execute on function public.sitemap_pages(integer) to anon, authenticated, service_role;

-- sitemap_outline stays for the servers of the previous release until they are replaced; nothing
-- of this release reads it.
comment on function public.sitemap_outline(integer) is
  'Superseded by sitemap_weeks() and sitemap_pages(): kept for servers of the previous release.';
