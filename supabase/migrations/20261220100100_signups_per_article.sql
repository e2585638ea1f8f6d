-- Sign-ups per article (issue 41: the editor's panel shows « newsletter and alert sign-ups that
-- started on it », as Ghost attributes every sign-up to the post that drove it). The newsletter
-- form and the alerts button pass the article the reader was on; a count per day, article and kind
-- is kept, never which address or device signed up where.

create table private.article_signups_daily (
  day date not null,
  article_id uuid not null references public.articles (id) on delete cascade,
  kind text not null check (kind in ('newsletter', 'alertes')),
  signups integer not null default 0 check (signups >= 0),
  primary key (article_id, day, kind)
);
alter table private.article_signups_daily enable row level security;
revoke all on table private.article_signups_daily from public, anon, authenticated, service_role;

-- One more sign-up of `p_kind` today on a public article; an unknown or unpublished one counts nothing.
create function private.count_article_signup(p_article_id uuid, p_kind text) returns void
language sql volatile security definer set search_path = '' as $$
  insert into private.article_signups_daily as d (day, article_id, kind, signups)
  select private.utc_day(pg_catalog.now()), a.id, p_kind, 1 from public.articles a
  where a.id = p_article_id and private.article_is_public(a.status, a.published_at)
  on conflict (article_id, day, kind) do update set signups = d.signups + 1
$$;
revoke execute on function private.count_article_signup(uuid, text) from public;

-- subscribe_newsletter(p_email) as it is, from an article: counted when the address was new or had
-- left and the call queued its confirmation mail (this transaction's row: created_at = now()); an
-- address already signed up, or waiting for its confirmation, is not counted again.
create function public.subscribe_newsletter(p_email text, p_article_id uuid) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_email text := private.newsletter_mailbox(p_email);
  v_before text := (select s.status from public.newsletter_subscribers s where pg_catalog.lower(s.email) = v_email);
begin
  perform public.subscribe_newsletter(p_email);
  if (v_before is null or v_before = 'unsubscribed')
     and exists (select 1 from public.newsletter_deliveries d
                 where d.kind = 'confirmation' and d.created_at = pg_catalog.now() and pg_catalog.lower(d.email) = v_email) then
    perform private.count_article_signup(p_article_id, 'newsletter');
  end if;
end $$;
revoke execute on function public.subscribe_newsletter(text, uuid) from public, anon, authenticated, service_role;
grant execute on function public.subscribe_newsletter(text, uuid) to anon, authenticated, service_role;

-- push_subscribe as 20261219130000 left it, from an article: counted when the device is new (a
-- panel changing what a known device follows is not a sign-up).
create function public.push_subscribe(
  p_endpoint text, p_p256dh text, p_auth text, p_follows_front boolean, p_categories uuid[], p_tags uuid[], p_article_id uuid
) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_new boolean := not exists (select 1 from public.push_subscriptions s where s.endpoint = p_endpoint);
begin
  perform public.push_subscribe(p_endpoint, p_p256dh, p_auth, p_follows_front, p_categories, p_tags);
  if v_new then
    perform private.count_article_signup(p_article_id, 'alertes');
  end if;
end $$;
revoke execute on function public.push_subscribe(text, text, text, boolean, uuid[], uuid[], uuid) from public, anon, authenticated, service_role;
grant execute on function public.push_subscribe(text, text, text, boolean, uuid[], uuid[], uuid) to anon, authenticated, service_role;

-- The editor's panel: one article's sign-ups over the last p_days days, as article_channels
-- answers: administrators, and a journalist for an article they wrote; anyone else is refused.
create function public.article_signups(p_article_id uuid, p_days integer default 30) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  since_day date;
begin
  perform private.require_newsroom();
  if not private.is_admin() and auth.role() is distinct from 'service_role'
     and not exists (select 1 from public.articles a where a.id = p_article_id and a.author_id = auth.uid()) then
    raise exception 'article_signups: only the article''s author and administrators' using errcode = '42501';
  end if;
  if p_days is null or p_days not between 1 and 366 then
    raise exception 'article_signups: p_days must be between 1 and 366' using errcode = '22023';
  end if;
  since_day := private.utc_day(pg_catalog.now()) - (p_days - 1);
  return (
    select pg_catalog.jsonb_build_object(
      'newsletter', coalesce(sum(d.signups) filter (where d.kind = 'newsletter'), 0),
      'alertes', coalesce(sum(d.signups) filter (where d.kind = 'alertes'), 0))
    from private.article_signups_daily d where d.article_id = p_article_id and d.day >= since_day);
end $$;
revoke execute on function public.article_signups(uuid, integer) from public, anon;
grant execute on function public.article_signups(uuid, integer) to authenticated, service_role;
