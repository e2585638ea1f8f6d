-- « L'essentiel du jour » (docs/product.md): one edition a day of five stories, made by the site's
-- server (its text is built there, src/essentiel), read by everyone at /edition/{day}, posted to a
-- Telegram channel through a queue, and published by hand on WhatsApp (ticked in « Diffusion »).

-- 1. The editions ---------------------------------------------------------------------------------
-- One row per day (the newsroom's), made once whichever server instance gets there first. `text`
-- is the WhatsApp message (links tagged ed-wa), `caption` the Telegram one (ed-tg); both are
-- rebuilt when an article in them is corrected. Readers read every column: it is what was published.
create table public.daily_editions (
  day date primary key,
  articles uuid[] not null check (pg_catalog.cardinality(articles) between 1 and 5),
  text text not null check (char_length(text) <= 1000),
  caption text not null check (char_length(caption) <= 1000),
  made_at timestamptz not null default now()
);
alter table public.daily_editions enable row level security;
revoke all on public.daily_editions from anon, authenticated, service_role;
grant select on public.daily_editions to anon, authenticated;
grant all on public.daily_editions to service_role;
create policy "everyone reads the editions" on public.daily_editions for select to anon, authenticated using (true);

-- 2. The log « Diffusion » shows ------------------------------------------------------------------
-- What happened to each day's edition, who did it and when: made, published on WhatsApp (ticked by
-- an administrator), sent or edited on Telegram (the message id in detail), a failure, a correction
-- to publish. Written by the functions below alone; administrators read it.
create table public.diffusion_log (
  id bigint generated always as identity primary key,
  day date not null references public.daily_editions (day) on delete cascade,
  event text not null check (event in ('made', 'whatsapp_published', 'telegram_sent', 'telegram_edited', 'telegram_failed', 'correction')),
  actor uuid references auth.users (id) on delete set null,
  detail text not null default '' check (char_length(detail) <= 500),
  at timestamptz not null default now()
);
create index diffusion_log_day_idx on public.diffusion_log (day, at);
alter table public.diffusion_log enable row level security;
revoke all on public.diffusion_log from anon, authenticated, service_role;
revoke all on sequence public.diffusion_log_id_seq from anon, authenticated, service_role;
grant select on public.diffusion_log to authenticated;
grant all on public.diffusion_log to service_role;
create policy "administrators read the diffusion log" on public.diffusion_log for select to authenticated using (private.is_admin());

-- 3. The Telegram queue ---------------------------------------------------------------------------
-- 'send' posts the day's card with its caption (once a day: unique), 'edit' changes the caption of
-- the message sent after a correction. queued → sending (claimed by one server) → sent | failed
-- (after five tries); a flood answer's retry_after sets the next attempt. A claim left 'sending' by
-- a crashed server is failed, not sent again (the channel may already show it).
create table public.telegram_posts (
  id bigint generated always as identity primary key,
  day date not null references public.daily_editions (day) on delete cascade,
  kind text not null check (kind in ('send', 'edit')),
  status text not null default 'queued' check (status in ('queued', 'sending', 'sent', 'failed')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  claimed_at timestamptz,
  sent_at timestamptz,
  message_id bigint,
  error text,
  created_at timestamptz not null default now()
);
create unique index telegram_posts_send_once_idx on public.telegram_posts (day) where kind = 'send';
create index telegram_posts_queue_idx on public.telegram_posts (next_attempt_at, id) where status = 'queued';
alter table public.telegram_posts enable row level security;
revoke all on public.telegram_posts from anon, authenticated, service_role;
revoke all on sequence public.telegram_posts_id_seq from anon, authenticated, service_role;
grant select on public.telegram_posts to authenticated;
grant all on public.telegram_posts to service_role;
create policy "administrators read the telegram posts" on public.telegram_posts for select to authenticated using (private.is_admin());

-- 4. Making the day's edition (the server, service role) ------------------------------------------
-- True when this call made it; false when the day already has one (another instance, an earlier
-- « Préparer maintenant »). With p_telegram the post is queued in the same transaction.
create function public.edition_start(p_day date, p_articles uuid[], p_text text, p_caption text, p_telegram boolean)
returns boolean
language plpgsql volatile security definer set search_path = '' as $$
begin
  insert into public.daily_editions (day, articles, text, caption) values (p_day, p_articles, p_text, p_caption)
    on conflict (day) do nothing;
  if not found then
    return false;
  end if;
  insert into public.diffusion_log (day, event) values (p_day, 'made');
  if p_telegram then
    insert into public.telegram_posts (day, kind) values (p_day, 'send');
  end if;
  -- The day's page now exists: kept pages and the edge learn it (its 404 was kept).
  perform private.record_public_change(array['edition', '404'], '{}');
  return true;
end $$;
revoke execute on function public.edition_start(date, uuid[], text, text, boolean) from public, anon, authenticated, service_role;
grant execute on function public.edition_start(date, uuid[], text, text, boolean) to service_role;

-- 5. Claiming and finishing a Telegram post (the server, service role) ----------------------------
-- Answers the post, its edition's articles, and for an edit the id of the message sent.
create function public.telegram_claim_post()
returns table (id bigint, day date, kind text, articles uuid[], message_id bigint)
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_post public.telegram_posts;
begin
  update public.telegram_posts p set status = 'failed', error = 'interrompu : envoi incertain, non renvoyé'
    where p.status = 'sending' and p.claimed_at < pg_catalog.now() - interval '10 minutes';
  select * into v_post from public.telegram_posts p
    where p.status = 'queued' and p.next_attempt_at <= pg_catalog.now()
      -- An edit waits for its message: none is claimed before the day's send went.
      and (p.kind = 'send' or exists (select 1 from public.telegram_posts s where s.day = p.day and s.kind = 'send' and s.status = 'sent'))
    order by p.next_attempt_at, p.id
    limit 1 for update skip locked;
  if v_post.id is null then
    return;
  end if;
  update public.telegram_posts p set status = 'sending', attempts = p.attempts + 1, claimed_at = pg_catalog.now(), error = null
    where p.id = v_post.id;
  return query
    select v_post.id, v_post.day, v_post.kind, e.articles,
           (select s.message_id from public.telegram_posts s where s.day = v_post.day and s.kind = 'send' and s.status = 'sent')
    from public.daily_editions e where e.day = v_post.day;
end $$;
revoke execute on function public.telegram_claim_post() from public, anon, authenticated, service_role;
grant execute on function public.telegram_claim_post() to service_role;

-- p_outcome: 'sent' (with the message id), 'retry' (after p_retry_after seconds: Telegram's flood
-- answer says how long; else 1, 2, 4, 8 minutes), 'failed'. A fifth retry fails. Sent and failed are logged.
create function public.telegram_finish_post(p_id bigint, p_outcome text, p_message_id bigint, p_error text, p_retry_after integer default 0)
returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_post public.telegram_posts;
begin
  if p_outcome not in ('sent', 'retry', 'failed') then
    raise exception 'unknown outcome %', p_outcome using errcode = '22023';
  end if;
  update public.telegram_posts p set
    status = case when p_outcome = 'sent' then 'sent' when p_outcome = 'retry' and p.attempts < 5 then 'queued' else 'failed' end,
    sent_at = case when p_outcome = 'sent' then pg_catalog.now() end,
    message_id = case when p_outcome = 'sent' and p.kind = 'send' then p_message_id else p.message_id end,
    error = pg_catalog.left(nullif(p_error, ''), 500),
    next_attempt_at = pg_catalog.now() + case when coalesce(p_retry_after, 0) > 0
      then pg_catalog.make_interval(secs => p_retry_after)
      else pg_catalog.make_interval(mins => (2 ^ (p.attempts - 1))::integer) end
  where p.id = p_id and p.status = 'sending'
  returning * into v_post;
  if v_post.id is null or v_post.status = 'queued' then
    return;
  end if;
  -- A day whose message never went has no caption to edit: its queued edits fail with it.
  if v_post.kind = 'send' and v_post.status = 'failed' then
    update public.telegram_posts p set status = 'failed', error = 'message jamais publié'
      where p.day = v_post.day and p.kind = 'edit' and p.status = 'queued';
  end if;
  insert into public.diffusion_log (day, event, detail) values (
    v_post.day,
    case when v_post.status = 'failed' then 'telegram_failed' when v_post.kind = 'send' then 'telegram_sent' else 'telegram_edited' end,
    pg_catalog.left(case when v_post.status = 'failed' then coalesce(v_post.error, '') else 'message ' || coalesce(p_message_id::text, '') end, 500));
end $$;
revoke execute on function public.telegram_finish_post(bigint, text, bigint, text, integer) from public, anon, authenticated, service_role;
grant execute on function public.telegram_finish_post(bigint, text, bigint, text, integer) to service_role;

-- 6. « Publié sur la chaîne WhatsApp » (an administrator, by hand) --------------------------------
-- Logged with who and when; ticking again after a correction says the correction went out too.
create function public.diffusion_mark_whatsapp(p_day date)
returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  if not private.is_admin() then
    raise exception 'Seuls les administrateurs publient L''essentiel du jour.' using errcode = '42501';
  end if;
  if not exists (select 1 from public.daily_editions e where e.day = p_day) then
    raise exception 'Pas d''édition ce jour-là.' using errcode = '22023';
  end if;
  insert into public.diffusion_log (day, event, actor) values (p_day, 'whatsapp_published', auth.uid());
end $$;
revoke execute on function public.diffusion_mark_whatsapp(date) from public, anon, authenticated, service_role;
grant execute on function public.diffusion_mark_whatsapp(date) to authenticated;

-- Whether the caller is an administrator: the site's server asks before « Préparer maintenant »
-- (it holds the service role key, and acts for administrators alone).
create function public.diffusion_is_admin() returns boolean
language sql stable security definer set search_path = '' as $$
  select private.is_admin()
$$;
revoke execute on function public.diffusion_is_admin() from public, anon, authenticated, service_role;
grant execute on function public.diffusion_is_admin() to authenticated;

-- 7. A correction to an article of a recent edition -----------------------------------------------
-- « Correction à publier sur WhatsApp » is raised (a 'correction' event after the last publication
-- there), and the Telegram caption is queued for an edit when the day's message was sent or is on
-- its way (an edit waits for it; one edit queued per day is enough: it rebuilds from the articles).
create function private.daily_edition_corrected() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.diffusion_log (day, event, actor, detail)
    select e.day, 'correction', auth.uid(), pg_catalog.left(coalesce((select a.title from public.articles a where a.id = new.article_id), ''), 500)
    from public.daily_editions e
    where new.article_id = any (e.articles) and e.day >= (pg_catalog.now() - interval '14 days')::date;
  insert into public.telegram_posts (day, kind)
    select e.day, 'edit' from public.daily_editions e
    where new.article_id = any (e.articles) and e.day >= (pg_catalog.now() - interval '14 days')::date
      and exists (select 1 from public.telegram_posts s where s.day = e.day and s.kind = 'send' and s.status <> 'failed')
      and not exists (select 1 from public.telegram_posts q where q.day = e.day and q.kind = 'edit' and q.status = 'queued');
  return null;
end $$;
revoke execute on function private.daily_edition_corrected() from public;
create trigger daily_edition_corrected after insert on public.article_corrections
  for each row execute function private.daily_edition_corrected();
