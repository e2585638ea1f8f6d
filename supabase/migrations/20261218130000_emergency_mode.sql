-- « Mode urgence » (issue 45): one switch for the days the network is cut or throttled. While it is
-- on, every reader page goes out as the lite page for everyone, with the newsroom's banner, and the
-- front page is reduced to « L'essentiel », the live coverages and « Infos pratiques »; reads from
-- one address (a VPN exit, a carrier's NAT) are counted more loosely. « Préparer » sets a date
-- before which readers are offered a larger offline edition. The mirror's address is announced.
--
-- One settings row, the administrators' to change; readers learn what the pages show through
-- emergency_notice(). Every change is logged (who, when, what) and moves the content version with
-- an `all` purge, so every kept page and every page at the edge changes at once; content_version()
-- says whether the mode is on, so the site server decides from one read which pages go out.
-- Nothing about readers is stored here.

create table public.emergency_mode (
  id boolean primary key default true check (id),
  is_on boolean not null default false,
  banner text not null default 'Connexion perturbée ? Cette version légère consomme peu de données.'
    check (char_length(btrim(banner)) between 1 and 280),
  -- « Infos pratiques »: numbers, places, what works; plain text, one item a line.
  practical_info text not null default '' check (char_length(practical_info) <= 2000),
  -- Where the static mirror is served (another provider and domain); '' while there is none.
  mirror_url text not null default ''
    check (mirror_url = '' or (char_length(mirror_url) <= 300 and mirror_url ~ '^https?://[^[:space:]"<>]+$')),
  -- « Préparer »: the day readers should have the enlarged edition by (an election, an exam week).
  prepared_until date,
  updated_at timestamptz not null default now()
);
insert into public.emergency_mode default values;
alter table public.emergency_mode enable row level security;
revoke all on public.emergency_mode from public, anon, authenticated, service_role;
grant select on public.emergency_mode to authenticated;
grant update (is_on, banner, practical_info, mirror_url, prepared_until) on public.emergency_mode to authenticated;
grant all on public.emergency_mode to service_role;
create policy "administrators read the emergency mode" on public.emergency_mode for select to authenticated
  using (private.is_admin());
create policy "administrators change the emergency mode" on public.emergency_mode for update to authenticated
  using (private.is_admin()) with check (private.is_admin());

-- Who switched what, and when: written by the trigger alone, read by administrators.
create table public.emergency_mode_log (
  id bigint generated always as identity primary key,
  changed_at timestamptz not null default now(),
  changed_by uuid references auth.users (id) on delete set null,
  -- The name (or e-mail) at the time: the log stays readable after an account goes.
  changed_by_name text not null default '',
  event text not null check (event in ('on', 'off', 'settings')),
  is_on boolean not null
);
create index emergency_mode_log_changed_at_idx on public.emergency_mode_log (changed_at desc);
alter table public.emergency_mode_log enable row level security;
revoke all on public.emergency_mode_log from public, anon, authenticated, service_role;
grant select on public.emergency_mode_log to authenticated;
grant all on public.emergency_mode_log to service_role;
create policy "administrators read the emergency log" on public.emergency_mode_log for select to authenticated
  using (private.is_admin());

create function private.emergency_mode_touch() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  new.updated_at := pg_catalog.now();
  return new;
end $$;
revoke execute on function private.emergency_mode_touch() from public;
create trigger touch before update on public.emergency_mode
  for each row execute function private.emergency_mode_touch();

-- Every change is logged and changes what every page shows: all kept pages and the edge's go.
create function private.emergency_mode_changed() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  who uuid := auth.uid();
begin
  if (new.is_on, new.banner, new.practical_info, new.mirror_url, new.prepared_until)
     is not distinct from (old.is_on, old.banner, old.practical_info, old.mirror_url, old.prepared_until) then
    return null;
  end if;
  insert into public.emergency_mode_log (changed_by, changed_by_name, event, is_on)
  values (
    who,
    coalesce((select nullif(p.full_name, '') from public.profiles p where p.user_id = who limit 1),
             (select u.email from auth.users u where u.id = who), ''),
    case when new.is_on is distinct from old.is_on then (case when new.is_on then 'on' else 'off' end) else 'settings' end,
    new.is_on);
  perform private.record_public_change(array['all'], '{}');
  return null;
end $$;
revoke execute on function private.emergency_mode_changed() from public;
create trigger public_change_update after update on public.emergency_mode
  for each row execute function private.emergency_mode_changed();

-- What every reader page may show: the switch, its banner and « Infos pratiques », the mirror's
-- address, and the prepared date while it is to come (a past one offers nothing).
create function public.emergency_notice()
returns table (is_on boolean, banner text, practical_info text, mirror_url text, prepared_until date)
language sql stable security definer set search_path = '' as $$
  select e.is_on, e.banner, e.practical_info, e.mirror_url,
         case when e.prepared_until >= (pg_catalog.now() at time zone 'utc')::date then e.prepared_until end
  from public.emergency_mode e
$$;
revoke execute on function public.emergency_notice() from public, anon, authenticated, service_role;
grant execute on function public.emergency_notice() to anon, authenticated, service_role;

-- The content version now ends in `@urgence` while the mode is on: the site server learns from its
-- one poll which variant every page is (and the mode's change moves the version anyway).
create or replace function public.content_version() returns text
language sql stable security definer set search_path = '' as $$
  select v.version::text operator(pg_catalog.||) '@' operator(pg_catalog.||) coalesce((
    select pg_catalog.max(a.published_at)::text from public.articles a
    where a.status operator(pg_catalog.=) 'scheduled' and a.published_at operator(pg_catalog.<=) pg_catalog.now()), '')
    operator(pg_catalog.||) case when (select e.is_on from public.emergency_mode e) then '@urgence' else '' end
  from private.public_content_version v
$$;

-- Views counted while the mode is on: an address shared by many readers (a VPN exit, a carrier's
-- NAT) may count ten times as many reads (6,000 in 30 minutes, 200 of one page); one reader's own
-- allowance and the once-per-30-minutes rule stay. Otherwise as in 20261201090000.
create or replace function private.first_read(p_target text) returns boolean
language plpgsql volatile security definer set search_path = '' as $$
declare
  read_window constant interval := interval '30 minutes';
  reader_allowance constant integer := 60;
  shared_factor integer := case when (select e.is_on from public.emergency_mode e) then 10 else 1 end;
  address_allowance integer := 600 * shared_factor;
  address_target_allowance integer := 20 * shared_factor;
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
