-- The alerts panel says what a reader signs up for (issue 46): « 3 alertes par jour au plus, aucune
-- la nuit (22 h – 7 h) », from the settings the sender applies (push_settings: the daily cap and the
-- quiet hours), which only the newsroom reads. Anyone may read those limits through this function.
create function public.push_limits() returns table (daily_cap integer, quiet_enabled boolean, quiet_start text, quiet_end text)
language sql stable security definer set search_path = '' as $$
  select p.daily_cap, p.quiet_enabled, pg_catalog.to_char(p.quiet_start, 'HH24:MI'), pg_catalog.to_char(p.quiet_end, 'HH24:MI')
  from public.push_settings p
$$;
revoke execute on function public.push_limits() from public, anon, authenticated, service_role;
grant execute on function public.push_limits() to anon, authenticated, service_role;
