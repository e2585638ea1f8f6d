-- Honest view counts (issue 12): one article view, and one page view per path, per reader in any
-- 30 minutes, decided here so no client can buy audience. A reader is a daily-salted SHA-256 of
-- the client address and user agent the request carries; neither is ever stored, and once a day's
-- salt is deleted (the day after next) its digests cannot be linked to anyone.

-- One random salt per UTC day. Only the security-definer functions below (owned by the migration
-- role) read it: no API role has any privilege on it, RLS is on with no policy.
create table private.view_salts (
  day date primary key,
  salt bytea not null default extensions.gen_random_bytes(32)
);
alter table private.view_salts enable row level security;
revoke all on table private.view_salts from public, anon, authenticated, service_role;

-- The reads counted in the last 30 minutes: `target` is 'article:<id>' or 'page:<path>'; `reader`
-- digests address and user agent, `address` the address alone.
create table private.recent_reads (
  reader bytea not null,
  address bytea not null,
  target text not null,
  seen_at timestamptz not null default now(),
  primary key (reader, target)
);
create index recent_reads_seen_idx on private.recent_reads (seen_at);
create index recent_reads_address_idx on private.recent_reads (address, target);
alter table private.recent_reads enable row level security;
revoke all on table private.recent_reads from public, anon, authenticated, service_role;

-- The client address as the platform's proxy saw it. On hosted Supabase, Cloudflare sets
-- cf-connecting-ip (a client cannot forge it; x-forwarded-for it can prepend to); locally the
-- gateway overwrites x-real-ip and x-forwarded-for from the socket and drops cf-connecting-ip.
-- No headers at all (a direct SQL call) is one anonymous reader, which only counts less.
create function private.reader_digest(p_salt bytea, p_with_agent boolean) returns bytea
language plpgsql stable set search_path = '' as $$
declare
  headers jsonb := coalesce(nullif(pg_catalog.current_setting('request.headers', true), ''), '{}')::jsonb;
  address text;
begin
  address := coalesce(
    nullif(pg_catalog.btrim(headers ->> 'cf-connecting-ip'), ''),
    nullif(pg_catalog.btrim(headers ->> 'x-real-ip'), ''),
    nullif(pg_catalog.btrim(pg_catalog.split_part(headers ->> 'x-forwarded-for', ',', 1)), ''),
    '');
  if p_with_agent then
    address := address || pg_catalog.chr(10) || pg_catalog.left(coalesce(headers ->> 'user-agent', ''), 512);
  end if;
  return pg_catalog.sha256(p_salt || pg_catalog.convert_to(address, 'UTF8'));
end $$;
revoke execute on function private.reader_digest(bytea, boolean) from public;

-- True when this reader's read of `p_target` counts: its first in 30 minutes, within the reader's
-- allowance of 60 counted reads per 30 minutes (a flood of distinct junk paths adds at most that
-- many rows). One address may stand for many readers (carrier-grade NAT is common on the mobile
-- networks this site is read on), so readers are told apart by user agent too; rotating the user
-- agent from one address is bounded by 20 counts per target and 600 counted reads in all per 30
-- minutes. Calls from one address take turns (a transaction lock on its digest), so a burst of
-- parallel calls counts once and cannot overshoot the allowances.
create function private.first_read(p_target text) returns boolean
language plpgsql volatile security definer set search_path = '' as $$
declare
  read_window constant interval := interval '30 minutes';
  reader_allowance constant integer := 60;
  address_allowance constant integer := 600;
  address_target_allowance constant integer := 20;
  today date := (pg_catalog.now() at time zone 'utc')::date;
  today_salt bytea;
  yesterday_salt bytea;
  v_reader bytea;
  v_address bytea;
begin
  insert into private.view_salts (day) values (today) on conflict (day) do nothing;
  if found then
    delete from private.view_salts where day < today - 1;
  end if;
  select s.salt into today_salt from private.view_salts s where s.day = today;
  select s.salt into yesterday_salt from private.view_salts s where s.day = today - 1;
  v_reader := private.reader_digest(today_salt, true);
  v_address := private.reader_digest(today_salt, false);
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended(pg_catalog.encode(v_address, 'hex'), 0));

  -- A read begun before midnight UTC was keyed with yesterday's salt: it still holds the window.
  if yesterday_salt is not null and exists (
    select 1 from private.recent_reads r
    where r.reader = private.reader_digest(yesterday_salt, true) and r.target = p_target and r.seen_at > pg_catalog.now() - read_window
  ) then
    return false;
  end if;
  if (select count(*) from private.recent_reads r where r.reader = v_reader and r.seen_at > pg_catalog.now() - read_window) >= reader_allowance
     or (select count(*) from private.recent_reads r where r.address = v_address and r.seen_at > pg_catalog.now() - read_window) >= address_allowance
     or (select count(*) from private.recent_reads r
         where r.address = v_address and r.target = p_target and r.seen_at > pg_catalog.now() - read_window) >= address_target_allowance then
    return false;
  end if;

  insert into private.recent_reads as r (reader, address, target, seen_at) values (v_reader, v_address, p_target, pg_catalog.now())
    on conflict (reader, target) do update set seen_at = excluded.seen_at
    where r.seen_at <= pg_catalog.now() - read_window;
  if not found then
    return false;
  end if;
  -- Expired windows are dropped now and then rather than by a scheduler hosted may not run.
  if pg_catalog.random() < 0.01 then
    delete from private.recent_reads where seen_at <= pg_catalog.now() - read_window;
  end if;
  return true;
end $$;
revoke execute on function private.first_read(text) from public;

create or replace function public.record_page_view(p_path text) returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  if p_path is null or char_length(p_path) not between 1 and 512 or left(p_path, 1) <> '/' then
    raise exception 'record_page_view: path must start with / and be at most 512 characters' using errcode = '22023';
  end if;
  if private.first_read('page:' || p_path) then
    insert into public.page_views (path) values (p_path);
  end if;
end $$;

-- Counts only published articles, and answers the same either way, so it reveals nothing about
-- drafts or about whether this reader was already counted.
create or replace function public.record_article_view(p_article_id uuid) returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  if not exists (select 1 from public.articles where id = p_article_id and status = 'published') then
    return;
  end if;
  if private.first_read('article:' || p_article_id::text) then
    insert into public.article_views (article_id) values (p_article_id);
    insert into public.article_view_counts as c (article_id, view_count) values (p_article_id, 1)
      on conflict (article_id) do update set view_count = c.view_count + 1;
  end if;
end $$;
