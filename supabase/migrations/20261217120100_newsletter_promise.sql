-- One promise (issue 46): the footer, the sign-up pages, the confirmation mail and the back
-- office's « Newsletter » screen say the same thing of « La Matinale »: daily, at the send time of
-- its settings (src/lib/newsletterPromise.ts words it). The settings are the administrators' to
-- read; the time and whether the daily edition goes are what readers are promised, so anyone may
-- read those two, and every page (the footer is on each) is renewed when they change.

-- The schedule readers are promised: whether the daily edition goes, and its time ('HH24:MI', in
-- the newsroom's time zone, as the scheduler reads it).
create function public.newsletter_schedule() returns table (daily_enabled boolean, send_time text)
language sql stable security definer set search_path = '' as $$
  select s.daily_enabled, pg_catalog.to_char(s.send_time, 'HH24:MI') from public.newsletter_settings s
$$;
revoke execute on function public.newsletter_schedule() from public, anon, authenticated, service_role;
grant execute on function public.newsletter_schedule() to anon, authenticated, service_role;

-- A new time changes every page's footer: the content version moves (the site's kept pages go)
-- and the edge purges every page (the menu's key, which every HTML page carries).
create function private.newsletter_settings_public_change() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if (new.send_time, new.daily_enabled) is distinct from (old.send_time, old.daily_enabled) then
    perform private.record_public_change(array['menu'], '{}');
  end if;
  return null;
end $$;
revoke execute on function private.newsletter_settings_public_change() from public;
create trigger public_change_update after update on public.newsletter_settings
  for each row execute function private.newsletter_settings_public_change();
