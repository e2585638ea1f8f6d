-- Issue 29, the low findings on the database side.

-- 1. Readers learn the front page's order, not which administrator pinned it nor when: signed-in
-- callers now read the same two columns as visitors (the « La une » screen reads rank and article,
-- and saves through set_front_page).
revoke select on public.front_page from authenticated;
grant select (rank, article_id) on public.front_page to authenticated;

-- 2. A correction's author is the newsroom's business: visitors read the note, its date and its
-- article (the reader's page and /corrections select just those), not who wrote it.
revoke select on public.article_corrections from anon;
grant select (id, article_id, note, corrected_at, created_at) on public.article_corrections to anon;

-- 3. Who is editing an article: only members who may edit that article join its channel and see
-- who else is there (a journalist edits their own articles until they go out, an administrator
-- any). The topic is `article-edit:<article id>`; any other shape is nobody's.
create function private.may_edit_article_of_topic(p_topic text) returns boolean
language sql stable security definer set search_path = '' as $$
  select case
    when p_topic ~ '^article-edit:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
      then private.can_edit_article(pg_catalog.substr(p_topic, 14)::uuid)
    else false
  end
$$;
revoke execute on function private.may_edit_article_of_topic(text) from public;
grant execute on function private.may_edit_article_of_topic(text) to authenticated, service_role;

drop policy "the newsroom sees who edits an article" on realtime.messages;
drop policy "the newsroom announces who edits an article" on realtime.messages;
create policy "an article's editors see who edits it" on realtime.messages for select to authenticated
  using (realtime.topic() like 'article-edit:%' and realtime.messages.extension = 'presence'
         and private.may_edit_article_of_topic(realtime.topic()));
create policy "an article's editors announce they edit it" on realtime.messages for insert to authenticated
  with check (realtime.topic() like 'article-edit:%' and realtime.messages.extension = 'presence'
              and private.may_edit_article_of_topic(realtime.topic()));

-- 4. A reader may not take a newsroom member's name (folded: case and accents do not make it
-- another), where it would pass for them. Renaming is refused with a detail the back office puts in
-- French; at sign-up the account is made without the name (a failed sign-up would tell nothing),
-- as for a blank one. Members of the newsroom (homonyms there are the administrators' to settle)
-- and the service role are not held to it.
create function private.newsroom_name_kept() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.full_name is null or private.is_newsroom_member(new.user_id) or auth.role() is not distinct from 'service_role' then
    return new;
  end if;
  if tg_op = 'UPDATE' and private.fold(new.full_name) = private.fold(old.full_name) then
    return new;
  end if;
  if exists (
    select 1 from public.profiles p join public.user_roles r on r.user_id = p.user_id and r.role in ('admin', 'journalist')
    where p.user_id <> new.user_id and private.fold(p.full_name) = private.fold(new.full_name)
  ) then
    if tg_op = 'INSERT' then
      new.full_name := null;
    else
      raise exception 'this name is a newsroom member''s' using errcode = '23505', detail = 'name_of_newsroom_member';
    end if;
  end if;
  return new;
end $$;
revoke execute on function private.newsroom_name_kept() from public;
-- After profiles_clean_name (names compared once cleaned; triggers fire in name order).
create trigger profiles_newsroom_name before insert or update of full_name on public.profiles
  for each row execute function private.newsroom_name_kept();
