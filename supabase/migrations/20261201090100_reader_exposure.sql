-- What a reader can learn about others (issue 12, point 7).

-- articles.view_count ran as its owner on whatever row it was handed, and PostgREST lets anyone
-- hand it a made-up row ({"a": {"id": "<draft id>"}}): it answered counts of drafts. It now runs
-- as the caller and answers only for an article the caller's RLS lets it see; the count itself is
-- read by a definer helper outside the API schema, since API roles cannot read the counts table.
create function private.article_view_count(p_article_id uuid) returns integer
language sql stable security definer set search_path = '' as $$
  select coalesce((select c.view_count from public.article_view_counts c where c.article_id = p_article_id), 0)
$$;
revoke execute on function private.article_view_count(uuid) from public;
grant execute on function private.article_view_count(uuid) to anon, authenticated, service_role;

create or replace function public.view_count(a public.articles) returns integer
language sql stable security invoker set search_path = '' as $$
  select case when exists (select 1 from public.articles x where x.id = a.id) then private.article_view_count(a.id) else 0 end
$$;

-- Bylines: a signed-in reader could select every column of the published authors' profiles (bio,
-- account dates) because authenticated holds the whole table's grant for its own profile and the
-- admins' screen. Rows of others now reach authenticated only through the admins' policy; anyone's
-- byline (the columns anon may read, of published authors) comes from this view, which runs as
-- its owner so it can show exactly those columns and nothing else.
drop policy "bylines of published authors" on public.profiles;
create policy "bylines of published authors" on public.profiles for select to anon
  using (exists (select 1 from public.articles a where a.author_id = profiles.user_id and a.status = 'published'));

create view public.bylines with (security_invoker = false) as
  select p.id, p.user_id, p.full_name, p.avatar_url
  from public.profiles p
  where exists (select 1 from public.articles a where a.author_id = p.user_id and a.status = 'published');
revoke all on public.bylines from public, anon, authenticated, service_role;
grant select on public.bylines to anon, authenticated, service_role;

-- Names are shown to readers and administrators: bidirectional controls (LRM/RLM, ALM, embeddings,
-- overrides, isolates) could reverse what a name appears to say, so no client may store them.
create function private.clean_profile_name() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.full_name := nullif(pg_catalog.btrim(pg_catalog.regexp_replace(
    new.full_name, '[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]', '', 'g')), '');
  return new;
end $$;
revoke execute on function private.clean_profile_name() from public;
create trigger profiles_clean_name before insert or update of full_name on public.profiles
  for each row execute function private.clean_profile_name();
update public.profiles set full_name = full_name
  where full_name ~ '[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]';
