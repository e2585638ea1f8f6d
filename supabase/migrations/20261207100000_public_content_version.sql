-- What the site server's page cache checks before it serves a kept page (src/server/pageCache.ts,
-- docs/architecture.md#the-page-cache). One number that goes up, in the same transaction, whenever
-- something a reader could see changes: an article that is public before or after the change
-- (published, edited, unpublished, deleted, renamed, rescheduled), its corrections, pictures and
-- front-page place, a category, a public author's byline. Every server instance polls it as anon
-- (content_version(), with the moment of the latest scheduled article out) every second and drops
-- the pages it keeps when it moves.
--
-- One row, not a log: the row lock orders the changes as they commit, so a server that read
-- version n has seen every change numbered up to n (ids of a log table are taken before commit
-- and can commit out of order), and nothing needs pruning. Changes to drafts and to bylines of
-- authors with nothing public never move it: its readers learn nothing about unpublished work.
-- Statement-level triggers: an import of 100,000 articles moves it once, not 100,000 times.

create table private.public_content_version (
  only_row boolean primary key default true check (only_row),
  version bigint not null default 1,
  changed_at timestamptz not null default now()
);
revoke all on private.public_content_version from public, anon, authenticated, service_role;
insert into private.public_content_version default values;

create function private.bump_public_content_version() returns void
language sql volatile security definer set search_path = '' as $$
  update private.public_content_version
     set version = version operator(pg_catalog.+) 1, changed_at = pg_catalog.now();
$$;
revoke execute on function private.bump_public_content_version() from public;

-- A scheduled article goes out at its moment with no write at all: the moment of the latest one
-- that went out is part of the answer, so the version moves then too. It is the publication time of
-- an article readers can see (an unpublished or deleted one is left out), so it tells them nothing
-- they could not read; a scheduled article's moment is never told before it comes.
create index articles_scheduled_out_idx on public.articles (published_at) where status = 'scheduled';

create function public.content_version() returns text
language sql stable security definer set search_path = '' as $$
  select v.version::text operator(pg_catalog.||) '@' operator(pg_catalog.||) coalesce((
    select pg_catalog.max(a.published_at)::text from public.articles a
    where a.status operator(pg_catalog.=) 'scheduled' and a.published_at operator(pg_catalog.<=) pg_catalog.now()), '')
  from private.public_content_version v
$$;
comment on function public.content_version() is
  'Moves whenever something readers can see changes (and when a scheduled article goes out); the site server polls it to evict its page cache.';
revoke execute on function public.content_version() from public;
grant execute on function public.content_version() to anon, authenticated, service_role;

-- The transition tables: old_rows exists for UPDATE and DELETE, new_rows for INSERT and UPDATE.
-- PL/pgSQL plans each statement when it first runs, so each table is read in its own statement,
-- reached only by the operations whose trigger has it.

-- An article counts when it is public before or after the statement.
create function private.articles_public_change() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    if exists (select 1 from old_rows o where private.article_is_public(o.status, o.published_at)) then
      perform private.bump_public_content_version();
      return null;
    end if;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    if exists (select 1 from new_rows n where private.article_is_public(n.status, n.published_at)) then
      perform private.bump_public_content_version();
    end if;
  end if;
  return null;
end $$;
revoke execute on function private.articles_public_change() from public;
create trigger public_change_insert after insert on public.articles
  referencing new table as new_rows for each statement execute function private.articles_public_change();
create trigger public_change_update after update on public.articles
  referencing old table as old_rows new table as new_rows for each statement execute function private.articles_public_change();
create trigger public_change_delete after delete on public.articles
  referencing old table as old_rows for each statement execute function private.articles_public_change();

-- A row belonging to an article (correction, picture, front-page place) counts when its article is
-- public, or was (a deletion cascading from a public article: the article's own trigger counts it).
create function private.article_part_public_change() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    if exists (select 1 from old_rows o join public.articles a on a.id = o.article_id
               where private.article_is_public(a.status, a.published_at)) then
      perform private.bump_public_content_version();
      return null;
    end if;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    if exists (select 1 from new_rows n join public.articles a on a.id = n.article_id
               where private.article_is_public(a.status, a.published_at)) then
      perform private.bump_public_content_version();
    end if;
  end if;
  return null;
end $$;
revoke execute on function private.article_part_public_change() from public;

create trigger public_change_insert after insert on public.article_corrections
  referencing new table as new_rows for each statement execute function private.article_part_public_change();
create trigger public_change_update after update on public.article_corrections
  referencing old table as old_rows new table as new_rows for each statement execute function private.article_part_public_change();
create trigger public_change_delete after delete on public.article_corrections
  referencing old table as old_rows for each statement execute function private.article_part_public_change();
create trigger public_change_insert after insert on public.article_images
  referencing new table as new_rows for each statement execute function private.article_part_public_change();
create trigger public_change_update after update on public.article_images
  referencing old table as old_rows new table as new_rows for each statement execute function private.article_part_public_change();
create trigger public_change_delete after delete on public.article_images
  referencing old table as old_rows for each statement execute function private.article_part_public_change();
create trigger public_change_insert after insert on public.front_page
  referencing new table as new_rows for each statement execute function private.article_part_public_change();
create trigger public_change_update after update on public.front_page
  referencing old table as old_rows new table as new_rows for each statement execute function private.article_part_public_change();
create trigger public_change_delete after delete on public.front_page
  referencing old table as old_rows for each statement execute function private.article_part_public_change();

-- Categories are all public (menu, pages, feeds).
create function private.categories_public_change() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform private.bump_public_content_version();
  return null;
end $$;
revoke execute on function private.categories_public_change() from public;
create trigger public_change after insert or update or delete on public.categories
  for each statement execute function private.categories_public_change();

-- A profile counts when it is a public byline (its person wrote a public article).
create function private.profiles_public_change() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    if exists (select 1 from old_rows o join public.articles a on a.author_id = o.user_id
               where private.article_is_public(a.status, a.published_at)) then
      perform private.bump_public_content_version();
      return null;
    end if;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    if exists (select 1 from new_rows n join public.articles a on a.author_id = n.user_id
               where private.article_is_public(a.status, a.published_at)) then
      perform private.bump_public_content_version();
    end if;
  end if;
  return null;
end $$;
revoke execute on function private.profiles_public_change() from public;
create trigger public_change_insert after insert on public.profiles
  referencing new table as new_rows for each statement execute function private.profiles_public_change();
create trigger public_change_update after update on public.profiles
  referencing old table as old_rows new table as new_rows for each statement execute function private.profiles_public_change();
create trigger public_change_delete after delete on public.profiles
  referencing old table as old_rows for each statement execute function private.profiles_public_change();
