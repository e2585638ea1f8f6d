-- « Envoyer une alerte » on a live coverage's key event (issue 40): the article's push pipeline
-- (the followers of « À la une » and of its category, the daily cap, the quiet hours), with the
-- entry's text, opening the live page at the entry (/article/<slug>#entree-<seq>).
--
-- An article had one alert at most (push_alerts_once_idx): a live coverage has one per key event,
-- each at most once. push_send_alert takes the entry (p_entry: a key event of that article, not
-- deleted), and push_claim_delivery hands the sender the entry's seq for the address.

alter table public.push_alerts add column entry_id uuid references public.live_entries (id) on delete cascade;

drop index public.push_alerts_once_idx;
create unique index push_alerts_once_idx on public.push_alerts (article_id) where status = 'sent' and entry_id is null;
create unique index push_alerts_entry_once_idx on public.push_alerts (entry_id) where status = 'sent';

-- push_send_alert as 20261215100100_push_quiet_hours_in_database.sql left it, with p_entry. New
-- refusal: 22023 'entry' (not a key event of this article, or deleted). 'already_sent' counts the
-- alerts of the same entry (or of the article itself without one). A proposal sent from « Alertes »
-- (p_proposal without p_entry) keeps the entry it was proposed about.
drop function public.push_send_alert(uuid, text, text, timestamptz, bigint, boolean);
create function public.push_send_alert(
  p_article uuid, p_title text, p_body text, p_not_before timestamptz default null, p_proposal bigint default null,
  p_urgent boolean default false, p_entry uuid default null
) returns table (id bigint, status text, targeted integer, not_before timestamptz)
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_alert public.push_alerts;
  v_admin boolean := private.is_admin() or auth.role() is not distinct from 'service_role';
  v_start timestamptz := greatest(pg_catalog.now(), p_not_before);
  v_at timestamptz;
  -- A journalist's proposal about an entry is sent about that entry (« Alertes » names the proposal only).
  v_entry uuid := coalesce(p_entry, (select a.entry_id from public.push_alerts a where a.id = p_proposal and a.status = 'proposed'));
begin
  perform private.require_newsroom();
  if coalesce(p_urgent, false) and not v_admin then
    raise exception 'Seuls les administrateurs envoient une alerte urgente.' using errcode = '42501', detail = 'urgent';
  end if;
  v_at := greatest(v_start, case when not coalesce(p_urgent, false) then private.push_quiet_end(v_start) end);
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
        sent_at = pg_catalog.now(), not_before = v_at, expires_at = v_at + interval '4 hours'
      where a.id = p_proposal and a.article_id = p_article and a.entry_id is not distinct from v_entry and a.status = 'proposed'
      returning * into v_alert;
  end if;
  if v_alert.id is null then
    insert into public.push_alerts (article_id, entry_id, title, body, status, created_by, sent_at, not_before, expires_at)
      values (p_article, v_entry, private.trimmed(p_title), private.trimmed(p_body), 'sent', auth.uid(), pg_catalog.now(), v_at,
              v_at + interval '4 hours')
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

-- push_claim_delivery as released (20261210120000_push_alerts.sql), with the entry's seq (null for
-- an article's alert): the sender adds #entree-<seq> to the article's address.
drop function public.push_claim_delivery();
create function public.push_claim_delivery()
returns table (id bigint, alert_id bigint, endpoint text, p256dh text, auth text,
               title text, body text, slug text, expires_at timestamptz, entry_seq bigint)
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
    -- An alert about a key event deleted since (held by quiet hours, say) never goes out.
    exit when v_delivery.subscription_id is not null
      and (select a.expires_at > pg_catalog.now()
                  and not exists (select 1 from public.live_entries e where e.id = a.entry_id and e.deleted_at is not null)
           from public.push_alerts a where a.id = v_delivery.alert_id);
    update public.push_deliveries d
      set status = 'failed',
          error = case when v_delivery.subscription_id is null then 'désabonné'
                       when exists (select 1 from public.push_alerts a join public.live_entries e on e.id = a.entry_id
                                    where a.id = v_delivery.alert_id and e.deleted_at is not null) then 'entrée supprimée'
                       else 'expiré' end
      where d.id = v_delivery.id;
    v_delivery := null;
  end loop;
  update public.push_deliveries d set status = 'sending', attempts = d.attempts + 1, claimed_at = pg_catalog.now(), error = null
    where d.id = v_delivery.id;
  return query
    select v_delivery.id, a.id, s.endpoint, s.p256dh, s.auth, a.title, a.body, ar.slug, a.expires_at, e.seq
    from public.push_alerts a
    join public.articles ar on ar.id = a.article_id
    join public.push_subscriptions s on s.id = v_delivery.subscription_id
    left join public.live_entries e on e.id = a.entry_id
    where a.id = v_delivery.alert_id;
end $$;
revoke execute on function public.push_claim_delivery() from public, anon, authenticated, service_role;
grant execute on function public.push_claim_delivery() to service_role;
