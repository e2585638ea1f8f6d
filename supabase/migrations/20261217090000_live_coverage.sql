-- « En direct » (issue 40): an article of format « Direct » is a live coverage, open, paused or
-- closed, whose short entries are posted from the newsroom's phones and read by a crowd that polls
-- a cacheable address (docs/product.md#en-direct).
--
-- Every change to a coverage (an entry posted, edited, corrected, deleted, marked; the state or
-- the readers' interval) takes the coverage's row lock and moves its `revision` by one, in the same
-- transaction: revisions are handed out in commit order, so a reader that was answered up to
-- revision n has seen every change numbered up to n, and asks for what came after n. Entries keep
-- the revision of their last change; a deleted entry stays as an empty tombstone so the answers
-- after its deletion can tell readers to remove it, and its text is gone from the database.
--
-- Writes go through the functions below only (the tables have no insert, update or delete grant):
-- the newsroom posts to open coverages and changes its own entries; administrators change anyone's,
-- pin, mark key events, pause, close and set the interval. Readers see the coverage of a public
-- article only.

alter table public.articles add column format text not null default 'article'
  constraint articles_format_check check (format in ('article', 'live'));
grant insert (format), update (format) on public.articles to authenticated;

create table public.live_coverages (
  article_id uuid primary key references public.articles (id) on delete cascade,
  state text not null default 'open' constraint live_coverages_state_check check (state in ('open', 'paused', 'closed')),
  started_at timestamptz not null default now(),
  ended_at timestamptz,
  -- The readers' cursor: one more at every change.
  revision bigint not null default 0 check (revision >= 0),
  -- The seconds between two checks of a reader's page (0: readers stop asking).
  poll_seconds integer not null default 30
    constraint live_coverages_poll_seconds_check check (poll_seconds = 0 or poll_seconds between 10 and 600),
  -- The last entry posted or the last reopening: twelve hours later the coverage closes itself.
  active_at timestamptz not null default now(),
  last_seq bigint not null default 0 check (last_seq >= 0),
  constraint live_coverages_ended_check check ((state = 'closed') = (ended_at is not null))
);

create table public.live_entries (
  -- Made by the journalist's phone: a retry after a lost answer finds the entry already stored.
  id uuid primary key,
  article_id uuid not null references public.live_coverages (article_id) on delete cascade,
  seq bigint not null check (seq > 0),
  revision bigint not null check (revision > 0),
  author_id uuid references auth.users (id) on delete set null,
  body text not null,
  image_url text constraint live_entries_image_url_check check (image_url ~ '^https?://' and char_length(image_url) <= 2048),
  image_alt text constraint live_entries_image_alt_check check (char_length(image_alt) <= 300),
  key_event boolean not null default false,
  pinned boolean not null default false,
  correction text,
  corrected_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  unique (article_id, seq),
  constraint live_entries_body_check check (
    case when deleted_at is null then char_length(body) between 1 and 1000 else body = '' end),
  constraint live_entries_tombstone_check check (
    deleted_at is null or (image_url is null and image_alt is null and correction is null and not key_event and not pinned)),
  constraint live_entries_correction_check check ((correction is null) = (corrected_at is null) and char_length(correction) <= 500)
);
create unique index live_entries_one_pinned_idx on public.live_entries (article_id) where pinned;
create index live_entries_revision_idx on public.live_entries (article_id, revision, seq);
create index live_entries_key_events_idx on public.live_entries (article_id, seq desc) where key_event;
create index live_entries_author_idx on public.live_entries (author_id);

alter table public.live_coverages enable row level security;
alter table public.live_entries enable row level security;
revoke all on table public.live_coverages, public.live_entries from public, anon, authenticated, service_role;
grant select on table public.live_coverages, public.live_entries to anon, authenticated;
grant all on table public.live_coverages, public.live_entries to service_role;

-- Whoever may read a live article reads its coverage and entries: the articles' own policies
-- decide (readers: public ones; a journalist: public ones and their own; administrators: all). An
-- article whose format went back to « Article » keeps its entries out of sight.
create policy "coverages of readable live articles" on public.live_coverages for select to anon, authenticated
  using (exists (select 1 from public.articles a where a.id = article_id and a.format = 'live'));
create policy "entries of readable live articles" on public.live_entries for select to anon, authenticated
  using (exists (select 1 from public.articles a where a.id = article_id and a.format = 'live'));

-- An article given the format « Direct » gets its coverage (kept if the format goes back: its
-- entries are not lost).
create function private.open_live_coverage() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.live_coverages (article_id)
  select n.id from new_rows n
  where n.format = 'live' and not exists (select 1 from public.live_coverages c where c.article_id = n.id)
  on conflict (article_id) do nothing;
  return null;
end $$;
revoke execute on function private.open_live_coverage() from public;
create trigger open_live_coverage_insert after insert on public.articles
  referencing new table as new_rows for each statement execute function private.open_live_coverage();
create trigger open_live_coverage_update after update on public.articles
  referencing new table as new_rows for each statement execute function private.open_live_coverage();

create function private.live_idle_after() returns interval language sql immutable set search_path = '' as $$ select interval '12 hours' $$;
revoke execute on function private.live_idle_after() from public;

-- A coverage left twelve hours without an entry (or since its reopening, or since its article went
-- out: one prepared the day before starts then) reads as closed at that moment, before
-- live_close_idle() stores it. Only a public coverage closes itself: a draft waits for its night.
create function private.live_idle_since(c public.live_coverages, a public.articles) returns timestamptz
language sql stable set search_path = '' as $$
  select case when c.state operator(pg_catalog.<>) 'closed' and private.article_is_public(a.status, a.published_at)
                   and greatest(c.active_at, a.published_at) operator(pg_catalog.<) (pg_catalog.now() operator(pg_catalog.-) private.live_idle_after())
              then greatest(c.active_at, a.published_at) operator(pg_catalog.+) private.live_idle_after() end
$$;
revoke execute on function private.live_idle_since(public.live_coverages, public.articles) from public;

-- The coverage as readers and the desk read it. It starts when created, or when its article went
-- out if that came later (a coverage prepared as a draft).
create function private.live_coverage_json(c public.live_coverages, a public.articles) returns jsonb
language sql stable set search_path = '' as $$
  select pg_catalog.jsonb_build_object(
    'state', case when closed_at is not null then 'closed' else c.state end,
    'startedAt', greatest(c.started_at, case when a.published_at operator(pg_catalog.<=) pg_catalog.now() then a.published_at end),
    'endedAt', coalesce(closed_at, c.ended_at),
    'revision', c.revision,
    'pollSeconds', case when closed_at is not null or c.state operator(pg_catalog.=) 'closed' then 0 else c.poll_seconds end)
  from (select private.live_idle_since(c, a) as closed_at) i
$$;
revoke execute on function private.live_coverage_json(public.live_coverages, public.articles) from public;

create function private.live_entry_json(e public.live_entries) returns jsonb
language sql stable security definer set search_path = '' as $$
  select case when e.deleted_at is not null then
    pg_catalog.jsonb_build_object('id', e.id, 'seq', e.seq, 'revision', e.revision, 'deleted', true)
  else pg_catalog.jsonb_build_object(
    'id', e.id, 'seq', e.seq, 'revision', e.revision, 'body', e.body,
    'image', case when e.image_url is null then null else pg_catalog.jsonb_build_object('url', e.image_url, 'alt', e.image_alt) end,
    'keyEvent', e.key_event, 'pinned', e.pinned,
    'author', (select p.full_name from public.profiles p where p.user_id operator(pg_catalog.=) e.author_id),
    'createdAt', e.created_at, 'updatedAt', e.updated_at,
    'correction', case when e.correction is null then null else pg_catalog.jsonb_build_object('text', e.correction, 'at', e.corrected_at) end)
  end
$$;
revoke execute on function private.live_entry_json(public.live_entries) from public;

-- May this caller read (and post to) the coverage of this article? As the articles' policies say:
-- readers a public one, a journalist a public one or their own, administrators any.
create function private.live_visible(p_article_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.articles a
                 where a.id operator(pg_catalog.=) p_article_id and a.format operator(pg_catalog.=) 'live'
                   and (private.article_is_public(a.status, a.published_at) or private.is_admin()
                        or (a.author_id operator(pg_catalog.=) auth.uid() and private.is_journalist())))
$$;
revoke execute on function private.live_visible(uuid) from public;

-- The readers' page: the coverage, the pinned entry, the key events and a page of entries, newest first.
create function public.live_page(p_article_id uuid, p_before_seq bigint default null, p_limit integer default 20) returns jsonb
language sql stable security definer set search_path = '' as $$
  with page as (
    select e.seq, private.live_entry_json(e) as entry from public.live_entries e
    where e.article_id = p_article_id and e.deleted_at is null and (p_before_seq is null or e.seq < p_before_seq)
    order by e.seq desc limit least(greatest(coalesce(p_limit, 20), 1), 50))
  select pg_catalog.jsonb_build_object(
    'coverage', private.live_coverage_json(c, a),
    'pinned', (select private.live_entry_json(e) from public.live_entries e
               where e.article_id = p_article_id and e.pinned and e.deleted_at is null),
    'keyEvents', coalesce((
      select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('id', k.id, 'seq', k.seq, 'body', k.body, 'createdAt', k.created_at)
                                  order by k.seq desc)
      from (select * from public.live_entries e where e.article_id = p_article_id and e.key_event and e.deleted_at is null
            order by e.seq desc limit 20) k), '[]'::jsonb),
    'entries', coalesce((select pg_catalog.jsonb_agg(p.entry order by p.seq desc) from page p), '[]'::jsonb),
    'older', exists (select 1 from public.live_entries e
                     where e.article_id = p_article_id and e.deleted_at is null
                       and e.seq < (select pg_catalog.min(p.seq) from page p)))
  from public.live_coverages c join public.articles a on a.id = c.article_id
  where c.article_id = p_article_id and private.live_visible(p_article_id)
$$;
comment on function public.live_page(uuid, bigint, integer) is
  'A live coverage as its page shows it: coverage, pinned entry, key events, entries newest first (before p_before_seq).';

-- What changed since a revision, for the readers' update checks (by the article's address, the only
-- thing the reader's page knows). More than 50 changes: `reload`, the page reloads its list.
create function public.live_delta(p_slug text, p_since bigint) returns jsonb
language sql stable security definer set search_path = '' as $$
  select pg_catalog.jsonb_build_object(
    'articleId', c.article_id,
    'coverage', private.live_coverage_json(c, a),
    'entries', coalesce((select pg_catalog.jsonb_agg(private.live_entry_json(x) order by x.revision, x.seq)
                         from (select * from public.live_entries e
                               where e.article_id = c.article_id and e.revision > coalesce(p_since, 0)
                               order by e.revision, e.seq limit 50) x), '[]'::jsonb),
    'reload', (select pg_catalog.count(*) > 50
               from (select 1 from public.live_entries e
                     where e.article_id = c.article_id and e.revision > coalesce(p_since, 0) limit 51) n))
  from public.articles a join public.live_coverages c on c.article_id = a.id
  where a.slug = p_slug and a.format = 'live' and private.article_is_public(a.status, a.published_at)
$$;
comment on function public.live_delta(text, bigint) is
  'The changes of a public live coverage after revision p_since (null: no such public live article).';

-- The front page's « En direct » marks: public coverages still live, with their latest key event.
create function public.live_front() returns jsonb
language sql stable security definer set search_path = '' as $$
  select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
      'articleId', a.id, 'slug', a.slug,
      'latestKeyEvent', (select pg_catalog.jsonb_build_object('id', e.id, 'seq', e.seq, 'body', e.body, 'createdAt', e.created_at)
                         from public.live_entries e
                         where e.article_id = a.id and e.key_event and e.deleted_at is null
                         order by e.seq desc limit 1))
    order by a.published_at desc), '[]'::jsonb)
  from public.live_coverages c join public.articles a on a.id = c.article_id
  where a.format = 'live' and private.article_is_public(a.status, a.published_at)
    and c.state <> 'closed' and private.live_idle_since(c, a) is null
$$;

revoke execute on function public.live_page(uuid, bigint, integer), public.live_delta(text, bigint), public.live_front() from public;
grant execute on function public.live_page(uuid, bigint, integer), public.live_delta(text, bigint), public.live_front()
  to anon, authenticated, service_role;

-- Writes ----------------------------------------------------------------------------------------

-- Takes the coverage's row lock (changes of one coverage queue here, in commit order) and moves
-- its revision: the revision of this change.
create function private.live_next_revision(p_article_id uuid, p_new_entry boolean) returns public.live_coverages
language sql volatile security definer set search_path = '' as $$
  update public.live_coverages
     set revision = revision operator(pg_catalog.+) 1,
         last_seq = last_seq operator(pg_catalog.+) case when p_new_entry then 1 else 0 end,
         active_at = case when p_new_entry then pg_catalog.now() else active_at end
   where article_id operator(pg_catalog.=) p_article_id
  returning *
$$;
revoke execute on function private.live_next_revision(uuid, boolean) from public;

-- Readers see a change of a public coverage: the kept pages are dropped and the edge purged: the
-- article's page and update checks, and when the front page's mark changes (a key event, a pin,
-- the state) the front page and the offline edition. A plain entry leaves the edge's edition as it
-- was (a snapshot readers take for the road; it follows the next key event), so an entry every
-- ten seconds does not rebuild it at the edge every ten seconds.
create function private.live_changed(p_article_id uuid, p_front boolean) returns void
language plpgsql security definer set search_path = '' as $$
declare
  a public.articles;
begin
  select * into a from public.articles where id = p_article_id;
  if found and private.article_is_public(a.status, a.published_at) then
    perform private.record_public_change(
      array['article-' || a.id] || case when p_front then array['front', 'edition'] else '{}'::text[] end,
      pg_catalog.jsonb_build_object('article-' || a.id, pg_catalog.jsonb_build_array(a.slug)));
  end if;
end $$;
revoke execute on function private.live_changed(uuid, boolean) from public;

-- A body, trimmed, as the entries take it; a clear refusal otherwise.
create function private.live_body(p_body text) returns text
language plpgsql immutable set search_path = '' as $$
declare
  body text := pg_catalog.btrim(coalesce(p_body, ''), E' \t\r\n');
begin
  if pg_catalog.char_length(body) not between 1 and 1000 then
    raise exception 'Une entrée fait de 1 à 1 000 caractères (celle-ci en a %).', pg_catalog.char_length(body)
      using errcode = '22023', detail = 'body';
  end if;
  return body;
end $$;
revoke execute on function private.live_body(text) from public;

-- The entry an author (or an administrator) may change, read again once its coverage's lock is
-- held (a deletion committed meanwhile is refused, not overwritten), carrying the revision of this
-- change (the coverage's next). Refusals in French.
create function private.live_entry_for_change(p_id uuid) returns public.live_entries
language plpgsql volatile security definer set search_path = '' as $$
declare
  e public.live_entries;
  c public.live_coverages;
begin
  perform private.require_newsroom();
  select * into e from public.live_entries where id = p_id;
  if found and not private.is_admin() and e.author_id is distinct from auth.uid() and auth.role() is distinct from 'service_role' then
    raise exception 'Seuls son auteur et les administrateurs peuvent modifier cette entrée.' using errcode = '42501', detail = 'not_author';
  end if;
  if found then
    c := private.live_next_revision(e.article_id, false);
    select * into e from public.live_entries where id = p_id;
  end if;
  if e.id is null or e.deleted_at is not null then
    raise exception 'Cette entrée n''existe pas ou a été supprimée.' using errcode = 'P0002', detail = 'entry';
  end if;
  e.revision := c.revision;
  return e;
end $$;
revoke execute on function private.live_entry_for_change(uuid) from public;

create function private.require_admin_live() returns void
language plpgsql stable set search_path = '' as $$
begin
  if not private.is_admin() and auth.role() is distinct from 'service_role' then
    raise exception 'Seuls les administrateurs épinglent, marquent les points clés, mettent en pause et terminent un direct.'
      using errcode = '42501', detail = 'admins_only';
  end if;
end $$;
revoke execute on function private.require_admin_live() from public;

create function public.live_post(p_id uuid, p_article_id uuid, p_body text, p_image_url text default null, p_image_alt text default null)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_body text;
  c public.live_coverages;
  e public.live_entries;
  idle boolean;
begin
  perform private.require_newsroom();
  v_body := private.live_body(p_body);
  if p_id is null then
    raise exception 'live_post: p_id (the entry''s id, made by the client) is required' using errcode = '22004';
  end if;
  -- The coverage's lock first: a retry racing its first try waits here, then finds the entry.
  select * into c from public.live_coverages where article_id = p_article_id for update;
  if not found or not private.live_visible(p_article_id) then
    raise exception 'Cet article n''est pas un direct.' using errcode = 'P0002', detail = 'not_live';
  end if;
  select * into e from public.live_entries where id = p_id;
  if found then
    if e.article_id <> p_article_id or e.author_id is distinct from auth.uid() then
      raise exception 'live_post: this entry id is already used' using errcode = '23505', detail = 'id_taken';
    end if;
    return private.live_entry_json(e);
  end if;
  idle := private.live_idle_since(c, (select a from public.articles a where a.id = p_article_id)) is not null;
  if c.state = 'closed' or idle then
    raise exception 'Ce direct est terminé : rouvrez-le pour publier.' using errcode = '22023', detail = 'closed';
  elsif c.state = 'paused' then
    raise exception 'Ce direct est en pause : reprenez-le pour publier.' using errcode = '22023', detail = 'paused';
  end if;
  c := private.live_next_revision(p_article_id, true);
  insert into public.live_entries (id, article_id, seq, revision, author_id, body, image_url, image_alt)
  values (p_id, p_article_id, c.last_seq, c.revision, auth.uid(), v_body, nullif(p_image_url, ''), nullif(p_image_alt, ''))
  returning * into e;
  perform private.live_changed(p_article_id, false);
  return private.live_entry_json(e);
end $$;

-- An edit: a « Retouche » (p_correction null: silent) or a « Correction » (shown under the entry and
-- listed on /corrections when readers can see the coverage). Edits stay open after the close: a
-- newsroom corrects what it published.
create function public.live_edit(p_id uuid, p_body text, p_correction text default null, p_image_url text default null, p_image_alt text default null)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  e public.live_entries := private.live_entry_for_change(p_id);
  v_body text := private.live_body(p_body);
  note text := nullif(pg_catalog.btrim(coalesce(p_correction, ''), E' \t\r\n'), '');
begin
  if p_correction is not null and note is null then
    raise exception 'Une correction dit ce qui a été corrigé.' using errcode = '22023', detail = 'correction';
  end if;
  if pg_catalog.char_length(note) > 500 then
    raise exception 'Une correction fait au plus 500 caractères.' using errcode = '22023', detail = 'correction';
  end if;
  update public.live_entries
     set body = v_body, image_url = nullif(p_image_url, ''), image_alt = nullif(p_image_alt, ''),
         correction = coalesce(note, correction), corrected_at = case when note is null then corrected_at else pg_catalog.now() end,
         revision = e.revision, updated_at = pg_catalog.now()
   where id = p_id
  returning * into e;
  if note is not null and exists (select 1 from public.articles a where a.id = e.article_id and private.article_is_public(a.status, a.published_at)) then
    insert into public.article_corrections (article_id, note, corrected_at, author_id)
    values (e.article_id,
            'Entrée n° ' || e.seq || ' du direct : ' || note,
            pg_catalog.now(), auth.uid());
  end if;
  perform private.live_changed(e.article_id, e.key_event or e.pinned);
  return private.live_entry_json(e);
end $$;

create function public.live_delete(p_id uuid) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  e public.live_entries := private.live_entry_for_change(p_id);
begin
  update public.live_entries
     set body = '', image_url = null, image_alt = null, correction = null, corrected_at = null,
         key_event = false, pinned = false, deleted_at = pg_catalog.now(), updated_at = pg_catalog.now(), revision = e.revision
   where id = p_id;
  perform private.live_changed(e.article_id, e.key_event or e.pinned);
end $$;

create function public.live_mark(p_id uuid, p_key_event boolean, p_pinned boolean) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  e public.live_entries;
begin
  perform private.require_admin_live();
  e := private.live_entry_for_change(p_id);
  if coalesce(p_pinned, e.pinned) then
    update public.live_entries set pinned = false, revision = e.revision, updated_at = pg_catalog.now()
     where article_id = e.article_id and pinned and id <> p_id;
  end if;
  update public.live_entries
     set key_event = coalesce(p_key_event, key_event), pinned = coalesce(p_pinned, pinned), revision = e.revision
   where id = p_id
  returning * into e;
  perform private.live_changed(e.article_id, true);
  return private.live_entry_json(e);
end $$;

create function public.live_set_state(p_article_id uuid, p_state text, p_poll_seconds integer default null) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  c public.live_coverages;
begin
  perform private.require_admin_live();
  if p_state is null or p_state not in ('open', 'paused', 'closed') then
    raise exception 'live_set_state: p_state is open, paused or closed, got %', pg_catalog.quote_nullable(p_state) using errcode = '22023';
  end if;
  if p_poll_seconds is not null and not (p_poll_seconds = 0 or p_poll_seconds between 10 and 600) then
    raise exception 'La fréquence des mises à jour va de 10 secondes à 10 minutes (0 les arrête).' using errcode = '22023', detail = 'poll_seconds';
  end if;
  c := private.live_next_revision(p_article_id, false);
  if c.article_id is null then
    raise exception 'Cet article n''est pas un direct.' using errcode = 'P0002', detail = 'not_live';
  end if;
  update public.live_coverages
     set state = p_state,
         ended_at = case when p_state = 'closed' then coalesce(ended_at, pg_catalog.now()) end,
         -- Opening or resuming counts as activity: twelve more hours before it closes itself.
         active_at = case when p_state = 'closed' then active_at else pg_catalog.now() end,
         poll_seconds = coalesce(p_poll_seconds, poll_seconds)
   where article_id = p_article_id
  returning * into c;
  perform private.live_changed(p_article_id, true);
  return private.live_coverage_json(c, (select a from public.articles a where a.id = p_article_id));
end $$;

-- Stores the closing of coverages left twelve hours without an entry (readers already read them as
-- closed); the site's scheduler calls it, and the edge is purged so their pages say so.
create function public.live_close_idle() returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  closed public.live_coverages;
  n integer := 0;
begin
  for closed in
    update public.live_coverages c
       set state = 'closed', ended_at = private.live_idle_since(c, a), revision = c.revision + 1
      from public.articles a
     where a.id = c.article_id and private.live_idle_since(c, a) is not null
    returning c.*
  loop
    perform private.live_changed(closed.article_id, true);
    n := n + 1;
  end loop;
  return n;
end $$;

revoke execute on function public.live_post(uuid, uuid, text, text, text), public.live_edit(uuid, text, text, text, text),
  public.live_delete(uuid), public.live_mark(uuid, boolean, boolean), public.live_set_state(uuid, text, integer) from public, anon;
grant execute on function public.live_post(uuid, uuid, text, text, text), public.live_edit(uuid, text, text, text, text),
  public.live_delete(uuid), public.live_mark(uuid, boolean, boolean), public.live_set_state(uuid, text, integer)
  to authenticated, service_role;
revoke execute on function public.live_close_idle() from public, anon, authenticated;
grant execute on function public.live_close_idle() to service_role;
