-- « La Matinale », fourth round of abuse-proofing (docs/newsletter.md):
--   1. one mailbox, one subscription: only a plain address is accepted (the mailer read
--      `x,victim@…`, `evil<victim@…>` or `"victim"@…` as the victim's, past its cap and suppression);
--   2. one edition per slot, whoever asks: two senders at once made two editions of the same articles;
--   3. (in the sender: an edition is re-checked before its mails go, a retracted article leaves it);
--   4. a mail left 'sending' by a sender that died is sent again, with the same Message-ID and
--      provider idempotency key, instead of being marked failed (« renvoyé » in its log when it is
--      sent again, « abandonné » when it is not);
--   5. one mailbox, one form: addresses stored earlier were never put in Unicode NFC, so one mailbox
--      could hold two subscriptions (the unique index is on lower(email); sign-ups and suppressions
--      compare the NFC form) and a suppression could miss one: they are converted, a duplicate merged
--      into its mailbox's row (the stricter state wins), and a check keeps every mailed row in NFC;
--   6. a confirm token of a suppressed row (an address no longer plain, a bounce) is refused like an
--      unknown one, instead of failing on the check or lifting the suppression.

-- 1. Plain addresses ------------------------------------------------------------------------------
-- A plain address: a local part without white space, control characters or what an address list
-- or a display name is made of (@ , ; < > : " ( ) [ ] \), and an ASCII domain (an IDN as punycode,
-- xn--…) of letters, digits and hyphens between dots, no dot at either end. Mailers read such an
-- address as exactly one mailbox, this one. No Unicode format character (category Cf: soft hyphen,
-- zero-width space and joiners, bidi marks and overrides, BOM, tags…; the list is Unicode 17's, the
-- one src/lib/mailbox.ts's \p{Cf} holds), which shows an address as another one; and a top-level
-- domain that is not a number: `awa@127.0.0.1` is an IP address. 254 characters at most (RFC 5321's
-- path limit).
-- The reader's forms check the same (src/lib/mailbox.ts) and turn an IDN into punycode first.
create function private.is_plain_email(p_email text) returns boolean
language sql immutable parallel safe set search_path = '' as $$
  select p_email operator(pg_catalog.~)
      '^[^][[:space:][:cntrl:]@,;<>:"()\\]+@[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)+$'
    and p_email operator(pg_catalog.!~)
      '[\u00ad\u0600-\u0605\u061c\u06dd\u070f\u0890-\u0891\u08e2\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb\U000110bd\U000110cd\U00013430-\U0001343f\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0001\U000e0020-\U000e007f]'
    and p_email operator(pg_catalog.!~) '\.[0-9]+$'
    and pg_catalog.char_length(p_email) <= 254
$$;
revoke execute on function private.is_plain_email(text) from public;
-- The subscribers' check calls it as whoever writes a row.
grant execute on function private.is_plain_email(text) to anon, authenticated, service_role;

-- The mailbox an address names, as the subscribers' unique index compares it (lower(email); addresses
-- are stored in NFC): its case aside, and its Unicode in one form, so `Awa@…` and `awa@…` are one.
create function private.newsletter_mailbox(p_email text) returns text
language sql immutable parallel safe set search_path = '' as $$
  select pg_catalog.lower(pg_catalog.normalize(private.trimmed(p_email), 'NFC'))
$$;
revoke execute on function private.newsletter_mailbox(text) from public;

-- Addresses stored before this rule that are not plain (some were a second way into one mailbox):
-- kept, so nothing is lost and the newsroom sees them, but suppressed, never mailed again; their
-- queued mails do not go. Their owner signs up again with the plain address.
update public.newsletter_subscribers
  set status = 'suppressed', suppressed_at = now(), suppression_reason = 'adresse non conforme'
  where not private.is_plain_email(email) and status <> 'suppressed';
update public.newsletter_deliveries set status = 'suppressed', error = 'adresse non conforme'
  where status = 'queued' and not private.is_plain_email(email);
alter table public.newsletter_subscribers add constraint newsletter_subscribers_plain_email
  check (status = 'suppressed' or private.is_plain_email(email));

-- Signs an address up, as before (20261209120000_newsletter_sending.sql), for plain addresses only,
-- stored in NFC: 22023 'email' otherwise (the form says « Saisissez une adresse e-mail valide »).
-- The 3 confirmation mails a day are per subscription, so per mailbox.
create or replace function public.subscribe_newsletter(p_email text) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_email text := pg_catalog.normalize(private.trimmed(p_email), 'NFC');
  v_subscriber public.newsletter_subscribers;
begin
  if not private.is_plain_email(v_email) then
    raise exception 'the e-mail address is not valid: a plain address only (no list, name or quotes; an IDN domain in punycode)'
      using errcode = '22023', detail = 'email';
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

-- A provider's suppression, as before, matched on the mailbox (its case and Unicode form aside).
create or replace function public.newsletter_suppress(p_email text, p_reason text) returns boolean
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_ids uuid[];
begin
  with hit as (
    update public.newsletter_subscribers
      set status = 'suppressed', suppressed_at = pg_catalog.now(), suppression_reason = pg_catalog.left(p_reason, 100)
      where pg_catalog.lower(email) = private.newsletter_mailbox(p_email)
      returning id
  )
  select pg_catalog.array_agg(id) into v_ids from hit;
  if v_ids is null then
    return false;
  end if;
  update public.newsletter_deliveries d set status = 'suppressed', error = pg_catalog.left(p_reason, 100)
    where d.subscriber_id = any (v_ids) and d.status = 'queued';
  return true;
end $$;

-- 2. One edition per slot, whoever asks --------------------------------------------------------------
-- An edition covers the articles since the previous one's end (`since`); two senders that read the
-- same previous edition would each make one of the same articles. Starting one is serialised, and
-- refused (null, as for a taken daily slot) when an edition already ends after `p_since`: another
-- sender made the edition this one was about to make.
create or replace function public.newsletter_start_edition(
  p_slot text, p_subject text, p_html text, p_text text, p_articles uuid[], p_since timestamptz, p_until timestamptz
) returns bigint
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_id bigint;
begin
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('newsletter:edition', 0));
  if exists (select 1 from public.newsletter_editions e where e.until > p_since) then
    return null;
  end if;
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

-- 4. A mail left 'sending' is sent again ------------------------------------------------------------
-- Each mail has one key for all its attempts: its Message-ID (<key@sender's domain>) and the
-- provider's idempotency key (Brevo's `idempotencyKey`, which must be a UUID), so a mail sent again
-- after its sender died is the same mail to the provider and to mailbox providers that drop a
-- Message-ID they already hold.
alter table public.newsletter_deliveries add column message_key uuid;

-- Claims the next mail due, as before, except for a claim a sender left 'sending' (it died, or its
-- database did, between the send and its record) for 5 minutes (a send gives up well before: the
-- transports' timeouts): queued again to go at once, with its key, as one more attempt (failed
-- after the 5th; its log says which: « renvoyé avec le même Message-ID » or « abandonné après 5
-- tentatives »). The claim returns the mail's key (made at its first claim).
drop function public.newsletter_claim_delivery(bytea);
create function public.newsletter_claim_delivery(p_token_hash bytea)
returns table (id bigint, kind text, edition_id bigint, email text, message_key uuid)
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_delivery public.newsletter_deliveries;
  v_status text;
begin
  update public.newsletter_deliveries d
    set status = case when d.attempts < 5 then 'queued' else 'failed' end,
        next_attempt_at = pg_catalog.now(),
        error = case when d.attempts < 5
          then 'interrompu : envoi incertain, renvoyé avec le même Message-ID'
          else 'interrompu : envoi incertain, abandonné après 5 tentatives' end
    where d.status = 'sending' and d.claimed_at < pg_catalog.now() - interval '5 minutes';
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
    set status = 'sending', attempts = d.attempts + 1, claimed_at = pg_catalog.now(),
        message_key = coalesce(d.message_key, pg_catalog.gen_random_uuid())
    where d.id = v_delivery.id
    returning d.message_key into v_delivery.message_key;
  insert into private.newsletter_tokens (hash, subscriber_id, purpose, expires_at)
    values (p_token_hash, v_delivery.subscriber_id,
            case v_delivery.kind when 'confirmation' then 'confirm' else 'unsubscribe' end,
            case v_delivery.kind when 'confirmation' then pg_catalog.now() + interval '48 hours' end);
  return query select v_delivery.id, v_delivery.kind, v_delivery.edition_id, v_delivery.email, v_delivery.message_key;
end $$;
revoke execute on function public.newsletter_claim_delivery(bytea) from public, anon, authenticated, service_role;
grant execute on function public.newsletter_claim_delivery(bytea) to service_role;

-- 5. One form per mailbox ---------------------------------------------------------------------------
-- Puts every address in NFC. Rows of one mailbox (the same address once its case and Unicode form
-- are aside) are merged first into one: the row already in NFC (what sign-ups and suppressions
-- find), else the oldest. It takes the strictest state among them (suppressed, then unsubscribed,
-- then confirmed, then pending: a mailbox that bounced or left once is not mailed again because
-- another spelling of it had confirmed), and the others' unsubscribe links. The others are kept,
-- so nothing is lost (their log, their earlier state), but suppressed with their spelling, never
-- mailed again; their queued mails dropped. Queued mails carry the NFC address too.
-- Run once below; a function so the tests can run it on rows shaped like the earlier data.
create function private.newsletter_merge_unnormalised() returns integer
language plpgsql volatile set search_path = '' as $$
declare
  v_mailbox text;
  v_keeper public.newsletter_subscribers;
  v_strictest public.newsletter_subscribers;
  v_others uuid[];
  v_merged integer := 0;
begin
  for v_mailbox in
    select pg_catalog.lower(pg_catalog.normalize(s.email, 'NFC')) from public.newsletter_subscribers s
      group by 1 having count(*) > 1
  loop
    select * into v_keeper from public.newsletter_subscribers s
      where pg_catalog.lower(pg_catalog.normalize(s.email, 'NFC')) = v_mailbox
      order by s.email is nfc normalized desc, s.created_at, s.id limit 1;
    select * into v_strictest from public.newsletter_subscribers s
      where pg_catalog.lower(pg_catalog.normalize(s.email, 'NFC')) = v_mailbox
      order by pg_catalog.array_position(array['suppressed', 'unsubscribed', 'confirmed', 'pending'], s.status), s.id = v_keeper.id desc
      limit 1;
    select pg_catalog.array_agg(s.id) into v_others from public.newsletter_subscribers s
      where pg_catalog.lower(pg_catalog.normalize(s.email, 'NFC')) = v_mailbox and s.id <> v_keeper.id;
    update public.newsletter_subscribers
      set status = 'suppressed', suppressed_at = coalesce(suppressed_at, pg_catalog.now()),
          suppression_reason = coalesce(suppression_reason, 'doublon : même boîte qu’une autre inscription')
      where id = any (v_others);
    update public.newsletter_subscribers
      set email = pg_catalog.normalize(email, 'NFC'), status = v_strictest.status, consented_at = v_strictest.consented_at,
          unsubscribed_at = v_strictest.unsubscribed_at, suppressed_at = v_strictest.suppressed_at,
          suppression_reason = v_strictest.suppression_reason
      where id = v_keeper.id;
    update private.newsletter_tokens set subscriber_id = v_keeper.id where subscriber_id = any (v_others) and purpose = 'unsubscribe';
    update public.newsletter_deliveries d set status = 'suppressed', error = 'doublon'
      where d.subscriber_id = any (v_others) and d.status = 'queued';
    if v_strictest.status not in ('confirmed', 'pending') then
      update public.newsletter_deliveries d set status = 'suppressed', error = v_strictest.status
        where d.subscriber_id = v_keeper.id and d.status = 'queued';
    end if;
    v_merged := v_merged + pg_catalog.cardinality(v_others);
  end loop;
  -- A mailbox with one row (suppressed ones too, so a sign-up in NFC finds them): its address in NFC.
  update public.newsletter_subscribers s set email = pg_catalog.normalize(s.email, 'NFC')
    where s.email is not nfc normalized
      and not exists (select 1 from public.newsletter_subscribers o
        where o.id <> s.id and pg_catalog.lower(pg_catalog.normalize(o.email, 'NFC')) = pg_catalog.lower(pg_catalog.normalize(s.email, 'NFC')));
  update public.newsletter_deliveries set email = pg_catalog.normalize(email, 'NFC')
    where status = 'queued' and email is not nfc normalized;
  return v_merged;
end $$;
revoke execute on function private.newsletter_merge_unnormalised() from public;

select private.newsletter_merge_unnormalised();
-- Every row that can be mailed is in NFC, so the unique index on lower(email) is one per mailbox
-- (only merged duplicates, suppressed, keep their earlier spelling).
alter table public.newsletter_subscribers add constraint newsletter_subscribers_nfc
  check (status = 'suppressed' or email is nfc normalized);

-- 6. A suppressed row is not confirmed --------------------------------------------------------------
-- Its pending confirm tokens go; confirm_newsletter refuses one anyway, as an unknown token
-- (P0002 'unknown_token', the page's « lien inconnu »): confirming it would lift a suppression, or
-- fail on the plain-address check (23514) for a row no longer plain.
delete from private.newsletter_tokens t using public.newsletter_subscribers s
  where t.subscriber_id = s.id and t.purpose = 'confirm' and s.status = 'suppressed';

create or replace function public.confirm_newsletter(p_token text) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_subscriber uuid;
begin
  select t.subscriber_id into v_subscriber from private.newsletter_tokens t
    join public.newsletter_subscribers s on s.id = t.subscriber_id
    where t.hash = private.token_hash(p_token) and t.purpose = 'confirm' and t.expires_at > pg_catalog.now()
      and s.status <> 'suppressed';
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
