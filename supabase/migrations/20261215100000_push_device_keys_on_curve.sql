-- A device's p256dh must be a real P-256 public key (docs/push.md). The shape check of
-- push_subscribe (80 to 100 base64url characters) let through keys that are no point of the curve:
-- the sender cannot encrypt for them, and each one held up the alert's other deliveries. Postgres
-- has no elliptic-curve functions, but the check RFC 8291 needs is arithmetic: an uncompressed
-- point (65 bytes, 0x04 then x and y, each below p) with y² = x³ − 3x + b (mod p), in numeric.
-- The auth secret likewise: 16 bytes (RFC 8291), 22 base64url characters, where 16 characters
-- (12 bytes) passed before. Both are checked as sent, with no '=' dropped first: 65 bytes (87
-- letters, at most one '='), 16 bytes (22 letters, none or two '='), refused with 22023 'keys'.
-- Keys already stored are left as they are: the sender checks them again, and a device whose keys
-- it cannot encrypt for is deleted at its first alert.

create function private.push_key_ok(p_p256dh text) returns boolean
language plpgsql immutable set search_path = '' as $$
declare
  -- The P-256 curve (SEC 2, FIPS 186-4): its prime and its b coefficient (a = −3).
  c_p constant numeric := 115792089210356248762697446949407573530086143415290314195533631308867097853951;
  c_b constant numeric := 41058363725152142129326129780047268409114441015993725554835256314039467401291;
  v_text text := pg_catalog.rtrim(coalesce(p_p256dh, ''), '=');
  v_key bytea;
  v_x numeric := 0;
  v_y numeric := 0;
begin
  -- 65 bytes are 87 base64url characters (88 with its one '=').
  if v_text operator(pg_catalog.!~) '^[A-Za-z0-9_-]{87}$' then
    return false;
  end if;
  v_key := pg_catalog.decode(pg_catalog.translate(v_text, '-_', '+/') || '=', 'base64');
  if pg_catalog.length(v_key) <> 65 or pg_catalog.get_byte(v_key, 0) <> 4 then
    return false;
  end if;
  for i in 1..32 loop
    v_x := v_x * 256 + pg_catalog.get_byte(v_key, i);
    v_y := v_y * 256 + pg_catalog.get_byte(v_key, 32 + i);
  end loop;
  return v_x < c_p and v_y < c_p and pg_catalog.mod(v_y * v_y - (v_x * v_x * v_x - 3 * v_x + c_b), c_p) = 0;
end $$;
revoke execute on function private.push_key_ok(text) from public;

-- push_subscribe as released (20261210120000_push_alerts.sql), its key checks now the curve's and
-- a 16-byte auth secret, on the raw values (a key followed by '==…' would meet the table's check,
-- a raw 23514).
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
