-- A crowd's views no longer queue behind one row (issue 40, « Served to a crowd »). Every counted
-- view used to update, in its own transaction, the day's row of private.views_daily (one row for
-- the whole site), its article's and category's day rows and its article's all-time count: on an
-- election night every reader of the live page waited for the previous one's commit, one after
-- the other.
--
-- A counted view now only appends a row to an inbox (no row two readers share), then folds the
-- inbox into the raw tables and their roll-ups if no other transaction is folding: under a crowd,
-- one transaction folds the views of many in one statement (the roll-up triggers aggregate the
-- batch once) while the others go on without waiting. On a quiet site every view folds itself, so
-- counts are exact at once as before; a view recorded while another transaction folds waits for
-- the next view, or for views_fold(), which the site's server calls every minute.

create table private.views_inbox (
  id bigint generated always as identity primary key,
  article_id uuid references public.articles (id) on delete cascade,
  path text check (char_length(path) between 1 and 512),
  created_at timestamptz not null default now(),
  check ((article_id is null) <> (path is null))
);
alter table private.views_inbox enable row level security;
revoke all on table private.views_inbox from public, anon, authenticated, service_role;

-- One folder at a time: a view's transaction leaves its row for the current folder and does not
-- wait (p_wait false); the server's call waits its turn, then folds everything committed.
create function private.fold_views(p_wait boolean) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  lock_key constant bigint := pg_catalog.hashtextextended('private.fold_views', 0);
begin
  if p_wait then
    perform pg_catalog.pg_advisory_xact_lock(lock_key);
  elsif not pg_catalog.pg_try_advisory_xact_lock(lock_key) then
    return;
  end if;
  -- In batches: a backlog left by a busy moment is folded a slice at a time, each quick.
  with moved as (
    delete from private.views_inbox where id in (select id from private.views_inbox order by id limit 5000)
    returning article_id, path, created_at),
  read_articles as (
    insert into public.article_views (article_id, created_at)
    select m.article_id, m.created_at from moved m where m.article_id is not null order by m.article_id
    returning article_id),
  counted as (
    insert into public.article_view_counts as c (article_id, view_count)
    select r.article_id, pg_catalog.count(*) from read_articles r group by 1 order by 1
    on conflict (article_id) do update set view_count = c.view_count + excluded.view_count)
  insert into public.page_views (path, created_at)
  select m.path, m.created_at from moved m where m.path is not null;
end $$;
revoke execute on function private.fold_views(boolean) from public;

-- A reader's own view is never lost to the fold it offers to do: a fold that fails (a statement
-- timeout on a backlog, a deadlock with an article's deletion) is left for the next one.
create function private.fold_views_after_view() returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  perform private.fold_views(false);
exception when query_canceled or others then
  raise warning 'fold_views: % (left for the next fold)', sqlerrm;
end $$;
revoke execute on function private.fold_views_after_view() from public;

create or replace function public.record_page_view(p_path text) returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  if p_path is null or char_length(p_path) not between 1 and 512 or left(p_path, 1) <> '/' then
    raise exception 'record_page_view: path must start with / and be at most 512 characters' using errcode = '22023';
  end if;
  if private.first_read('page:' || p_path) then
    insert into private.views_inbox (path) values (p_path);
    perform private.fold_views_after_view();
  end if;
end $$;

create or replace function public.record_article_view(p_article_id uuid) returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  if not exists (select 1 from public.articles a where a.id = p_article_id and private.article_is_public(a.status, a.published_at)) then
    return;
  end if;
  if private.first_read('article:' || p_article_id::text) then
    insert into private.views_inbox (article_id) values (p_article_id);
    perform private.fold_views_after_view();
  end if;
end $$;

-- The site's server folds what a busy moment left in the inbox.
create function public.views_fold() returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  -- Slices of 5,000 until the inbox is empty (at most 100 of them a call).
  for i in 1..100 loop
    perform private.fold_views(true);
    exit when not exists (select 1 from private.views_inbox);
  end loop;
end $$;
revoke execute on function public.views_fold() from public, anon, authenticated;
grant execute on function public.views_fold() to service_role;
