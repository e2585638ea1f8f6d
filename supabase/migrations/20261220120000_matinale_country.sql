-- « Ma Matinale » (issue 42 item 4, docs/product.md#newsletter): a subscriber may choose one country
-- whose newest article of the edition's window heads their « La Matinale » (« À la une au Sénégal »).
-- Chosen on the sign-up form (subscribe_newsletter with p_country, a visible country tag's slug) or
-- later on the subscriber's own page, reached by the unsubscribe link of every edition
-- (newsletter_preferences / set_newsletter_country with that token). A deleted tag leaves no
-- country (on delete set null); a merged one moves it to the tag its articles went to.

alter table public.newsletter_subscribers
  add column country_tag_id uuid references public.tags (id) on delete set null;
create index newsletter_subscribers_country_idx on public.newsletter_subscribers (country_tag_id) where country_tag_id is not null;

-- The visible country a slug names, null for none (null or ''); anything else is refused:
-- 22023 'country' (the page says « Ce pays n'est pas proposé »).
create function private.matinale_country(p_slug text) returns uuid
language plpgsql stable security definer set search_path = '' as $$
declare
  v_id uuid;
begin
  if p_slug is null or p_slug = '' then
    return null;
  end if;
  select t.id into v_id from public.tags t where t.slug = p_slug and t.kind = 'pays' and not t.hidden;
  if v_id is null then
    raise exception 'unknown country for La Matinale: a visible country tag''s slug, or none' using errcode = '22023', detail = 'country';
  end if;
  return v_id;
end $$;
revoke execute on function private.matinale_country(text) from public;

-- Signs an address up as subscribe_newsletter(p_email[, p_article_id]) does, with a country. The
-- country is stored only while the address is not confirmed (new, waiting, or gone): whoever types
-- a confirmed reader's address cannot change their Matinale; they change it from their own page.
-- p_country has no default, so calls without it keep reaching the earlier functions.
create function public.subscribe_newsletter(p_email text, p_country text, p_article_id uuid default null) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_country uuid := private.matinale_country(p_country);
begin
  if p_article_id is null then
    perform public.subscribe_newsletter(p_email);
  else
    perform public.subscribe_newsletter(p_email, p_article_id);
  end if;
  update public.newsletter_subscribers s set country_tag_id = v_country
  where pg_catalog.lower(s.email) = private.newsletter_mailbox(p_email)
    and s.status in ('pending', 'unsubscribed');
end $$;
revoke execute on function public.subscribe_newsletter(text, text, uuid) from public, anon, authenticated, service_role;
grant execute on function public.subscribe_newsletter(text, text, uuid) to anon, authenticated, service_role;

-- The subscription an edition's unsubscribe link was made for, as leave_newsletter finds it (its
-- hashed token, or an old link's uuid); P0002 'unknown_token' for a token nobody holds.
create function private.newsletter_subscriber_by_link(p_token text) returns uuid
language plpgsql stable security definer set search_path = '' as $$
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
  return v_subscriber;
end $$;
revoke execute on function private.newsletter_subscriber_by_link(text) from public;

-- What the subscriber's page shows: their state and country (its slug and name; null for none).
-- Never the address: the link may have been forwarded.
create function public.newsletter_preferences(p_token text)
returns table (status text, country text, country_name text)
language sql stable security definer set search_path = '' as $$
  select s.status, t.slug, t.name::text from public.newsletter_subscribers s
  left join public.tags t on t.id = s.country_tag_id and not t.hidden
  where s.id = private.newsletter_subscriber_by_link(p_token)
$$;
revoke execute on function public.newsletter_preferences(text) from public, anon, authenticated, service_role;
grant execute on function public.newsletter_preferences(text) to anon, authenticated, service_role;

-- Changes the country from the subscriber's page (p_country null or '': none). Refusals: P0002
-- 'unknown_token', 22023 'country'.
create function public.set_newsletter_country(p_token text, p_country text) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_subscriber uuid := private.newsletter_subscriber_by_link(p_token);
  v_country uuid := private.matinale_country(p_country);
begin
  update public.newsletter_subscribers set country_tag_id = v_country where id = v_subscriber;
end $$;
revoke execute on function public.set_newsletter_country(text, text) from public, anon, authenticated, service_role;
grant execute on function public.set_newsletter_country(text, text) to anon, authenticated, service_role;

-- merge_tags as 20261220110200_merge_keeps_the_topic_strip.sql left it, moving the country too.
create or replace function public.merge_tags(p_from uuid, p_into uuid) returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  gone public.tags;
  moved uuid[];
  gained integer;
begin
  if not private.is_admin() then
    raise exception 'Seuls les administrateurs fusionnent les étiquettes.' using errcode = '42501';
  end if;
  if p_from is not distinct from p_into then
    raise exception 'Choisissez deux étiquettes différentes à fusionner.' using errcode = '22023';
  end if;
  -- Both locked in one order, so two merges of the same pair wait for each other.
  perform 1 from public.tags t where t.id in (p_from, p_into) order by t.id for update;
  select * into gone from public.tags t where t.id = p_from;
  if gone.id is null or not exists (select 1 from public.tags t where t.id = p_into) then
    raise exception 'Étiquette introuvable : elle a peut-être déjà été fusionnée ou supprimée.' using errcode = 'P0002';
  end if;
  with taken as (delete from public.article_tags t where t.tag_id = p_from returning t.article_id)
  select coalesce(pg_catalog.array_agg(article_id), '{}') into moved from taken;
  insert into public.article_tags (article_id, tag_id)
  select m, p_into from pg_catalog.unnest(moved) m
  on conflict (article_id, tag_id) do nothing;
  get diagnostics gained = row_count;
  update public.tag_slugs s set tag_id = p_into where s.tag_id = p_from;
  -- The strip follows the articles (unless the other tag is hidden: then it has no page to show).
  update public.front_page_topic f set tag_id = p_into
  where f.tag_id = p_from and exists (select 1 from public.tags t where t.id = p_into and not t.hidden);
  -- A « Ma Matinale » country follows its articles too (unless the other tag is hidden or not a country).
  update public.newsletter_subscribers s set country_tag_id = p_into
  where s.country_tag_id = p_from and exists (select 1 from public.tags t where t.id = p_into and t.kind = 'pays' and not t.hidden);
  delete from public.tags t where t.id = p_from;
  insert into public.tag_slugs (slug, tag_id) values (gone.slug, p_into);
  return gained;
end $$;
revoke execute on function public.merge_tags(uuid, uuid) from public, anon, authenticated, service_role;
grant execute on function public.merge_tags(uuid, uuid) to authenticated, service_role;
