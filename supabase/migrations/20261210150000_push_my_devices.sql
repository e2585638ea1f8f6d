-- A signed-in reader's alerts in their account (issue 28: « signed-in readers see it in their
-- account », docs/push.md): the devices push_subscribe recorded with their user id, listed and
-- stopped by their owner alone. push_subscriptions stays unreadable through the API: these definer
-- functions answer only rows whose user_id is auth.uid(); anon has no grant, and a session without
-- a user is refused (42501).

-- The reader's devices, newest first: what each follows and since when. p_endpoint, the endpoint of
-- the browser asking (when it has a subscription), marks that row this_device; an endpoint alone
-- reveals nothing here, since only the caller's own rows are answered.
create function public.push_my_devices(p_endpoint text default null)
returns table (id uuid, follows_front boolean, categories uuid[], created_at timestamptz, updated_at timestamptz,
               this_device boolean)
language plpgsql stable security definer set search_path = '' as $$
begin
  if auth.uid() is null then
    raise exception 'sign in to see your alerts' using errcode = '42501';
  end if;
  return query
    select s.id, s.follows_front, s.categories, s.created_at, s.updated_at, coalesce(s.endpoint = p_endpoint, false)
    from public.push_subscriptions s
    where s.user_id = auth.uid()
    order by s.created_at desc, s.id;
end $$;
revoke execute on function public.push_my_devices(text) from public, anon, authenticated, service_role;
grant execute on function public.push_my_devices(text) to authenticated;

-- Stops alerts on one of the reader's devices (this one or another they signed in on): true when it
-- was theirs and is deleted, false otherwise (another reader's device is left untouched).
create function public.push_stop_my_device(p_id uuid) returns boolean
language plpgsql volatile security definer set search_path = '' as $$
begin
  if auth.uid() is null then
    raise exception 'sign in to stop your alerts' using errcode = '42501';
  end if;
  delete from public.push_subscriptions s where s.id = p_id and s.user_id = auth.uid();
  return found;
end $$;
revoke execute on function public.push_stop_my_device(uuid) from public, anon, authenticated, service_role;
grant execute on function public.push_stop_my_device(uuid) to authenticated;
