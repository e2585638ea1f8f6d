-- « La Matinale » goes out (issue 27, docs/newsletter.md): double opt-in, editions, a send queue that
-- is also the delivery log, one-click unsubscribe and provider suppressions.
--
-- Who does what:
--   anon/authenticated  subscribe_newsletter (queues a confirmation mail), confirm_newsletter and
--                       leave_newsletter (by a token from a mail), nothing else;
--   administrators      read subscribers, editions, deliveries and the settings; change the settings;
--   service_role        the sender (the Node server's scheduler, npm run newsletter:send): starts
--                       editions, claims and finishes deliveries, records provider suppressions.

-- 1. Subscriptions get a state ---------------------------------------------------------------------
-- pending      signed up, not confirmed: receives nothing but its confirmation mail;
-- confirmed    confirmed by its owner (consented_at is that moment): receives editions;
-- unsubscribed left; a new sign-up sends a confirmation and changes nothing until it is confirmed;
-- suppressed   the provider reported a hard bounce or a complaint: never mailed again.
alter table public.newsletter_subscribers
  add column status text not null default 'pending'
    constraint newsletter_subscribers_status check (status in ('pending', 'confirmed', 'unsubscribed', 'suppressed')),
  add column requested_at timestamptz not null default now(),
  add column suppressed_at timestamptz,
  add column suppression_reason text;
-- Addresses from before double opt-in consented on the form (single opt-in): they stay subscribed.
update public.newsletter_subscribers set status = case when unsubscribed_at is null then 'confirmed' else 'unsubscribed' end;
-- Consent is the confirmation's moment: a pending address has none (nor one that left before confirming).
alter table public.newsletter_subscribers alter column consented_at drop not null, alter column consented_at drop default;
alter table public.newsletter_subscribers add constraint newsletter_subscribers_consent
  check (status <> 'confirmed' or consented_at is not null);
create index newsletter_subscribers_confirmed_idx on public.newsletter_subscribers (id) where status = 'confirmed';

-- 2. Tokens -----------------------------------------------------------------------------------------
-- A token is 32 random bytes made by the sender (base64url in the link); only its SHA-256 is kept, so
-- neither the database nor a backup can rebuild a link. A token has one purpose: a confirm token
-- cannot unsubscribe and the reverse. Confirm tokens expire after 48 hours and are purged.
create table private.newsletter_tokens (
  hash bytea primary key,
  subscriber_id uuid not null references public.newsletter_subscribers (id) on delete cascade,
  purpose text not null check (purpose in ('confirm', 'unsubscribe')),
  created_at timestamptz not null default now(),
  expires_at timestamptz
);
create index newsletter_tokens_subscriber_idx on private.newsletter_tokens (subscriber_id);
alter table private.newsletter_tokens enable row level security;
revoke all on table private.newsletter_tokens from public, anon, authenticated, service_role;

create function private.token_hash(p_token text) returns bytea
language sql immutable parallel safe set search_path = '' as $$
  select pg_catalog.sha256(pg_catalog.convert_to(coalesce(p_token, ''), 'UTF8'))
$$;
revoke execute on function private.token_hash(text) from public;

-- 3. Settings ---------------------------------------------------------------------------------------
-- One row: the daily send time (in the newsroom's time zone, VITE_NEWSROOM_TIME_ZONE), whether the
-- daily send runs, the sending rate, the postal address every edition carries, and whether the lead's
-- 640 px image is included (a remote image; off by default).
create table public.newsletter_settings (
  id boolean primary key default true check (id),
  daily_enabled boolean not null default true,
  send_time time not null default '06:30',
  per_minute integer not null default 120 check (per_minute between 1 and 10000),
  postal_address text not null default '' check (char_length(postal_address) <= 300),
  include_lead_image boolean not null default false,
  updated_at timestamptz not null default now()
);
insert into public.newsletter_settings default values;
alter table public.newsletter_settings enable row level security;
revoke all on public.newsletter_settings from anon, authenticated, service_role;
grant select on public.newsletter_settings to authenticated;
grant update (daily_enabled, send_time, per_minute, postal_address, include_lead_image) on public.newsletter_settings to authenticated;
grant all on public.newsletter_settings to service_role;
create policy "administrators read the newsletter settings" on public.newsletter_settings for select to authenticated
  using (private.is_admin());
create policy "administrators change the newsletter settings" on public.newsletter_settings for update to authenticated
  using (private.is_admin()) with check (private.is_admin());

-- 4. Editions ---------------------------------------------------------------------------------------
-- An edition as it went out: its HTML and text with %%UNSUBSCRIBE_URL%% where each recipient's own
-- link goes. `slot` makes an edition happen once: 'daily:YYYY-MM-DD' for the schedule (several
-- server instances race to insert it; one wins), 'manual:…' for a send from the back office or CLI.
create table public.newsletter_editions (
  id bigint generated always as identity primary key,
  slot text not null unique,
  subject text not null check (char_length(subject) between 1 and 200),
  html text not null,
  text text not null,
  articles uuid[] not null default '{}',
  since timestamptz not null,
  until timestamptz not null,
  created_at timestamptz not null default now()
);
alter table public.newsletter_editions enable row level security;
revoke all on public.newsletter_editions from anon, authenticated, service_role;
grant select on public.newsletter_editions to authenticated;
grant all on public.newsletter_editions to service_role;
create policy "administrators read editions" on public.newsletter_editions for select to authenticated using (private.is_admin());

-- 5. Deliveries: the queue and the log ------------------------------------------------------------
-- One row per mail: a confirmation, or an edition to one subscriber (unique: an edition never goes
-- twice to one address, whatever reruns or crashes). queued → sending (claimed by one sender) →
-- sent | failed (after retries, or a permanent refusal) | suppressed (the address left or bounced
-- before its turn). A claim left in 'sending' by a crashed sender is not sent again (the mail may
-- have gone): it is marked failed, 'interrompu'.
create table public.newsletter_deliveries (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('confirmation', 'edition')),
  edition_id bigint references public.newsletter_editions (id) on delete cascade,
  subscriber_id uuid not null references public.newsletter_subscribers (id) on delete cascade,
  email text not null,
  status text not null default 'queued' check (status in ('queued', 'sending', 'sent', 'failed', 'suppressed')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  claimed_at timestamptz,
  sent_at timestamptz,
  provider_id text,
  error text,
  created_at timestamptz not null default now(),
  constraint newsletter_deliveries_edition check ((kind = 'edition') = (edition_id is not null)),
  constraint newsletter_deliveries_once unique (edition_id, subscriber_id)
);
-- Identity columns need no sequence rights (hosted's default privileges would grant them).
revoke all on sequence public.newsletter_editions_id_seq, public.newsletter_deliveries_id_seq from anon, authenticated, service_role;
create index newsletter_deliveries_queue_idx on public.newsletter_deliveries (next_attempt_at, id) where status = 'queued';
create index newsletter_deliveries_claimed_idx on public.newsletter_deliveries (claimed_at) where status = 'sending';
create index newsletter_deliveries_subscriber_idx on public.newsletter_deliveries (subscriber_id, created_at);
create index newsletter_deliveries_provider_idx on public.newsletter_deliveries (provider_id) where provider_id is not null;
alter table public.newsletter_deliveries enable row level security;
revoke all on public.newsletter_deliveries from anon, authenticated, service_role;
grant select on public.newsletter_deliveries to authenticated;
grant all on public.newsletter_deliveries to service_role;
create policy "administrators read deliveries" on public.newsletter_deliveries for select to authenticated using (private.is_admin());

-- 6. Signing up -------------------------------------------------------------------------------------
-- Pending sign-ups never confirmed are dropped 48 hours on, with their expired tokens.
create function private.purge_newsletter_pending() returns void
language sql volatile security definer set search_path = '' as $$
  delete from private.newsletter_tokens where expires_at < pg_catalog.now();
  delete from public.newsletter_subscribers
    where status = 'pending' and requested_at < pg_catalog.now() - interval '48 hours';
$$;
revoke execute on function private.purge_newsletter_pending() from public;

-- Signs an address up: a new or pending or unsubscribed address gets a confirmation mail (queued
-- here, sent by the sender) and nothing else changes until it is confirmed; a confirmed or
-- suppressed one gets nothing. Every case answers the same, so the form reveals nobody's
-- subscription. One address gets at most 3 confirmation mails a day, however many clients ask.
-- Refusals: 22023 'email' not an e-mail address; PT429 'rate_limited' as before (10 per client in 10 minutes).
create or replace function public.subscribe_newsletter(p_email text) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_email text := private.trimmed(p_email);
  v_subscriber public.newsletter_subscribers;
begin
  if not private.is_email(v_email) then
    raise exception 'the e-mail address is not valid' using errcode = '22023', detail = 'email';
  end if;
  if not private.allow_form_send('newsletter', 10, 30, interval '10 minutes') then
    raise exception 'too many sign-ups from this client: try again in a few minutes'
      using errcode = 'PT429', detail = 'rate_limited';
  end if;
  if pg_catalog.random() < 0.02 then
    perform private.purge_newsletter_pending();
  end if;
  insert into public.newsletter_subscribers as s (email, status) values (v_email, 'pending')
    on conflict ((pg_catalog.lower(email))) do nothing
    returning * into v_subscriber;
  if v_subscriber.id is null then
    select * into v_subscriber from public.newsletter_subscribers s
      where pg_catalog.lower(s.email) = pg_catalog.lower(v_email) for update;
  end if;
  if v_subscriber.status not in ('pending', 'unsubscribed') then
    return;
  end if;
  if (select count(*) from public.newsletter_deliveries d
      where d.subscriber_id = v_subscriber.id and d.kind = 'confirmation'
        and d.created_at > pg_catalog.now() - interval '1 day') >= 3 then
    return;
  end if;
  update public.newsletter_subscribers set requested_at = pg_catalog.now() where id = v_subscriber.id;
  insert into public.newsletter_deliveries (kind, subscriber_id, email) values ('confirmation', v_subscriber.id, v_subscriber.email);
end $$;

-- Confirms the subscription a confirmation mail's token was made for: it is confirmed now (its
-- consent), whatever it was; its confirm tokens are spent. A token unknown, expired, spent or made
-- for unsubscribing is refused: P0002 'unknown_token' (HTTP 404).
create function public.confirm_newsletter(p_token text) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_subscriber uuid;
begin
  select t.subscriber_id into v_subscriber from private.newsletter_tokens t
    where t.hash = private.token_hash(p_token) and t.purpose = 'confirm' and t.expires_at > pg_catalog.now();
  if v_subscriber is null then
    raise exception 'no pending confirmation has this token' using errcode = 'P0002', detail = 'unknown_token';
  end if;
  update public.newsletter_subscribers
    set status = 'confirmed', consented_at = pg_catalog.now(), unsubscribed_at = null, suppressed_at = null, suppression_reason = null
    where id = v_subscriber;
  delete from private.newsletter_tokens where subscriber_id = v_subscriber and purpose = 'confirm';
end $$;
revoke execute on function public.confirm_newsletter(text) from public, anon, authenticated, service_role;
grant execute on function public.confirm_newsletter(text) to anon, authenticated, service_role;

-- Unsubscribes the address an edition's link (or List-Unsubscribe one-click POST) was made for. The
-- link keeps working: following it again changes nothing and succeeds. Links from before this
-- migration (the subscriber's unsubscribe_token uuid) still work. A token nobody holds, or a confirm
-- token, is refused: P0002 'unknown_token' (HTTP 404).
create function public.leave_newsletter(p_token text) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_subscriber uuid;
begin
  select t.subscriber_id into v_subscriber from private.newsletter_tokens t
    where t.hash = private.token_hash(p_token) and t.purpose = 'unsubscribe';
  if v_subscriber is null and p_token operator(pg_catalog.~*) '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    select s.id into v_subscriber from public.newsletter_subscribers s where s.unsubscribe_token = p_token::uuid;
  end if;
  if v_subscriber is null then
    raise exception 'no subscription has this unsubscribe token' using errcode = 'P0002', detail = 'unknown_token';
  end if;
  update public.newsletter_subscribers
    set status = case when status = 'suppressed' then status else 'unsubscribed' end,
        unsubscribed_at = coalesce(unsubscribed_at, pg_catalog.now())
    where id = v_subscriber;
  -- Queued mails to it do not go (the sender would skip them anyway).
  update public.newsletter_deliveries set status = 'suppressed', error = 'désinscrit'
    where subscriber_id = v_subscriber and status = 'queued';
end $$;
revoke execute on function public.leave_newsletter(text) from public, anon, authenticated, service_role;
grant execute on function public.leave_newsletter(text) to anon, authenticated, service_role;

-- The released unsubscribe_newsletter(uuid) follows the states too (cached pages of the old reader call it).
create or replace function public.unsubscribe_newsletter(p_token uuid) returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  perform public.leave_newsletter(p_token::text);
end $$;

-- 7. The sender (service_role only) ---------------------------------------------------------------
-- Starts an edition: stores it and queues it for every confirmed subscriber, in one transaction.
-- Null when the slot already has its edition (another instance, or an earlier run, made it).
create function public.newsletter_start_edition(
  p_slot text, p_subject text, p_html text, p_text text, p_articles uuid[], p_since timestamptz, p_until timestamptz
) returns bigint
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_id bigint;
begin
  insert into public.newsletter_editions (slot, subject, html, text, articles, since, until)
    values (p_slot, p_subject, p_html, p_text, p_articles, p_since, p_until)
    on conflict (slot) do nothing
    returning id into v_id;
  if v_id is null then
    return null;
  end if;
  insert into public.newsletter_deliveries (kind, edition_id, subscriber_id, email)
    select 'edition', v_id, s.id, s.email from public.newsletter_subscribers s where s.status = 'confirmed'
    on conflict do nothing;
  return v_id;
end $$;
revoke execute on function public.newsletter_start_edition(text, text, text, text, uuid[], timestamptz, timestamptz)
  from public, anon, authenticated, service_role;
grant execute on function public.newsletter_start_edition(text, text, text, text, uuid[], timestamptz, timestamptz) to service_role;

-- Claims the next mail due, for one sender: at most settings.per_minute claims a minute across every
-- sender; an address no longer subscribed is marked suppressed instead; a claim a crashed sender
-- left for 10 minutes is marked failed (its mail may have gone: never twice). The sender made a
-- token for the mail's link and passes its hash (a confirm token for a confirmation, an unsubscribe
-- token for an edition); it is stored with the claim. No row: nothing due now.
create function public.newsletter_claim_delivery(p_token_hash bytea)
returns table (id bigint, kind text, edition_id bigint, email text)
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_delivery public.newsletter_deliveries;
  v_status text;
begin
  update public.newsletter_deliveries d set status = 'failed', error = 'interrompu : envoi incertain, non renvoyé'
    where d.status = 'sending' and d.claimed_at < pg_catalog.now() - interval '10 minutes';
  -- One claimer at a time counts the minute's claims (the lock ends with this transaction).
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('newsletter:rate', 0));
  if (select count(*) from public.newsletter_deliveries d where d.claimed_at > pg_catalog.now() - interval '1 minute')
     >= (select s.per_minute from public.newsletter_settings s) then
    return;
  end if;
  loop
    select * into v_delivery from public.newsletter_deliveries d
      where d.status = 'queued' and d.next_attempt_at <= pg_catalog.now()
      order by d.kind = 'edition', d.next_attempt_at, d.id
      limit 1 for update skip locked;
    if v_delivery.id is null then
      return;
    end if;
    select s.status into v_status from public.newsletter_subscribers s where s.id = v_delivery.subscriber_id;
    exit when (v_delivery.kind = 'edition' and v_status = 'confirmed')
      or (v_delivery.kind = 'confirmation' and v_status in ('pending', 'unsubscribed'));
    update public.newsletter_deliveries d set status = 'suppressed', error = coalesce(v_status, 'supprimé') where d.id = v_delivery.id;
    v_delivery := null;
  end loop;
  update public.newsletter_deliveries d
    set status = 'sending', attempts = d.attempts + 1, claimed_at = pg_catalog.now(), error = null
    where d.id = v_delivery.id;
  insert into private.newsletter_tokens (hash, subscriber_id, purpose, expires_at)
    values (p_token_hash, v_delivery.subscriber_id,
            case v_delivery.kind when 'confirmation' then 'confirm' else 'unsubscribe' end,
            case v_delivery.kind when 'confirmation' then pg_catalog.now() + interval '48 hours' end);
  return query select v_delivery.id, v_delivery.kind, v_delivery.edition_id, v_delivery.email;
end $$;
revoke execute on function public.newsletter_claim_delivery(bytea) from public, anon, authenticated, service_role;
grant execute on function public.newsletter_claim_delivery(bytea) to service_role;

-- What became of a claimed mail: 'sent' (with the provider's id), 'retry' (a refusal worth retrying:
-- queued again after 1, 2, 4, 8 minutes; failed after the 5th attempt) or 'failed' (permanent).
create function public.newsletter_finish_delivery(p_id bigint, p_outcome text, p_provider_id text, p_error text)
returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  if p_outcome not in ('sent', 'retry', 'failed') then
    raise exception 'unknown outcome %', p_outcome using errcode = '22023';
  end if;
  update public.newsletter_deliveries d set
    status = case
      when p_outcome = 'sent' then 'sent'
      when p_outcome = 'retry' and d.attempts < 5 then 'queued'
      else 'failed' end,
    sent_at = case when p_outcome = 'sent' then pg_catalog.now() end,
    provider_id = p_provider_id,
    error = pg_catalog.left(p_error, 500),
    next_attempt_at = pg_catalog.now() + pg_catalog.make_interval(mins => (2 ^ (d.attempts - 1))::integer)
  where d.id = p_id and d.status = 'sending';
end $$;
revoke execute on function public.newsletter_finish_delivery(bigint, text, text, text) from public, anon, authenticated, service_role;
grant execute on function public.newsletter_finish_delivery(bigint, text, text, text) to service_role;

-- A provider reported a hard bounce or a complaint (its webhook): the address is never mailed again;
-- its queued mails do not go. True when the address is known.
create function public.newsletter_suppress(p_email text, p_reason text) returns boolean
language plpgsql volatile security definer set search_path = '' as $$
begin
  update public.newsletter_subscribers
    set status = 'suppressed', suppressed_at = pg_catalog.now(), suppression_reason = pg_catalog.left(p_reason, 100)
    where pg_catalog.lower(email) = pg_catalog.lower(private.trimmed(p_email));
  if not found then
    return false;
  end if;
  update public.newsletter_deliveries d set status = 'suppressed', error = pg_catalog.left(p_reason, 100)
    from public.newsletter_subscribers s
    where d.subscriber_id = s.id and pg_catalog.lower(s.email) = pg_catalog.lower(private.trimmed(p_email)) and d.status = 'queued';
  return true;
end $$;
revoke execute on function public.newsletter_suppress(text, text) from public, anon, authenticated, service_role;
grant execute on function public.newsletter_suppress(text, text) to service_role;

-- Housekeeping the sender runs now and then: expired tokens and stale pending sign-ups go.
create function public.newsletter_purge() returns void
language sql volatile security definer set search_path = '' as $$
  select private.purge_newsletter_pending();
$$;
revoke execute on function public.newsletter_purge() from public, anon, authenticated, service_role;
grant execute on function public.newsletter_purge() to service_role;

-- 8. What the back office shows --------------------------------------------------------------------
-- Per edition: mails sent, failed, suppressed (skipped: the address left or bounced before its
-- turn, or bounced after), still queued, and recipients who unsubscribed since it went out.
-- Administrators only (others get no row); it reads through their own RLS.
create function public.newsletter_edition_stats(p_limit integer default 30)
returns table (edition_id bigint, slot text, subject text, created_at timestamptz, articles integer,
               sent bigint, failed bigint, suppressed bigint, queued bigint, unsubscribed_since bigint)
language sql stable security invoker set search_path = '' as $$
  select e.id, e.slot, e.subject, e.created_at, pg_catalog.cardinality(e.articles),
    count(*) filter (where d.status = 'sent'),
    count(*) filter (where d.status = 'failed'),
    count(*) filter (where d.status = 'suppressed' or s.status = 'suppressed'),
    count(*) filter (where d.status in ('queued', 'sending')),
    count(*) filter (where s.unsubscribed_at >= e.created_at)
  from public.newsletter_editions e
  left join public.newsletter_deliveries d on d.edition_id = e.id
  left join public.newsletter_subscribers s on s.id = d.subscriber_id
  where private.is_admin()
  group by e.id
  order by e.created_at desc
  limit least(greatest(p_limit, 1), 100)
$$;
revoke execute on function public.newsletter_edition_stats(integer) from public, anon, authenticated, service_role;
grant execute on function public.newsletter_edition_stats(integer) to authenticated;
