-- Review that talks (issue 46, item 1): « À relire » promised that editors would send a story back
-- « avec leurs remarques », but there was no place for remarks and nobody was told anything.
--   * Every status change (submit, send back, approve, schedule, publish) may carry a note: the
--     editor's save sends it in articles.status_note, which is never stored there: the trigger below
--     moves it, with who, when and from → to, into article_notes, the article's history of notes.
--   * An article in review taken back to draft by someone other than its author is « Renvoyé avec
--     remarques » (articles.sent_back_at, set and cleared by the same trigger): its journalist's list
--     shows it first.
--   * Notices: editors are told when a story is submitted, journalists when theirs is sent back,
--     scheduled or published: a row in notices (the back office's count and « À traiter » list, live
--     through Realtime) and, if they want it, an e-mail (private.notice_mails, sent by the Node server
--     through the newsletter's transport). Each person chooses in notice_settings.
-- RLS: a journalist reads the notes of their own articles and their own notices, administrators
-- all; nobody writes a note or a notice but the trigger; each person changes only their own notice
-- (marked read) and their own settings.

-- 1. The history of notes ------------------------------------------------------------------------
-- Deferred foreign keys: an article created straight « À relire » gets its note in the same
-- statement, before its own row exists.
create table public.article_notes (
  id bigint generated always as identity primary key,
  article_id uuid not null references public.articles (id) on delete cascade deferrable initially deferred,
  -- Who changed the status (null: the service role, or an account since deleted).
  author_id uuid references auth.users (id) on delete set null,
  from_status text check (from_status in ('draft', 'review', 'scheduled', 'published')),
  to_status text not null check (to_status in ('draft', 'review', 'scheduled', 'published')),
  note text check (char_length(note) between 1 and 2000),
  created_at timestamptz not null default now()
);
create index article_notes_article_idx on public.article_notes (article_id, id desc);
create index article_notes_author_idx on public.article_notes (author_id);
alter table public.article_notes enable row level security;
revoke all on public.article_notes from anon, authenticated, service_role;
grant select on public.article_notes to authenticated;
grant all on public.article_notes to service_role;
-- The articles' own read policies decide for journalists (their own articles only).
create policy "the newsroom reads the notes of its articles" on public.article_notes for select to authenticated
  using (private.is_admin() or (private.is_journalist() and exists (
    select 1 from public.articles a where a.id = article_id and a.author_id = (select auth.uid()))));

-- The note of a save (write only: always read back null) and the « Renvoyé avec remarques » mark.
alter table public.articles add column status_note text;
alter table public.articles add column sent_back_at timestamptz;
comment on column public.articles.status_note is
  'Write only: the note that goes with this save''s status change. The trigger moves it to article_notes; it is never stored here.';
comment on column public.articles.sent_back_at is
  'When an article waiting for review was sent back to its journalist as a draft (« Renvoyé avec remarques »); null after any other status change. Set by the trigger alone.';
grant insert (status_note), update (status_note) on public.articles to authenticated;
create index articles_sent_back_idx on public.articles (author_id, sent_back_at) where sent_back_at is not null;

-- 2. Notices and who wants which ------------------------------------------------------------------
create table public.notice_settings (
  user_id uuid primary key default auth.uid() references auth.users (id) on delete cascade,
  -- Notices shown in the back office (count and list), and those also sent by e-mail.
  in_app text[] not null default '{submitted,sent_back,scheduled,published}'
    check (in_app <@ '{submitted,sent_back,scheduled,published}'::text[]),
  by_email text[] not null default '{submitted,sent_back,scheduled,published}'
    check (by_email <@ '{submitted,sent_back,scheduled,published}'::text[]),
  updated_at timestamptz not null default now()
);
alter table public.notice_settings enable row level security;
revoke all on public.notice_settings from anon, authenticated, service_role;
grant select, insert (in_app, by_email), update (in_app, by_email) on public.notice_settings to authenticated;
grant all on public.notice_settings to service_role;
create policy "each member reads their own notice settings" on public.notice_settings for select to authenticated
  using (user_id = (select auth.uid()));
create policy "each member sets their own notices" on public.notice_settings for insert to authenticated
  with check (user_id = (select auth.uid()) and private.is_newsroom());
create policy "each member changes their own notices" on public.notice_settings for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()) and private.is_newsroom());

create table public.notices (
  id bigint generated always as identity primary key,
  recipient_id uuid not null references auth.users (id) on delete cascade,
  article_id uuid not null references public.articles (id) on delete cascade deferrable initially deferred,
  note_id bigint not null references public.article_notes (id) on delete cascade,
  -- submitted: a story waits for review (to editors); sent_back, scheduled, published: to its journalist.
  kind text not null check (kind in ('submitted', 'sent_back', 'scheduled', 'published')),
  created_at timestamptz not null default now(),
  -- Seen (or wanted by e-mail only): no longer counted in « À traiter ».
  read_at timestamptz
);
create index notices_recipient_idx on public.notices (recipient_id, id desc);
create index notices_unread_idx on public.notices (recipient_id) where read_at is null;
create index notices_article_idx on public.notices (article_id);
create index notices_note_idx on public.notices (note_id);
alter table public.notices enable row level security;
revoke all on public.notices from anon, authenticated, service_role;
grant select, update (read_at) on public.notices to authenticated;
grant all on public.notices to service_role;
create policy "members read their notices, administrators all" on public.notices for select to authenticated
  using (recipient_id = (select auth.uid()) or private.is_admin());
create policy "each member marks their own notices" on public.notices for update to authenticated
  using (recipient_id = (select auth.uid())) with check (recipient_id = (select auth.uid()));
-- The app bar's count follows new notices live (private channel notices:<user id>, below).
alter publication supabase_realtime add table public.notices;
create policy "each member hears of their own notices" on realtime.messages for select to authenticated
  using (realtime.topic() = 'notices:' || (select auth.uid())::text and realtime.messages.extension = 'broadcast'
         and private.is_newsroom());

-- The e-mails to send: the Node server's scheduler claims them (notice_claim_mail) and sends them
-- through the newsletter's transport. No API role reads this queue.
create table private.notice_mails (
  notice_id bigint primary key references public.notices (id) on delete cascade,
  status text not null default 'queued' check (status in ('queued', 'sending', 'sent', 'failed')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  claimed_at timestamptz,
  sent_at timestamptz,
  error text
);
create index notice_mails_due_idx on private.notice_mails (next_attempt_at) where status in ('queued', 'sending');
revoke all on private.notice_mails from public, anon, authenticated, service_role;

-- 3. The trigger that records a note and tells the other side -------------------------------------
-- Runs after article_rules (triggers fire in name order), so the status and publication time are
-- final; the row policies and every other check still decide afterwards, and a refused save takes
-- its note and notices with it.
create function private.article_status_note() returns trigger
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
    new.sent_back_at := case when v_from = 'review' and new.status = 'draft' and v_actor is distinct from new.author_id
                             then pg_catalog.now() end;
  end if;
  insert into public.article_notes (article_id, author_id, from_status, to_status, note)
    values (new.id, v_actor, v_from, new.status, v_note)
    returning id into v_note_id;

  if v_from is not distinct from new.status then
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
create trigger article_status_note before insert or update on public.articles
  for each row execute function private.article_status_note();

-- The list's and the editor's latest note (a computed field: select=id,title,latest_note), read
-- under the caller's RLS on article_notes: the note of the article's last status change, if any.
create function public.latest_note(a public.articles) returns text
language sql stable security invoker set search_path = '' as $$
  select n.note from public.article_notes n where n.article_id = a.id order by n.id desc limit 1
$$;
revoke execute on function public.latest_note(public.articles) from public, anon, authenticated, service_role;
grant execute on function public.latest_note(public.articles) to authenticated, service_role;

-- 4. The e-mails' queue, for the service role alone ------------------------------------------------
-- One due mail (queued and due, or claimed more than 5 minutes ago by a sender that died), claimed
-- for this sender (`for update skip locked`: several servers share the queue), with what the mail says.
create function public.notice_claim_mail()
returns table (notice_id bigint, email text, kind text, article_id uuid, title text, note text, author_name text)
language plpgsql volatile security definer set search_path = '' as $$
#variable_conflict use_column
declare
  v_id bigint;
begin
  select m.notice_id into v_id from private.notice_mails m
    where m.next_attempt_at <= pg_catalog.now()
      and (m.status = 'queued' or (m.status = 'sending' and m.claimed_at < pg_catalog.now() - interval '5 minutes'))
    order by m.next_attempt_at limit 1
    for update skip locked;
  if v_id is null then
    return;
  end if;
  update private.notice_mails m set status = 'sending', claimed_at = pg_catalog.now(), attempts = m.attempts + 1
    where m.notice_id = v_id;
  return query
    select n.id, u.email::text, n.kind, n.article_id, a.title::text, an.note, p.full_name
    from public.notices n
    join auth.users u on u.id = n.recipient_id
    join public.articles a on a.id = n.article_id
    join public.article_notes an on an.id = n.note_id
    left join public.profiles p on p.user_id = an.author_id
    where n.id = v_id;
end $$;
revoke execute on function public.notice_claim_mail() from public, anon, authenticated, service_role;
grant execute on function public.notice_claim_mail() to service_role;

-- What became of a claimed mail: 'sent', 'failed' (for good), or 'retry' (again later, up to 5 tries).
create function public.notice_finish_mail(p_notice_id bigint, p_outcome text, p_error text default null) returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  if p_outcome not in ('sent', 'failed', 'retry') then
    raise exception 'notice_finish_mail: p_outcome is sent, failed or retry' using errcode = '22023';
  end if;
  update private.notice_mails m set
    status = case when p_outcome = 'sent' then 'sent'
                  when p_outcome = 'failed' or m.attempts >= 5 then 'failed'
                  else 'queued' end,
    sent_at = case when p_outcome = 'sent' then pg_catalog.now() end,
    next_attempt_at = pg_catalog.now() + pg_catalog.make_interval(mins => m.attempts * m.attempts),
    claimed_at = null,
    error = nullif(p_error, '')
  where m.notice_id = p_notice_id;
end $$;
revoke execute on function public.notice_finish_mail(bigint, text, text) from public, anon, authenticated, service_role;
grant execute on function public.notice_finish_mail(bigint, text, text) to service_role;
