-- Share presses (issue 41, « Canaux »): how many times readers pressed an article's WhatsApp,
-- Facebook, X or LinkedIn button, per day and network, set beside the arrivals each network's tag
-- brought. Once per reader, article and network per 30 minutes (first_read's window); nothing about
-- who. A press is rare beside a view: one row per day and network takes them directly.
create table private.share_presses_daily (
  day date not null,
  network text not null check (network in ('whatsapp', 'facebook', 'x', 'linkedin')),
  presses integer not null default 0 check (presses >= 0),
  primary key (day, network)
);
alter table private.share_presses_daily enable row level security;
revoke all on table private.share_presses_daily from public, anon, authenticated, service_role;

create function public.record_share_press(p_slug text, p_network text) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_article uuid;
begin
  if p_network is null or p_network not in ('whatsapp', 'facebook', 'x', 'linkedin') then
    raise exception 'record_share_press: unknown network %', p_network using errcode = '22023';
  end if;
  select a.id into v_article from public.articles a
    where a.slug = p_slug and private.article_is_public(a.status, a.published_at);
  if v_article is null then
    return;
  end if;
  if private.first_read('share:' || p_network || ':' || v_article::text) then
    insert into private.share_presses_daily as d (day, network, presses) values (private.utc_day(pg_catalog.now()), p_network, 1)
      on conflict (day, network) do update set presses = d.presses + 1;
  end if;
end $$;
revoke execute on function public.record_share_press(text, text) from public;
grant execute on function public.record_share_press(text, text) to anon, authenticated, service_role;

-- « Canaux » as in 20261219100200, with the share presses per network.
create or replace function public.channel_outlets(p_days integer default 7) returns jsonb
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
    'shares', (select coalesce(pg_catalog.jsonb_object_agg(t.network, t.presses), '{}'::jsonb)
               from (select s.network, sum(s.presses) as presses from private.share_presses_daily s
                     where s.day >= since_day group by s.network) t),
    'arrivals', (select coalesce(pg_catalog.jsonb_object_agg(t.channel, t.views), '{}'::jsonb)
                 from (select d.channel, sum(d.views) as views from private.channel_daily d
                       where d.day >= since_day group by d.channel) t));
end $$;
