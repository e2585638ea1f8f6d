-- « Canaux » (issue 41): what the newsroom sent out against the readers it brought over the last
-- p_days UTC days, administrators only. Alerts: sent, devices reached, opened (push_alerts'
-- anonymous count), and the article views tagged as the alerts'; « La Matinale »: editions made and
-- the views its links brought; WhatsApp and Telegram: the views their tags and referrers brought
-- (L'essentiel du jour's included). Arrivals come from the per-day channel roll-up (20261219100000).
create function public.channel_outlets(p_days integer default 7) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  since_day date;
  v_since timestamptz;
begin
  perform private.require_admin();
  if p_days is null or p_days not between 1 and 366 then
    raise exception 'channel_outlets: p_days must be between 1 and 366' using errcode = '22023';
  end if;
  since_day := private.utc_day(pg_catalog.now()) - (p_days - 1);
  v_since := pg_catalog.timezone('UTC', since_day::timestamp);
  return pg_catalog.jsonb_build_object(
    'period_days', p_days,
    'alerts', (select pg_catalog.jsonb_build_object('sent', count(*), 'targeted', coalesce(sum(a.targeted), 0), 'opened', coalesce(sum(a.opened), 0))
               from public.push_alerts a where a.status = 'sent' and a.sent_at >= v_since),
    'newsletter_editions', (select count(*) from public.newsletter_editions e where e.created_at >= v_since),
    'arrivals', (select coalesce(pg_catalog.jsonb_object_agg(t.channel, t.views), '{}'::jsonb)
                 from (select d.channel, sum(d.views) as views from private.channel_daily d
                       where d.day >= since_day group by d.channel) t));
end $$;
revoke execute on function public.channel_outlets(integer) from public, anon;
grant execute on function public.channel_outlets(integer) to authenticated, service_role;
