-- Notices come from people only (issue 46, item 1, after 20261218090000_review_notes_and_notices.sql):
-- the seed, the WordPress import and maintenance change statuses as the service role or as postgres,
-- with nobody signed in. The first version told each article's author « Article publié » for every
-- such change (a fresh local stack's administrator found 17 notices of the seed, an import would
-- send one mail per article imported). Now a status change without a signed-in person adds no line
-- to the history (unless it carries a note), marks nothing « Renvoyé avec remarques » and tells nobody.

create or replace function private.article_status_note() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_note text := nullif(pg_catalog.btrim(new.status_note), '');
  v_from text;
  v_actor uuid := auth.uid();
  v_note_id bigint;
  v_kind text;
  v_recipients uuid[];
begin
  new.status_note := null;
  if pg_catalog.char_length(v_note) > 2000 then
    raise exception 'a note is 2000 characters at most' using errcode = '23514', detail = 'note_too_long';
  end if;
  if tg_op = 'UPDATE' then
    -- A scheduled article whose moment has come is live: the editor saves it as « Publié », which is no change.
    v_from := case when old.status = 'scheduled' and private.article_is_public(old.status, old.published_at)
                   then 'published' else old.status end;
  end if;
  if v_from is not distinct from new.status and v_note is null then
    return new;
  end if;
  if tg_op = 'INSERT' and new.status = 'draft' and v_note is null then
    return new;
  end if;
  if v_actor is not null and not exists (select 1 from auth.users u where u.id = v_actor) then
    v_actor := null;
  end if;
  if v_from is distinct from new.status then
    -- Sent back by a person: the service role and maintenance send nobody anything.
    new.sent_back_at := case when v_from = 'review' and new.status = 'draft' and v_actor is not null
                                  and v_actor is distinct from new.author_id
                             then pg_catalog.now() end;
  end if;
  -- Nobody's act (the seed, the WordPress import, maintenance): no history line without a note, no notice.
  if v_actor is null and v_note is null then
    return new;
  end if;
  insert into public.article_notes (article_id, author_id, from_status, to_status, note)
    values (new.id, v_actor, v_from, new.status, v_note)
    returning id into v_note_id;

  if v_from is not distinct from new.status or v_actor is null then
    return new;
  end if;
  v_kind := case
    when new.status = 'review' then 'submitted'
    when new.sent_back_at is not null then 'sent_back'
    when new.status in ('scheduled', 'published') then new.status
  end;
  if v_kind = 'submitted' then
    v_recipients := array(select r.user_id from public.user_roles r
                          where r.role = 'admin' and r.user_id is distinct from v_actor);
  elsif v_kind is not null and new.author_id is distinct from v_actor and private.is_newsroom_member(new.author_id) then
    v_recipients := array[new.author_id];
  end if;
  if coalesce(pg_catalog.cardinality(v_recipients), 0) = 0 then
    return new;
  end if;
  -- Without settings, a member gets every notice both ways. One turned off in the back office but
  -- wanted by e-mail is recorded as already seen (the mail needs its row).
  with wanted as (
    select r.user_id,
           v_kind = any (coalesce(s.in_app, '{submitted,sent_back,scheduled,published}')) as in_app,
           v_kind = any (coalesce(s.by_email, '{submitted,sent_back,scheduled,published}')) as by_email
    from pg_catalog.unnest(v_recipients) as r(user_id)
    left join public.notice_settings s on s.user_id = r.user_id),
  made as (
    insert into public.notices (recipient_id, article_id, note_id, kind, read_at)
    select w.user_id, new.id, v_note_id, v_kind, case when w.in_app then null else pg_catalog.now() end
    from wanted w where w.in_app or w.by_email
    returning id, recipient_id)
  insert into private.notice_mails (notice_id)
    select m.id from made m join wanted w on w.user_id = m.recipient_id where w.by_email;
  return new;
end $$;
revoke execute on function private.article_status_note() from public;
