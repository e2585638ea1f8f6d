-- Fixes to the alerts of 20261215100000 and 20261215100100 (docs/push.md).
--
-- 1. push_send_alert worked the end of the quiet hours out at now, not at the moment the alert
--    goes: called at 15:00 with p_not_before 03:00 the next night, the alert went at 03:00. The
--    quiet hours are now those of the moment asked for (never before now).
-- 2. The newsroom's time zone (push_settings.time_zone) is the administrators' setting, set in
--    « Alertes » like the quiet hours: no process writes it any more when it starts (the server
--    and npm run push:send did, and put back UTC wherever VITE_NEWSROOM_TIME_ZONE was unset).
-- 3. A journalist's urgent alert is refused whatever the hour, and the message says so.
-- 4. push_subscribe checked the p256dh after dropping every '=' at its end, so a key followed by
--    '==…' passed and met the table's check (a raw 23514); and it took an auth secret of 16 to
--    24 bytes where RFC 8291 says 16. Both are now checked as sent: 65 bytes (87 letters, at most
--    one '='), 16 bytes (22 letters, none or two '='), refused with 22023 'keys'.
--
-- When the quiet hours end at a time the clocks show twice (the night they go back), the end is
-- the later of the two (as Postgres reads such a time; src/push/schedule.ts does the same): the
-- end is then never before a moment inside the quiet hours.

grant update (time_zone) on public.push_settings to authenticated;

create or replace function public.push_send_alert(
  p_article uuid, p_title text, p_body text, p_not_before timestamptz default null, p_proposal bigint default null,
  p_urgent boolean default false
) returns table (id bigint, status text, targeted integer, not_before timestamptz)
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_alert public.push_alerts;
  v_admin boolean := private.is_admin() or auth.role() is not distinct from 'service_role';
  v_start timestamptz := greatest(pg_catalog.now(), p_not_before);
  v_at timestamptz;
begin
  perform private.require_newsroom();
  if coalesce(p_urgent, false) and not v_admin then
    raise exception 'Seuls les administrateurs envoient une alerte urgente.' using errcode = '42501', detail = 'urgent';
  end if;
  -- The moment asked for (never before now; greatest() leaves out nulls), then the end of the quiet
  -- hours that moment falls in, unless urgent.
  v_at := greatest(v_start, case when not coalesce(p_urgent, false) then private.push_quiet_end(v_start) end);
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
    return query select v_alert.id, v_alert.status, 0, null::timestamptz;
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
  return query select v_alert.id, v_alert.status, v_alert.targeted, v_alert.not_before;
end $$;
revoke execute on function public.push_send_alert(uuid, text, text, timestamptz, bigint, boolean) from public, anon, authenticated, service_role;
grant execute on function public.push_send_alert(uuid, text, text, timestamptz, bigint, boolean) to authenticated, service_role;

create or replace function public.push_subscribe(
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
  -- The raw values: 87 letters and at most one '=' (65 bytes), 22 letters and none or two (16 bytes).
  if coalesce(p_p256dh, '') operator(pg_catalog.!~) '^[A-Za-z0-9_-]{87}=?$' or not private.push_key_ok(p_p256dh)
     or coalesce(p_auth, '') operator(pg_catalog.!~) '^[A-Za-z0-9_-]{22}(==)?$' then
    raise exception 'the subscription keys are not a P-256 public key (p256dh) and a 16-byte base64url auth secret'
      using errcode = '22023', detail = 'keys';
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
