-- Quiet hours kept by push_send_alert itself (docs/push.md). They were worked out by its callers
-- (the editor's dialog, npm run push:send), which passed their end as p_not_before: a direct call
-- sent an alert at 3 in the morning. Now the deliveries wait for the end of the quiet hours of the
-- moment the alert goes (the moment asked for, never before now) whatever the caller passes,
-- unless an administrator (or the service role: npm run push:send) says the alert is urgent
-- (p_urgent); a journalist's urgent alert is refused whatever the hour, and the message says so.
--
-- The quiet hours are in the newsroom's time zone (push_settings.time_zone), the administrators'
-- setting, set in « Alertes » like the quiet hours; no process writes it when it starts.
--
-- When the quiet hours end at a time the clocks show twice (the night they go back), the end is
-- the later of the two (as Postgres reads such a time; src/push/schedule.ts does the same): the
-- end is then never before a moment inside the quiet hours.

create function private.is_time_zone(p_name text) returns boolean
language plpgsql stable set search_path = '' as $$
begin
  perform pg_catalog.timezone(p_name, pg_catalog.now());
  return p_name is not null;
exception when invalid_parameter_value then
  return false;
end $$;
revoke execute on function private.is_time_zone(text) from public;
-- The check below runs as whoever updates the row (administrators change the other settings).
grant execute on function private.is_time_zone(text) to authenticated, service_role;

alter table public.push_settings
  add column time_zone text not null default 'UTC' constraint push_settings_time_zone_check check (private.is_time_zone(time_zone));
-- Administrators update it with the other settings.
revoke all on public.push_settings from anon, authenticated;
grant select on public.push_settings to authenticated;
grant update (daily_cap, quiet_enabled, quiet_start, quiet_end) on public.push_settings to authenticated;
grant update (time_zone) on public.push_settings to authenticated;
grant all on public.push_settings to service_role;

-- The end of the quiet hours when p_at falls inside them (as src/push/schedule.ts works it out for
-- the editor's dialog), else null. Start after end spans midnight (22:00 → 07:00); the end itself
-- is outside.
create function private.push_quiet_end(p_at timestamptz) returns timestamptz
language sql stable security definer set search_path = '' as $$
  select case
    when not s.quiet_enabled or s.quiet_start = s.quiet_end then null
    when (case when s.quiet_start < s.quiet_end then w.at::time >= s.quiet_start and w.at::time < s.quiet_end
               else w.at::time >= s.quiet_start or w.at::time < s.quiet_end end)
      -- Today's end when it is still ahead on the wall clock, else tomorrow's.
      then pg_catalog.timezone(s.time_zone,
             w.at::date + s.quiet_end + case when w.at::time >= s.quiet_end then interval '1 day' else interval '0' end)
  end
  from public.push_settings s
  cross join lateral (select pg_catalog.timezone(s.time_zone, p_at) as at) w
$$;
revoke execute on function private.push_quiet_end(timestamptz) from public;

-- push_send_alert as released (20261210120000_push_alerts.sql), with p_urgent and the moment the
-- deliveries go (not_before) in its answer. New refusal: 42501 'urgent' (not an administrator:
-- « Seuls les administrateurs envoient une alerte urgente. »).
drop function public.push_send_alert(uuid, text, text, timestamptz, bigint);
create function public.push_send_alert(
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
