-- Breaking-news alerts by Web Push (issue 28, docs/push.md): readers' devices follow categories,
-- the newsroom sends an alert about a published article, a send queue delivers it.
--
-- Who does what:
--   anon/authenticated  push_subscribe / push_unsubscribe their own device (by endpoint + auth secret),
--                       push_alert_opened (one anonymous count); nothing else, never a list;
--   journalists         propose an alert (push_send_alert answers 'proposed'), read their proposals;
--   administrators      send alerts, read alerts, deliveries and devices per category, change the settings;
--   service_role        the sender (the Node server's scheduler, npm run push:send): claims and finishes
--                       deliveries; a device its push service says is gone (404/410) is deleted.

-- 1. Where a device may be reached ----------------------------------------------------------------
-- In production an endpoint is https to a public DNS name: no IP literal, no localhost or local
-- names, no user info, default port (no SSRF through the sender). A local database (the seed sets
-- private.push_config.local_endpoints; hosted never runs the seed) also takes http to loopback,
-- so tests and npm run dev can use a push service of their own.
create table private.push_config (
  id boolean primary key default true check (id),
  local_endpoints boolean not null default false
);
insert into private.push_config default values;
alter table private.push_config enable row level security;
revoke all on table private.push_config from public, anon, authenticated, service_role;

create function private.push_endpoint_ok(p_endpoint text) returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce(pg_catalog.char_length(p_endpoint) <= 1000, false) and (
    (p_endpoint operator(pg_catalog.~) '^https://[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*\.[a-z]{2,63}(:443)?/[^[:space:]]*$'
      and not pg_catalog.split_part(pg_catalog.split_part(p_endpoint, '/', 3), ':', 1)
        operator(pg_catalog.~) '(^|\.)(localhost|local|internal|localdomain|home\.arpa|lan)$')
    or ((select c.local_endpoints from private.push_config c)
      and p_endpoint operator(pg_catalog.~) '^http://(127\.0\.0\.1|localhost|\[::1\]):[0-9]{1,5}/[^[:space:]]*$')
  )
$$;
revoke execute on function private.push_endpoint_ok(text) from public;

-- 2. Devices ----------------------------------------------------------------------------------------
-- A browser's push subscription: its endpoint and keys (RFC 8291: p256dh the device's public key,
-- auth its secret; both base64url) and what it follows (« À la une » and/or categories). No account
-- needed; a signed-in reader's device keeps their id. (An alert opens the article's address: a
-- reader with data-saver mode on gets its lite page there, by their cookie or Save-Data.)
-- Nobody reads this table but the sender and definer functions.
create table public.push_subscriptions (
  id uuid primary key default gen_random_uuid(),
  endpoint text not null unique,
  p256dh text not null check (p256dh operator(pg_catalog.~) '^[A-Za-z0-9_-]{80,100}={0,2}$'),
  auth text not null check (auth operator(pg_catalog.~) '^[A-Za-z0-9_-]{16,32}={0,2}$'),
  follows_front boolean not null default true,
  categories uuid[] not null default '{}' check (pg_catalog.cardinality(categories) <= 50),
  user_id uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index push_subscriptions_front_idx on public.push_subscriptions (id) where follows_front;
create index push_subscriptions_categories_idx on public.push_subscriptions using gin (categories);
alter table public.push_subscriptions enable row level security;
revoke all on public.push_subscriptions from anon, authenticated, service_role;
grant all on public.push_subscriptions to service_role;

-- 3. Settings ---------------------------------------------------------------------------------------
-- One row: at most daily_cap alerts reach a device in 24 hours; during quiet hours (the newsroom's
-- time zone, VITE_NEWSROOM_TIME_ZONE) an alert waits for their end (the sender of the alert works
-- that moment out: src/push/schedule.ts).
create table public.push_settings (
  id boolean primary key default true check (id),
  daily_cap integer not null default 3 check (daily_cap between 1 and 20),
  quiet_enabled boolean not null default true,
  quiet_start time not null default '22:00',
  quiet_end time not null default '07:00',
  updated_at timestamptz not null default now()
);
insert into public.push_settings default values;
alter table public.push_settings enable row level security;
revoke all on public.push_settings from anon, authenticated, service_role;
grant select on public.push_settings to authenticated;
grant update (daily_cap, quiet_enabled, quiet_start, quiet_end) on public.push_settings to authenticated;
grant all on public.push_settings to service_role;
create policy "the newsroom reads the push settings" on public.push_settings for select to authenticated
  using (private.is_newsroom());
create policy "administrators change the push settings" on public.push_settings for update to authenticated
  using (private.is_admin()) with check (private.is_admin());

-- 4. Alerts and their deliveries --------------------------------------------------------------------
-- An alert: 'proposed' by a journalist (nothing goes), or 'sent' by an administrator (its deliveries
-- queued). One sent alert per article. `opened` is one anonymous count (no trace of who).
create table public.push_alerts (
  id bigint generated always as identity primary key,
  article_id uuid not null references public.articles (id) on delete cascade,
  title text not null check (char_length(title) between 1 and 80),
  body text not null check (char_length(body) between 1 and 120),
  status text not null check (status in ('proposed', 'sent')),
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  not_before timestamptz,
  expires_at timestamptz,
  targeted integer not null default 0,
  opened integer not null default 0
);
create unique index push_alerts_once_idx on public.push_alerts (article_id) where status = 'sent';
alter table public.push_alerts enable row level security;
revoke all on public.push_alerts from anon, authenticated, service_role;
grant select on public.push_alerts to authenticated;
grant all on public.push_alerts to service_role;
create policy "administrators read alerts, journalists their proposals" on public.push_alerts for select to authenticated
  using (private.is_admin() or (private.is_journalist() and created_by = auth.uid()));

-- One row per alert and device: queued → sending (claimed by one sender) → sent | failed (after
-- retries, expired, or refused) | gone (the push service said the device is gone: it is deleted).
create table public.push_deliveries (
  id bigint generated always as identity primary key,
  alert_id bigint not null references public.push_alerts (id) on delete cascade,
  subscription_id uuid references public.push_subscriptions (id) on delete set null,
  status text not null default 'queued' check (status in ('queued', 'sending', 'sent', 'failed', 'gone')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  claimed_at timestamptz,
  sent_at timestamptz,
  error text,
  created_at timestamptz not null default now(),
  constraint push_deliveries_once unique (alert_id, subscription_id)
);
revoke all on sequence public.push_alerts_id_seq, public.push_deliveries_id_seq from anon, authenticated, service_role;
create index push_deliveries_queue_idx on public.push_deliveries (next_attempt_at, id) where status = 'queued';
create index push_deliveries_claimed_idx on public.push_deliveries (claimed_at) where status = 'sending';
create index push_deliveries_device_day_idx on public.push_deliveries (subscription_id, created_at);
alter table public.push_deliveries enable row level security;
revoke all on public.push_deliveries from anon, authenticated, service_role;
grant select on public.push_deliveries to authenticated;
grant all on public.push_deliveries to service_role;
create policy "administrators read push deliveries" on public.push_deliveries for select to authenticated using (private.is_admin());

-- 5. Readers' devices -------------------------------------------------------------------------------
-- Subscribes a device, or changes what it follows: an endpoint already known is changed only with
-- its auth secret (only the browser holding the subscription has it). Every category must exist.
-- Refusals: 22023 'endpoint' / 'keys' / 'categories' / 'nothing_followed'; 42501 'not_owner';
-- PT429 'rate_limited' (20 per client in 10 minutes: a flood of fake devices stops there, and
-- those their push service refuses are deleted by the sender).
create function public.push_subscribe(
  p_endpoint text, p_p256dh text, p_auth text, p_follows_front boolean, p_categories uuid[]
) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_categories uuid[] := coalesce(p_categories, '{}');
  v_auth text;
begin
  if not private.push_endpoint_ok(p_endpoint) then
    raise exception 'the push endpoint is not an https address of a push service' using errcode = '22023', detail = 'endpoint';
  end if;
  if coalesce(p_p256dh, '') operator(pg_catalog.!~) '^[A-Za-z0-9_-]{80,100}={0,2}$'
     or coalesce(p_auth, '') operator(pg_catalog.!~) '^[A-Za-z0-9_-]{16,32}={0,2}$' then
    raise exception 'the subscription keys are not base64url p256dh and auth' using errcode = '22023', detail = 'keys';
  end if;
  if pg_catalog.cardinality(v_categories) > 50
     or (select count(*) from public.categories c where c.id = any (v_categories))
        <> (select count(distinct u) from pg_catalog.unnest(v_categories) u) then
    raise exception 'unknown categories' using errcode = '22023', detail = 'categories';
  end if;
  if not coalesce(p_follows_front, false) and pg_catalog.cardinality(v_categories) = 0 then
    raise exception 'a device follows « À la une » or a category' using errcode = '22023', detail = 'nothing_followed';
  end if;
  if not private.allow_form_send('push', 20, 60, interval '10 minutes') then
    raise exception 'too many subscriptions from this client: try again in a few minutes'
      using errcode = 'PT429', detail = 'rate_limited';
  end if;
  select s.auth into v_auth from public.push_subscriptions s where s.endpoint = p_endpoint for update;
  if v_auth is not null and v_auth <> p_auth then
    raise exception 'this device is not yours' using errcode = '42501', detail = 'not_owner';
  end if;
  insert into public.push_subscriptions as s (endpoint, p256dh, auth, follows_front, categories, user_id)
    values (p_endpoint, p_p256dh, p_auth, coalesce(p_follows_front, false),
            array(select distinct u from pg_catalog.unnest(v_categories) u order by 1), auth.uid())
    on conflict (endpoint) do update set
      p256dh = excluded.p256dh, follows_front = excluded.follows_front, categories = excluded.categories,
      user_id = coalesce(excluded.user_id, s.user_id), updated_at = pg_catalog.now();
end $$;
revoke execute on function public.push_subscribe(text, text, text, boolean, uuid[]) from public, anon, authenticated, service_role;
grant execute on function public.push_subscribe(text, text, text, boolean, uuid[]) to anon, authenticated, service_role;

-- Stops a device's alerts: true when it was subscribed (the endpoint and its auth secret match).
create function public.push_unsubscribe(p_endpoint text, p_auth text) returns boolean
language plpgsql volatile security definer set search_path = '' as $$
begin
  delete from public.push_subscriptions s where s.endpoint = p_endpoint and s.auth = p_auth;
  return found;
end $$;
revoke execute on function public.push_unsubscribe(text, text) from public, anon, authenticated, service_role;
grant execute on function public.push_unsubscribe(text, text) to anon, authenticated, service_role;

-- A notification was clicked: one more open for its alert (sent in the last 7 days), nothing about
-- who. A client counts at most 30 opens in 10 minutes.
create function public.push_alert_opened(p_alert bigint) returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  if not exists (select 1 from public.push_alerts a
                 where a.id = p_alert and a.status = 'sent' and a.sent_at > pg_catalog.now() - interval '7 days') then
    return;
  end if;
  if private.allow_form_send('push-open', 30, 300, interval '10 minutes') then
    update public.push_alerts set opened = opened + 1 where id = p_alert;
  end if;
end $$;
revoke execute on function public.push_alert_opened(bigint) from public, anon, authenticated, service_role;
grant execute on function public.push_alert_opened(bigint) to anon, authenticated, service_role;

-- 6. The newsroom -----------------------------------------------------------------------------------
-- The devices an alert about an article reaches now: those following « À la une » or its category,
-- less those that had daily_cap alerts in the last 24 hours.
create function private.push_audience(p_article uuid) returns setof uuid
language sql stable security definer set search_path = '' as $$
  select s.id from public.push_subscriptions s
  join public.articles a on a.id = p_article
  where (s.follows_front or a.category_id = any (s.categories))
    and (select count(*) from public.push_deliveries d
         where d.subscription_id = s.id and d.status in ('queued', 'sending', 'sent')
           and d.created_at > pg_catalog.now() - interval '24 hours')
        < (select p.daily_cap from public.push_settings p)
$$;
revoke execute on function private.push_audience(uuid) from public;

-- How many devices an alert about the article would reach now (the editor's confirmation). Newsroom only.
create function public.push_audience_count(p_article uuid) returns integer
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.require_newsroom();
  return (select count(*) from private.push_audience(p_article));
end $$;
revoke execute on function public.push_audience_count(uuid) from public, anon, authenticated, service_role;
grant execute on function public.push_audience_count(uuid) to authenticated;

-- An alert about a public article: an administrator (or the service role: npm run push:send) sends it (its deliveries are queued, to go at
-- p_not_before, the end of quiet hours, or now; expiring 4 hours later), a journalist proposes it.
-- p_proposal: the proposal an administrator sends (it becomes the sent alert).
-- Answers the alert's id, status and devices targeted. Refusals: 42501 (not the newsroom),
-- 22023 'article' (not public), 23505 'already_sent'.
create function public.push_send_alert(
  p_article uuid, p_title text, p_body text, p_not_before timestamptz default null, p_proposal bigint default null
) returns table (id bigint, status text, targeted integer)
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_alert public.push_alerts;
  v_at timestamptz := greatest(pg_catalog.now(), coalesce(p_not_before, pg_catalog.now()));
  v_admin boolean := private.is_admin() or auth.role() is not distinct from 'service_role';
begin
  perform private.require_newsroom();
  if not exists (select 1 from public.articles a where a.id = p_article and private.article_is_public(a.status, a.published_at)) then
    raise exception 'only a published article can be alerted' using errcode = '22023', detail = 'article';
  end if;
  if exists (select 1 from public.push_alerts a where a.article_id = p_article and a.status = 'sent') then
    raise exception 'an alert already went out for this article' using errcode = '23505', detail = 'already_sent';
  end if;
  if not v_admin then
    insert into public.push_alerts (article_id, title, body, status, created_by)
      values (p_article, private.trimmed(p_title), private.trimmed(p_body), 'proposed', auth.uid())
      returning * into v_alert;
    return query select v_alert.id, v_alert.status, 0;
    return;
  end if;
  if p_proposal is not null then
    update public.push_alerts a set title = private.trimmed(p_title), body = private.trimmed(p_body), status = 'sent',
        sent_at = pg_catalog.now(), not_before = v_at, expires_at = v_at + interval '4 hours'
      where a.id = p_proposal and a.article_id = p_article and a.status = 'proposed'
      returning * into v_alert;
  end if;
  if v_alert.id is null then
    insert into public.push_alerts (article_id, title, body, status, created_by, sent_at, not_before, expires_at)
      values (p_article, private.trimmed(p_title), private.trimmed(p_body), 'sent', auth.uid(), pg_catalog.now(), v_at,
              v_at + interval '4 hours')
      returning * into v_alert;
  end if;
  insert into public.push_deliveries (alert_id, subscription_id, next_attempt_at)
    select v_alert.id, s, v_at from private.push_audience(p_article) s;
  update public.push_alerts a set targeted = (select count(*) from public.push_deliveries d where d.alert_id = v_alert.id)
    where a.id = v_alert.id returning * into v_alert;
  return query select v_alert.id, v_alert.status, v_alert.targeted;
end $$;
revoke execute on function public.push_send_alert(uuid, text, text, timestamptz, bigint) from public, anon, authenticated, service_role;
grant execute on function public.push_send_alert(uuid, text, text, timestamptz, bigint) to authenticated, service_role;

-- The alerts list: per alert its article, devices targeted, delivered, failed (gone included),
-- waiting and opened. Administrators see every alert, journalists their proposals (their RLS).
create function public.push_alert_stats(p_limit integer default 50)
returns table (id bigint, article_id uuid, article_title text, slug text, title text, body text, status text,
               created_at timestamptz, sent_at timestamptz, targeted integer, delivered bigint, failed bigint,
               waiting bigint, opened integer)
language sql stable security invoker set search_path = '' as $$
  select a.id, a.article_id, ar.title, ar.slug, a.title, a.body, a.status, a.created_at, a.sent_at, a.targeted,
    count(d.id) filter (where d.status = 'sent'),
    count(d.id) filter (where d.status in ('failed', 'gone')),
    count(d.id) filter (where d.status in ('queued', 'sending')),
    a.opened
  from public.push_alerts a
  join public.articles ar on ar.id = a.article_id
  left join public.push_deliveries d on d.alert_id = a.id
  group by a.id, ar.id
  order by a.created_at desc
  limit least(greatest(p_limit, 1), 200)
$$;
revoke execute on function public.push_alert_stats(integer) from public, anon, authenticated, service_role;
grant execute on function public.push_alert_stats(integer) to authenticated;

-- Devices per category (category_id null: « À la une »). Administrators only (others get no row).
create function public.push_devices_per_category()
returns table (category_id uuid, name text, devices bigint)
language sql stable security definer set search_path = '' as $$
  select null::uuid, 'À la une', count(*) from public.push_subscriptions s where s.follows_front and private.is_admin()
  union all
  select c.id, c.name, (select count(*) from public.push_subscriptions s where c.id = any (s.categories))
  from public.categories c where private.is_admin()
$$;
revoke execute on function public.push_devices_per_category() from public, anon, authenticated, service_role;
grant execute on function public.push_devices_per_category() to authenticated;

-- 7. The sender (service_role only) ---------------------------------------------------------------
-- Claims the next delivery due, for one sender (`for update skip locked`: several server instances
-- share the queue). A delivery past its alert's expiry fails as 'expiré'; one whose device is gone
-- fails as 'désabonné'; a claim a crashed sender left for 10 minutes fails (never twice). No row:
-- nothing due now.
create function public.push_claim_delivery()
returns table (id bigint, alert_id bigint, endpoint text, p256dh text, auth text,
               title text, body text, slug text, expires_at timestamptz)
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_delivery public.push_deliveries;
begin
  update public.push_deliveries d set status = 'failed', error = 'interrompu : envoi incertain, non renvoyé'
    where d.status = 'sending' and d.claimed_at < pg_catalog.now() - interval '10 minutes';
  loop
    select * into v_delivery from public.push_deliveries d
      where d.status = 'queued' and d.next_attempt_at <= pg_catalog.now()
      order by d.next_attempt_at, d.id
      limit 1 for update skip locked;
    if v_delivery.id is null then
      return;
    end if;
    exit when v_delivery.subscription_id is not null
      and (select a.expires_at > pg_catalog.now() from public.push_alerts a where a.id = v_delivery.alert_id);
    update public.push_deliveries d
      set status = 'failed', error = case when v_delivery.subscription_id is null then 'désabonné' else 'expiré' end
      where d.id = v_delivery.id;
    v_delivery := null;
  end loop;
  update public.push_deliveries d set status = 'sending', attempts = d.attempts + 1, claimed_at = pg_catalog.now(), error = null
    where d.id = v_delivery.id;
  return query
    select v_delivery.id, a.id, s.endpoint, s.p256dh, s.auth, a.title, a.body, ar.slug, a.expires_at
    from public.push_alerts a
    join public.articles ar on ar.id = a.article_id
    join public.push_subscriptions s on s.id = v_delivery.subscription_id
    where a.id = v_delivery.alert_id;
end $$;
revoke execute on function public.push_claim_delivery() from public, anon, authenticated, service_role;
grant execute on function public.push_claim_delivery() to service_role;

-- What became of a claimed delivery: 'sent' (the push service took it), 'retry' (a refusal worth
-- retrying: queued again after 1, 2, 4, 8 minutes; failed after the 5th attempt), 'failed'
-- (permanent), 'gone' (404/410: the device no longer exists and is deleted with its follows).
create function public.push_finish_delivery(p_id bigint, p_outcome text, p_error text)
returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_subscription uuid;
begin
  if p_outcome not in ('sent', 'retry', 'failed', 'gone') then
    raise exception 'unknown outcome %', p_outcome using errcode = '22023';
  end if;
  update public.push_deliveries d set
    status = case
      when p_outcome in ('sent', 'failed', 'gone') then p_outcome
      when d.attempts < 5 then 'queued'
      else 'failed' end,
    sent_at = case when p_outcome = 'sent' then pg_catalog.now() end,
    error = pg_catalog.left(nullif(p_error, ''), 500),
    next_attempt_at = pg_catalog.now() + pg_catalog.make_interval(mins => (2 ^ (d.attempts - 1))::integer)
  where d.id = p_id and d.status = 'sending'
  returning d.subscription_id into v_subscription;
  if p_outcome = 'gone' and v_subscription is not null then
    delete from public.push_subscriptions s where s.id = v_subscription;
  end if;
end $$;
revoke execute on function public.push_finish_delivery(bigint, text, text) from public, anon, authenticated, service_role;
grant execute on function public.push_finish_delivery(bigint, text, text) to service_role;
