-- Countries and topics followed for alerts (issue 42 item 4, docs/product.md): a device follows tags
-- (« Sénégal », « Élections ») beside « À la une » and categories, from the alerts panel or a tag's
-- page. An alert about an article goes to the followers of « À la une », of its category and of its
-- visible tags, each device once (push_audience answers one row per device).

alter table public.push_subscriptions
  add column tags uuid[] not null default '{}' check (pg_catalog.cardinality(tags) <= 50);
create index push_subscriptions_tags_idx on public.push_subscriptions using gin (tags);

-- push_subscribe as 20261215100000_push_device_keys_on_curve.sql left it, with p_tags: every tag
-- must exist and be visible (a hidden tag has no page to follow it from). p_tags null keeps the
-- tags a known device follows (a panel that only changes its categories loses none of them).
-- New refusal: 22023 'tags'; 'nothing_followed' now counts tags.
drop function public.push_subscribe(text, text, text, boolean, uuid[]);
create function public.push_subscribe(
  p_endpoint text, p_p256dh text, p_auth text, p_follows_front boolean, p_categories uuid[], p_tags uuid[] default null
) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_categories uuid[] := coalesce(p_categories, '{}');
  v_tags uuid[];
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
  if p_tags is not null and (pg_catalog.cardinality(p_tags) > 50
     or (select count(*) from public.tags t where t.id = any (p_tags) and not t.hidden)
        <> (select count(distinct u) from pg_catalog.unnest(p_tags) u)) then
    raise exception 'unknown or hidden tags' using errcode = '22023', detail = 'tags';
  end if;
  if not private.allow_form_send('push', 20, 60, interval '10 minutes') then
    raise exception 'too many subscriptions from this client: try again in a few minutes'
      using errcode = 'PT429', detail = 'rate_limited';
  end if;
  select s.auth, s.tags into v_auth, v_tags from public.push_subscriptions s where s.endpoint = p_endpoint for update;
  if v_auth is not null and v_auth <> p_auth then
    raise exception 'this device is not yours' using errcode = '42501', detail = 'not_owner';
  end if;
  v_tags := array(select distinct u from pg_catalog.unnest(coalesce(p_tags, v_tags, '{}')) u order by 1);
  if not coalesce(p_follows_front, false) and pg_catalog.cardinality(v_categories) = 0 and pg_catalog.cardinality(v_tags) = 0 then
    raise exception 'a device follows « À la une », a category, a country or a topic' using errcode = '22023', detail = 'nothing_followed';
  end if;
  insert into public.push_subscriptions as s (endpoint, p256dh, auth, follows_front, categories, tags, user_id)
    values (p_endpoint, p_p256dh, p_auth, coalesce(p_follows_front, false),
            array(select distinct u from pg_catalog.unnest(v_categories) u order by 1), v_tags, auth.uid())
    on conflict (endpoint) do update set
      p256dh = excluded.p256dh, follows_front = excluded.follows_front, categories = excluded.categories,
      tags = excluded.tags, user_id = coalesce(excluded.user_id, s.user_id), updated_at = pg_catalog.now();
end $$;
revoke execute on function public.push_subscribe(text, text, text, boolean, uuid[], uuid[]) from public, anon, authenticated, service_role;
grant execute on function public.push_subscribe(text, text, text, boolean, uuid[], uuid[]) to anon, authenticated, service_role;

-- push_audience as released (20261210120000_push_alerts.sql), with the followers of the article's
-- visible tags. One row per device whatever it follows: a device following both the category and
-- « Sénégal » gets one delivery (push_deliveries_once holds it too).
create or replace function private.push_audience(p_article uuid) returns setof uuid
language sql stable security definer set search_path = '' as $$
  select s.id from public.push_subscriptions s
  join public.articles a on a.id = p_article
  where (s.follows_front or a.category_id = any (s.categories)
         or exists (select 1 from public.article_tags at join public.tags t on t.id = at.tag_id
                    where at.article_id = a.id and not t.hidden and at.tag_id = any (s.tags)))
    and (select count(*) from public.push_deliveries d
         where d.subscription_id = s.id and d.status in ('queued', 'sending', 'sent')
           and d.created_at > pg_catalog.now() - interval '24 hours')
        < (select p.daily_cap from public.push_settings p)
$$;
revoke execute on function private.push_audience(uuid) from public;

-- push_my_devices as released (20261210150000_push_my_devices.sql), with the tags each device follows.
drop function public.push_my_devices(text);
create function public.push_my_devices(p_endpoint text default null)
returns table (id uuid, follows_front boolean, categories uuid[], tags uuid[], created_at timestamptz, updated_at timestamptz,
               this_device boolean)
language plpgsql stable security definer set search_path = '' as $$
begin
  if auth.uid() is null then
    raise exception 'sign in to see your alerts' using errcode = '42501';
  end if;
  return query
    select s.id, s.follows_front, s.categories, s.tags, s.created_at, s.updated_at, coalesce(s.endpoint = p_endpoint, false)
    from public.push_subscriptions s
    where s.user_id = auth.uid()
    order by s.created_at desc, s.id;
end $$;
revoke execute on function public.push_my_devices(text) from public, anon, authenticated, service_role;
grant execute on function public.push_my_devices(text) to authenticated;
