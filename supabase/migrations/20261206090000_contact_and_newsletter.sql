-- Contact messages and newsletter sign-ups (docs/product.md#contact, #newsletter-form): what readers
-- send is kept for the newsroom. Anyone may send, through the functions below, which hold the rules
-- (lengths, e-mail shape, a limit per client); only administrators read what was sent.

-- 1. A limit per client --------------------------------------------------------------------------
-- The forms a client sent in the last minutes, for the limits. A client is told apart as the view
-- counts tell readers apart (private.reader_digest: a daily-salted digest of the address the
-- platform's proxy saw, with and without the user agent); neither is stored in the clear.
create table private.form_sends (
  form text not null,
  reader bytea not null,
  address bytea not null,
  sent_at timestamptz not null default now()
);
create index form_sends_reader_idx on private.form_sends (form, reader, sent_at);
create index form_sends_address_idx on private.form_sends (form, address, sent_at);
alter table private.form_sends enable row level security;
revoke all on table private.form_sends from public, anon, authenticated, service_role;

-- True, and the send recorded, when this client has sent `p_form` fewer than `p_per_client` times
-- in `p_window`, and its address fewer than `p_per_address` times (many readers may share one
-- address behind a mobile carrier's NAT; a bot rotating its user agent is held by the latter).
-- Sends from one address take turns, so a burst of parallel calls cannot overshoot.
create function private.allow_form_send(p_form text, p_per_client integer, p_per_address integer, p_window interval)
returns boolean
language plpgsql volatile security definer set search_path = '' as $$
declare
  today date := (pg_catalog.now() at time zone 'utc')::date;
  today_salt bytea;
  yesterday_salt bytea;
  readers bytea[];
  addresses bytea[];
begin
  insert into private.view_salts (day) values (today) on conflict (day) do nothing;
  if found then
    delete from private.view_salts where day < today - 1;
  end if;
  select s.salt into today_salt from private.view_salts s where s.day = today;
  select s.salt into yesterday_salt from private.view_salts s where s.day = today - 1;
  readers := array[private.reader_digest(today_salt, true)];
  addresses := array[private.reader_digest(today_salt, false)];
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('form:' || pg_catalog.encode(addresses[1], 'hex'), 0));
  -- Sends from before midnight UTC were keyed with yesterday's salt: they still count.
  if yesterday_salt is not null then
    readers := readers || private.reader_digest(yesterday_salt, true);
    addresses := addresses || private.reader_digest(yesterday_salt, false);
  end if;

  if (select count(*) from private.form_sends f
      where f.form = p_form and f.reader = any (readers) and f.sent_at > pg_catalog.now() - p_window) >= p_per_client
     or (select count(*) from private.form_sends f
         where f.form = p_form and f.address = any (addresses) and f.sent_at > pg_catalog.now() - p_window) >= p_per_address then
    return false;
  end if;
  insert into private.form_sends (form, reader, address) values (p_form, readers[1], addresses[1]);
  -- Old sends are dropped now and then rather than by a scheduler hosted may not run.
  if pg_catalog.random() < 0.02 then
    delete from private.form_sends where sent_at < pg_catalog.now() - interval '1 day';
  end if;
  return true;
end $$;
revoke execute on function private.allow_form_send(text, integer, integer, interval) from public;

-- The e-mail shape the reader's forms check (src/public/auth/validation.ts): one @, something on
-- each side, a dot in the domain, no spaces; 254 characters at most (RFC 5321's path limit).
create function private.is_email(p_email text) returns boolean
language sql immutable parallel safe set search_path = '' as $$
  select p_email operator(pg_catalog.~) '^[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+$' and pg_catalog.char_length(p_email) <= 254
$$;
revoke execute on function private.is_email(text) from public;
-- The tables' checks call it as whoever writes a row.
grant execute on function private.is_email(text) to anon, authenticated, service_role;

-- Text without the white space around it (btrim alone keeps line breaks), '' for null.
create function private.trimmed(p_text text) returns text
language sql immutable parallel safe set search_path = '' as $$
  select pg_catalog.regexp_replace(coalesce(p_text, ''), '^[[:space:]]+|[[:space:]]+$', '', 'g')
$$;
revoke execute on function private.trimmed(text) from public;

-- 2. Contact messages -----------------------------------------------------------------------------
create table public.contact_messages (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(name) between 1 and 100),
  email text not null check (private.is_email(email)),
  message text not null check (char_length(message) between 1 and 5000),
  created_at timestamptz not null default now(),
  handled boolean not null default false,
  handled_at timestamptz
);
create index contact_messages_inbox_idx on public.contact_messages (handled, created_at desc);
alter table public.contact_messages enable row level security;
revoke all on public.contact_messages from anon, authenticated, service_role;
-- Written only by send_contact_message; administrators read, mark handled and delete.
grant select, delete on public.contact_messages to authenticated;
grant update (handled) on public.contact_messages to authenticated;
grant all on public.contact_messages to service_role;
create policy "administrators read messages" on public.contact_messages for select to authenticated using (private.is_admin());
create policy "administrators mark messages handled" on public.contact_messages for update to authenticated
  using (private.is_admin()) with check (private.is_admin());
create policy "administrators delete messages" on public.contact_messages for delete to authenticated using (private.is_admin());

-- When a message was handled is the database's clock, not the client's.
create function private.stamp_handled() returns trigger
language plpgsql set search_path = '' as $$
begin
  if new.handled is distinct from old.handled then
    new.handled_at := case when new.handled then pg_catalog.now() end;
  else
    new.handled_at := old.handled_at;
  end if;
  return new;
end $$;
revoke execute on function private.stamp_handled() from public;
create trigger contact_messages_handled before update on public.contact_messages
  for each row execute function private.stamp_handled();

-- Sends a message to the newsroom. Refusals carry a code and a detail naming the cause:
--   22023 'name' | 'email' | 'message'  a field is empty, malformed or too long
--   PT429 'rate_limited'                more than 5 messages from this client in 10 minutes (HTTP 429)
-- `p_website` is the form's honeypot, a field people never see: a call that fills it is a robot's,
-- answered as a success and not stored, so it learns nothing to work around.
create function public.send_contact_message(p_name text, p_email text, p_message text, p_website text default null)
returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_name text := private.trimmed(p_name);
  v_email text := private.trimmed(p_email);
  v_message text := private.trimmed(p_message);
begin
  if private.trimmed(p_website) <> '' then
    return;
  end if;
  if pg_catalog.char_length(v_name) not between 1 and 100 then
    raise exception 'the name must have 1 to 100 characters' using errcode = '22023', detail = 'name';
  end if;
  if not private.is_email(v_email) then
    raise exception 'the e-mail address is not valid' using errcode = '22023', detail = 'email';
  end if;
  if pg_catalog.char_length(v_message) not between 1 and 5000 then
    raise exception 'the message must have 1 to 5000 characters' using errcode = '22023', detail = 'message';
  end if;
  if not private.allow_form_send('contact', 5, 20, interval '10 minutes') then
    raise exception 'too many messages from this client: try again in a few minutes'
      using errcode = 'PT429', detail = 'rate_limited';
  end if;
  insert into public.contact_messages (name, email, message) values (v_name, v_email, v_message);
end $$;
revoke execute on function public.send_contact_message(text, text, text, text) from public, anon, authenticated, service_role;
grant execute on function public.send_contact_message(text, text, text, text) to anon, authenticated, service_role;

-- 3. Newsletter subscribers -----------------------------------------------------------------------
-- One row per address, whatever its case. consented_at is when the reader last asked for it (the
-- form says what they agree to); an unsubscribed address keeps its row with unsubscribed_at, so
-- the newsroom can show it never mails it again, and a new sign-up gives fresh consent.
create table public.newsletter_subscribers (
  id uuid primary key default gen_random_uuid(),
  email text not null check (private.is_email(email)),
  consented_at timestamptz not null default now(),
  unsubscribe_token uuid not null unique default gen_random_uuid(),
  unsubscribed_at timestamptz,
  created_at timestamptz not null default now()
);
create unique index newsletter_subscribers_email_key on public.newsletter_subscribers (pg_catalog.lower(email));
alter table public.newsletter_subscribers enable row level security;
revoke all on public.newsletter_subscribers from anon, authenticated, service_role;
-- Written only by the two functions below; administrators read, and delete an address on request.
grant select, delete on public.newsletter_subscribers to authenticated;
grant all on public.newsletter_subscribers to service_role;
create policy "administrators read subscribers" on public.newsletter_subscribers for select to authenticated using (private.is_admin());
create policy "administrators delete subscribers" on public.newsletter_subscribers for delete to authenticated using (private.is_admin());

-- Subscribes an address. A repeat is no error and answers the same (so the form reveals nobody's
-- subscription); it re-subscribes an address that had left. Refusals:
--   22023 'email'         not an e-mail address
--   PT429 'rate_limited'  more than 10 sign-ups from this client in 10 minutes (HTTP 429)
create function public.subscribe_newsletter(p_email text) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_email text := private.trimmed(p_email);
begin
  if not private.is_email(v_email) then
    raise exception 'the e-mail address is not valid' using errcode = '22023', detail = 'email';
  end if;
  if not private.allow_form_send('newsletter', 10, 30, interval '10 minutes') then
    raise exception 'too many sign-ups from this client: try again in a few minutes'
      using errcode = 'PT429', detail = 'rate_limited';
  end if;
  insert into public.newsletter_subscribers as s (email) values (v_email)
    on conflict ((pg_catalog.lower(email))) do update
      set consented_at = case when s.unsubscribed_at is null then s.consented_at else pg_catalog.now() end,
          unsubscribed_at = null;
end $$;
revoke execute on function public.subscribe_newsletter(text) from public, anon, authenticated, service_role;
grant execute on function public.subscribe_newsletter(text) to anon, authenticated, service_role;

-- Unsubscribes the address an unsubscribe link was made for (the token is its only key, never
-- listed to anyone but administrators). Following the link again changes nothing and succeeds;
-- a token nobody holds is refused: P0002 'unknown_token' (HTTP 404).
create function public.unsubscribe_newsletter(p_token uuid) returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  update public.newsletter_subscribers set unsubscribed_at = coalesce(unsubscribed_at, pg_catalog.now())
    where unsubscribe_token = p_token;
  if not found then
    raise exception 'no subscription has this unsubscribe token' using errcode = 'P0002', detail = 'unknown_token';
  end if;
end $$;
revoke execute on function public.unsubscribe_newsletter(uuid) from public, anon, authenticated, service_role;
grant execute on function public.unsubscribe_newsletter(uuid) to anon, authenticated, service_role;
