-- « Urgent : maintenant » is logged as such (issue 46): an administrator's alert sent inside the quiet
-- hours with p_urgent, which went past them, is marked urgent on the alert (push_alerts.urgent), and
-- « Alertes » lists it so (push_alert_stats' urgent). Refused to non-administrators as before (42501
-- 'urgent'). An urgent tick outside the quiet hours changes nothing and is not marked: the alert went
-- at its normal time.

alter table public.push_alerts add column urgent boolean not null default false;
-- Read as the other columns are (administrators, journalists their proposals: the table's policy).
revoke all on public.push_alerts from anon, authenticated, service_role;
grant select on public.push_alerts to authenticated;
grant all on public.push_alerts to service_role;

-- push_send_alert as 20261217110000_live_entry_alerts.sql left it (same arguments and answer), now
-- recording urgent.
create or replace function public.push_send_alert(
  p_article uuid, p_title text, p_body text, p_not_before timestamptz default null, p_proposal bigint default null,
  p_urgent boolean default false, p_entry uuid default null
) returns table (id bigint, status text, targeted integer, not_before timestamptz)
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_alert public.push_alerts;
  v_admin boolean := private.is_admin() or auth.role() is not distinct from 'service_role';
  v_start timestamptz := greatest(pg_catalog.now(), p_not_before);
  v_at timestamptz;
  v_urgent boolean;
  -- A journalist's proposal about an entry is sent about that entry (« Alertes » names the proposal only).
  v_entry uuid := coalesce(p_entry, (select a.entry_id from public.push_alerts a where a.id = p_proposal and a.status = 'proposed'));
begin
  perform private.require_newsroom();
  if coalesce(p_urgent, false) and not v_admin then
    raise exception 'Seuls les administrateurs envoient une alerte urgente.' using errcode = '42501', detail = 'urgent';
  end if;
  v_at := greatest(v_start, case when not coalesce(p_urgent, false) then private.push_quiet_end(v_start) end);
  -- Urgent as the alert went: sent inside the quiet hours, which it went past.
  v_urgent := coalesce(p_urgent, false) and private.push_quiet_end(v_start) is not null;
  if not exists (select 1 from public.articles a where a.id = p_article and private.article_is_public(a.status, a.published_at)) then
    raise exception 'only a published article can be alerted' using errcode = '22023', detail = 'article';
  end if;
  if v_entry is not null and not exists (
    select 1 from public.live_entries e
    where e.id = v_entry and e.article_id = p_article and e.key_event and e.deleted_at is null
  ) then
    raise exception 'only a key event of this live coverage can be alerted' using errcode = '22023', detail = 'entry';
  end if;
  if exists (select 1 from public.push_alerts a
             where a.article_id = p_article and a.status = 'sent' and a.entry_id is not distinct from v_entry) then
    raise exception 'an alert already went out for this article' using errcode = '23505', detail = 'already_sent';
  end if;
  if not v_admin then
    insert into public.push_alerts (article_id, entry_id, title, body, status, created_by)
      values (p_article, v_entry, private.trimmed(p_title), private.trimmed(p_body), 'proposed', auth.uid())
      returning * into v_alert;
    return query select v_alert.id, v_alert.status, 0, null::timestamptz;
    return;
  end if;
  if p_proposal is not null then
    update public.push_alerts a set title = private.trimmed(p_title), body = private.trimmed(p_body), status = 'sent',
        sent_at = pg_catalog.now(), not_before = v_at, expires_at = v_at + interval '4 hours', urgent = v_urgent
      where a.id = p_proposal and a.article_id = p_article and a.entry_id is not distinct from v_entry and a.status = 'proposed'
      returning * into v_alert;
  end if;
  if v_alert.id is null then
    insert into public.push_alerts (article_id, entry_id, title, body, status, created_by, sent_at, not_before, expires_at, urgent)
      values (p_article, v_entry, private.trimmed(p_title), private.trimmed(p_body), 'sent', auth.uid(), pg_catalog.now(), v_at,
              v_at + interval '4 hours', v_urgent)
      returning * into v_alert;
  end if;
  insert into public.push_deliveries (alert_id, subscription_id, next_attempt_at)
    select v_alert.id, s, v_at from private.push_audience(p_article) s;
  update public.push_alerts a set targeted = (select count(*) from public.push_deliveries d where d.alert_id = v_alert.id)
    where a.id = v_alert.id returning * into v_alert;
  return query select v_alert.id, v_alert.status, v_alert.targeted, v_alert.not_before;
end $$;
revoke execute on function public.push_send_alert(uuid, text, text, timestamptz, bigint, boolean, uuid) from public, anon, authenticated, service_role;
grant execute on function public.push_send_alert(uuid, text, text, timestamptz, bigint, boolean, uuid) to authenticated, service_role;

-- push_alert_stats as released (20261210120000_push_alerts.sql), with urgent.
drop function public.push_alert_stats(integer);
create function public.push_alert_stats(p_limit integer default 50)
returns table (id bigint, article_id uuid, article_title text, slug text, title text, body text, status text,
               created_at timestamptz, sent_at timestamptz, targeted integer, delivered bigint, failed bigint,
               waiting bigint, opened integer, urgent boolean)
language sql stable security invoker set search_path = '' as $$
  select a.id, a.article_id, ar.title, ar.slug, a.title, a.body, a.status, a.created_at, a.sent_at, a.targeted,
    count(d.id) filter (where d.status = 'sent'),
    count(d.id) filter (where d.status in ('failed', 'gone')),
    count(d.id) filter (where d.status in ('queued', 'sending')),
    a.opened,
    a.urgent
  from public.push_alerts a
  join public.articles ar on ar.id = a.article_id
  left join public.push_deliveries d on d.alert_id = a.id
  group by a.id, ar.id
  order by a.created_at desc
  limit least(greatest(p_limit, 1), 200)
$$;
revoke execute on function public.push_alert_stats(integer) from public, anon, authenticated, service_role;
grant execute on function public.push_alert_stats(integer) to authenticated;
