-- The writing desk (issue 16): journalists beside administrators, articles sent for review, bylines
-- chosen among the newsroom, images with their facts, the front page as an editorial choice, drafts
-- kept on the server, and lists that sort and search in French. As before, every rule is here.

-- Text folded for matching: lower case, accents dropped with the unaccent dictionary named in
-- full (search_path is empty here). The admin searches and the authors' slugs use it.
create function private.fold(p_text text) returns text
language sql immutable parallel safe set search_path = '' as $$
  select pg_catalog.lower(extensions.unaccent('extensions.unaccent'::regdictionary, coalesce(p_text, '')))
$$;
revoke execute on function private.fold(text) from public;
grant execute on function private.fold(text) to anon, authenticated, service_role;

-- 1. Who belongs to the newsroom -----------------------------------------------------------------
-- A journalist writes and edits their own articles until they go out, uploads images and sends
-- work for review; administrators review, publish, delete and manage accounts (docs/product.md#roles).
create function private.is_journalist() returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.user_roles where user_id = auth.uid() and role = 'journalist')
$$;
create function private.is_newsroom_member(p_user_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.user_roles where user_id = p_user_id and role in ('admin', 'journalist'))
$$;
create function private.is_newsroom() returns boolean
language sql stable set search_path = '' as $$
  select private.is_newsroom_member(auth.uid())
$$;
revoke execute on function private.is_journalist(), private.is_newsroom_member(uuid), private.is_newsroom() from public;
grant execute on function private.is_journalist(), private.is_newsroom_member(uuid), private.is_newsroom()
  to anon, authenticated, service_role;

create function private.require_newsroom() returns void
language plpgsql stable set search_path = '' as $$
begin
  if not private.is_newsroom() and auth.role() is distinct from 'service_role' then
    raise exception 'newsroom members only' using errcode = '42501';
  end if;
end $$;
revoke execute on function private.require_newsroom() from public;
grant execute on function private.require_newsroom() to authenticated, service_role;

-- 2. "À relire" -------------------------------------------------------------------------------
-- A fourth status, 'review': not public, like a draft, and waiting for an administrator.
alter table public.articles drop constraint articles_status_check;
alter table public.articles add constraint articles_status_check
  check (status in ('draft', 'review', 'scheduled', 'published'));

-- Public means published or scheduled and due: 'review' is as private as 'draft'. Still inlinable
-- (no SET clause, every operator qualified) and matching the partial indexes' predicate.
create or replace function private.article_is_public(p_status text, p_published_at timestamptz) returns boolean
language sql stable parallel safe as $$
  select p_status operator(pg_catalog.=) any ('{published,scheduled}'::text[])
     and p_published_at operator(pg_catalog.<=) pg_catalog.now()
$$;
drop index public.articles_published_idx;
drop index public.articles_category_published_idx;
create index articles_published_idx on public.articles (published_at desc) where status = any ('{published,scheduled}'::text[]);
create index articles_category_published_idx on public.articles (category_id, published_at desc)
  where status = any ('{published,scheduled}'::text[]);
create index articles_author_published_idx on public.articles (author_id, published_at desc)
  where status = any ('{published,scheduled}'::text[]);

-- 3. Headlines that fit a front page, and the mode an article is written in ---------------------
-- 150 characters: the form counts against this limit. NOT VALID keeps older long headlines
-- readable; the next save of such an article asks for a shorter one.
alter table public.articles drop constraint articles_title_check;
alter table public.articles add constraint articles_title_check
  check (char_length(btrim(title)) between 1 and 150) not valid;
-- The editor reopens an article in the mode it was written in (formatted text or HTML).
alter table public.articles add column editor_mode text not null default 'rich' check (editor_mode in ('rich', 'html'));
grant insert (editor_mode), update (editor_mode) on public.articles to authenticated;

-- 4. Rules on every write ---------------------------------------------------------------------
create or replace function private.article_rules() returns trigger
language plpgsql set search_path = '' as $$
declare
  trusted boolean := auth.role() is not distinct from 'service_role' or current_user = 'postgres';
begin
  if new.status in ('draft', 'review') then
    new.published_at := null;
  elsif new.status = 'published' then
    if new.published_at is null or new.published_at > pg_catalog.now() then
      new.published_at := pg_catalog.now();
    end if;
  elsif new.status = 'scheduled' and new.published_at is null then
    raise exception 'a scheduled article needs its publication time (published_at)' using errcode = '23502';
  end if;
  if tg_op = 'INSERT' then
    new.version := 1;
  else
    -- API roles cannot write updated_at (column grants); an explicit value comes from maintenance.
    if new.updated_at is not distinct from old.updated_at then
      new.updated_at := pg_catalog.now();
    end if;
    if new.version is distinct from old.version then
      raise exception 'article % was saved by someone else since version %', old.id, new.version
        using errcode = 'PT409', detail = 'stale_version',
              hint = format('Reload the article (now at version %s) before saving.', old.version);
    end if;
    new.version := old.version + 1;
  end if;
  -- The byline: an administrator signs an article with any newsroom member's name (a
  -- correspondent's piece); a journalist only with their own (also held by the row policies).
  if (tg_op = 'INSERT' or new.author_id is distinct from old.author_id) and not trusted then
    -- Outside the newsroom nobody writes articles: refused as the row policies would refuse it
    -- (this trigger runs before them), not as a byline problem.
    if not private.is_newsroom() then
      raise exception 'only the newsroom writes articles' using errcode = '42501';
    end if;
    if not private.is_admin() and new.author_id is distinct from auth.uid() then
      raise exception 'only administrators sign an article with another name' using errcode = '42501';
    end if;
    if new.author_id is null or not private.is_newsroom_member(new.author_id) then
      raise exception 'the author must be a member of the newsroom' using errcode = '23514', detail = 'author_not_newsroom';
    end if;
  end if;
  -- Going out (published, or scheduled) needs the alternative text of every image.
  if new.status in ('published', 'scheduled') and tg_op = 'UPDATE'
     and exists (select 1 from public.article_images i where i.article_id = new.id and i.alt_text is null) then
    raise exception 'every image needs its alternative text before the article goes out'
      using errcode = '23514', detail = 'alt_text_required';
  end if;
  return new;
end $$;
revoke execute on function private.article_rules() from public;

grant update (author_id) on public.articles to authenticated;

-- Who may edit an article now: administrators any; a journalist their own until it goes out.
create function private.can_edit_article(p_article_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select private.is_admin() or (private.is_journalist() and exists (
    select 1 from public.articles a
    where a.id = p_article_id and a.author_id = auth.uid() and a.status in ('draft', 'review')))
$$;
revoke execute on function private.can_edit_article(uuid) from public;
grant execute on function private.can_edit_article(uuid) to authenticated, service_role;

create policy "journalists read their own articles" on public.articles for select to authenticated
  using (author_id = auth.uid() and private.is_journalist());
create policy "journalists write their own drafts" on public.articles for insert to authenticated
  with check (private.is_journalist() and author_id = auth.uid() and status in ('draft', 'review'));
create policy "journalists edit their own drafts" on public.articles for update to authenticated
  using (private.is_journalist() and author_id = auth.uid() and status in ('draft', 'review'))
  with check (private.is_journalist() and author_id = auth.uid() and status in ('draft', 'review'));
create policy "journalists delete their own drafts" on public.articles for delete to authenticated
  using (private.is_journalist() and author_id = auth.uid() and status in ('draft', 'review'));
-- The administrators' insert policy no longer ties the byline to the signed-in admin (the trigger
-- checks the byline is a newsroom member's).
drop policy "admins write articles as themselves" on public.articles;
create policy "admins write articles" on public.articles for insert to authenticated with check (private.is_admin());

create policy "journalists read the history of their articles" on public.article_revisions for select to authenticated
  using (private.is_journalist() and exists (select 1 from public.articles a where a.id = article_id and a.author_id = auth.uid()));

-- Revisions record the byline too, so the history shows a change of author and can restore it.
alter table public.article_revisions add column author_id uuid references public.profiles (user_id) on delete set null;
update public.article_revisions r set author_id = a.author_id
  from public.articles a where a.id = r.article_id and exists (select 1 from public.profiles p where p.user_id = a.author_id);

create or replace function private.record_revision() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  editor uuid := auth.uid();
  author uuid := new.author_id;
begin
  -- A save that changes none of these (the same form saved twice, a touch of updated_at) still
  -- bumps the version, but leaves the history as it was: there is nothing to show or restore.
  -- Nor does the byline cleared when its author's account is deleted (the API never clears it):
  -- that account's name leaves every revision at the same moment, so there is nothing to compare.
  if tg_op = 'UPDATE'
     and (new.title, new.slug, new.excerpt, new.content, new.image_url, new.category_id, new.status, new.published_at,
          coalesce(new.author_id, old.author_id))
         is not distinct from
         (old.title, old.slug, old.excerpt, old.content, old.image_url, old.category_id, old.status, old.published_at, old.author_id) then
    return null;
  end if;
  if editor is not null and not exists (select 1 from public.profiles where user_id = editor) then
    editor := null;
  end if;
  if author is not null and not exists (select 1 from public.profiles where user_id = author) then
    author := null;
  end if;
  insert into public.article_revisions (article_id, version, title, slug, excerpt, content, image_url, category_id, status, published_at, editor_id, author_id)
  values (new.id, new.version, new.title, new.slug, new.excerpt, new.content, new.image_url, new.category_id, new.status, new.published_at, editor, author);
  return null;
end $$;
revoke execute on function private.record_revision() from public;

-- The permanent-link rule read "not a draft" as "was public"; 'review' was never public either.
create or replace function private.remember_slug() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.slug = old.slug then
    return null;
  end if;
  -- Readers saw the article under its old slug if it is public now, or was while one of its
  -- revisions with that slug was the article (from that save until the next one): a link shared
  -- then must keep working, even after an unpublish, a rename and a new publication.
  if private.article_is_public(old.status, old.published_at)
     or exists (
       select 1
       from (select r.slug, r.status, r.published_at, lead(r.created_at) over (order by r.id) as replaced_at
             from public.article_revisions r
             where r.article_id = old.id) r
       where r.slug = old.slug and r.status in ('published', 'scheduled')
         and r.published_at <= coalesce(r.replaced_at, pg_catalog.now())) then
    insert into public.article_slugs (slug, article_id) values (old.slug, old.id)
      on conflict (slug) do update set article_id = excluded.article_id, retired_at = excluded.retired_at;
  end if;
  return null;
end $$;

-- Who is editing an article: every newsroom member may announce it and see it.
drop policy "admins see who edits an article" on realtime.messages;
drop policy "admins announce they edit an article" on realtime.messages;
create policy "the newsroom sees who edits an article" on realtime.messages for select to authenticated
  using (realtime.topic() like 'article-edit:%' and realtime.messages.extension = 'presence' and private.is_newsroom());
create policy "the newsroom announces who edits an article" on realtime.messages for insert to authenticated
  with check (realtime.topic() like 'article-edit:%' and realtime.messages.extension = 'presence' and private.is_newsroom());

-- The dashboard, for the whole newsroom: what is public, waiting for its moment, waiting for review.
create or replace function public.dashboard_stats() returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  counts record;
begin
  perform private.require_newsroom();
  -- The article figures in one scan of the table.
  select count(*) as total_articles,
         count(*) filter (where private.article_is_public(a.status, a.published_at)) as published,
         count(*) filter (where a.status = 'scheduled' and a.published_at > pg_catalog.now()) as scheduled,
         count(*) filter (where a.status = 'review') as to_review,
         count(*) filter (where a.status = 'draft') as drafts
    into counts
    from public.articles a;
  return jsonb_build_object(
    'total_articles', counts.total_articles,
    'published', counts.published,
    'scheduled', counts.scheduled,
    'to_review', counts.to_review,
    'drafts', counts.drafts,
    'total_views', (select coalesce(sum(view_count), 0) from public.article_view_counts),
    'daily', (
      select jsonb_agg(jsonb_build_object('day', d.day::date, 'page_views', coalesce(p.n, 0)) order by d.day)
      from generate_series(date_trunc('day', now()) - interval '13 days', date_trunc('day', now()), interval '1 day') as d(day)
      left join (select date_trunc('day', created_at) as day, count(*) as n from public.page_views
                 where created_at >= date_trunc('day', now()) - interval '13 days' group by 1) p on p.day = d.day));
end $$;

-- 5. Images with their facts ------------------------------------------------------------------
-- Caption and credit shown to readers, alternative text for those who cannot see the image, and
-- the order the editor gives them (the carousel's). The main image stays articles.image_url.
alter table public.article_images
  add column caption text check (char_length(caption) <= 300),
  add column credit text check (char_length(credit) <= 120),
  add column alt_text text check (char_length(alt_text) <= 250),
  add column position integer not null default 0 check (position >= 0);
drop index public.article_images_article_idx;
create index article_images_article_idx on public.article_images (article_id, position, created_at);
grant insert (caption, credit, alt_text, position), update (caption, credit, alt_text, position) on public.article_images to authenticated;

drop policy "admins add images" on public.article_images;
drop policy "admins remove images" on public.article_images;
create policy "editors add images" on public.article_images for insert to authenticated
  with check (private.can_edit_article(article_id));
create policy "editors describe images" on public.article_images for update to authenticated
  using (private.can_edit_article(article_id)) with check (private.can_edit_article(article_id));
create policy "editors remove images" on public.article_images for delete to authenticated
  using (private.can_edit_article(article_id));

-- An image of an article that is out (or due) must say what it shows.
create function private.image_rules() returns trigger
language plpgsql set search_path = '' as $$
begin
  -- Blank is none, whatever the blank: a tab, a line break or a non-breaking space describes nothing.
  new.caption := nullif(pg_catalog.btrim(new.caption, E' \t\n\r\u00a0\u202f'), '');
  new.credit := nullif(pg_catalog.btrim(new.credit, E' \t\n\r\u00a0\u202f'), '');
  new.alt_text := nullif(pg_catalog.btrim(new.alt_text, E' \t\n\r\u00a0\u202f'), '');
  if new.alt_text is null and exists (
    select 1 from public.articles a where a.id = new.article_id and a.status in ('published', 'scheduled')) then
    raise exception 'every image needs its alternative text before the article goes out'
      using errcode = '23514', detail = 'alt_text_required';
  end if;
  return new;
end $$;
revoke execute on function private.image_rules() from public;
create trigger image_rules before insert or update on public.article_images
  for each row execute function private.image_rules();

-- The main image's alternative text for cards: articles.image_alt as a PostgREST computed field
-- (select=id,title,image_url,image_alt), read under the caller's RLS on images.
create function public.image_alt(a public.articles) returns text
language sql stable security invoker set search_path = '' as $$
  select i.alt_text from public.article_images i
  where i.article_id = a.id and i.image_url = a.image_url
  order by i.position, i.created_at limit 1
$$;
revoke execute on function public.image_alt(public.articles) from public, anon, authenticated, service_role;
grant execute on function public.image_alt(public.articles) to anon, authenticated, service_role;

create or replace function private.article_card(a public.articles, c public.categories) returns jsonb
language sql stable set search_path = '' as $$
  select jsonb_build_object(
    'id', a.id, 'slug', a.slug, 'title', a.title, 'excerpt', a.excerpt, 'image_url', a.image_url,
    'image_alt', public.image_alt(a), 'published_at', a.published_at,
    'category', case when c.id is null then null else jsonb_build_object('name', c.name, 'slug', c.slug) end)
$$;

-- Journalists upload images too. A file shown by an article is changed only through that article:
-- nobody but an administrator overwrites a stored file (the editor never does: every upload has a
-- new name), and a journalist deletes only files they uploaded that no article they may not edit
-- shows (main image, image rows or text, renditions included), so a published photo cannot be
-- swapped or removed without review.
create function private.image_file_editable(p_name text) returns boolean
language sql stable security definer set search_path = '' as $$
  with master as (select '/article-images/' || pg_catalog.regexp_replace(p_name, '\.w[0-9]+\.webp$', '.webp') as path)
  select not exists (
      select 1 from public.article_images i, master m
      where pg_catalog.strpos(i.image_url, m.path) > 0 and not private.can_edit_article(i.article_id))
    and not exists (
      select 1 from public.articles a, master m
      where (pg_catalog.strpos(coalesce(a.image_url, ''), m.path) > 0 or pg_catalog.strpos(a.content, m.path) > 0)
        and not private.can_edit_article(a.id))
$$;
revoke execute on function private.image_file_editable(text) from public;
grant execute on function private.image_file_editable(text) to authenticated, service_role;

drop policy "article images: admins list" on storage.objects;
drop policy "article images: admins upload" on storage.objects;
drop policy "article images: admins replace" on storage.objects;
drop policy "article images: admins delete" on storage.objects;
create policy "article images: newsroom lists" on storage.objects for select to authenticated
  using (bucket_id = 'article-images' and private.is_newsroom());
create policy "article images: newsroom uploads" on storage.objects for insert to authenticated
  with check (bucket_id = 'article-images' and private.is_newsroom());
create policy "article images: admins replace" on storage.objects for update to authenticated
  using (bucket_id = 'article-images' and private.is_admin())
  with check (bucket_id = 'article-images' and private.is_admin());
create policy "article images: admins or uploader delete" on storage.objects for delete to authenticated
  using (bucket_id = 'article-images' and (private.is_admin() or (
    private.is_journalist() and owner_id = auth.uid()::text and private.image_file_editable(name))));

-- 6. The front page ---------------------------------------------------------------------------
-- Rank 1 leads the home page ("À la une"); ranks 2 to 4 are the top stories, in order. An
-- administrator's choice; without a pin (or while the pinned story is not public) the newest
-- article leads, as before.
create table public.front_page (
  rank smallint primary key check (rank between 1 and 4),
  article_id uuid not null unique references public.articles (id) on delete cascade,
  pinned_at timestamptz not null default now(),
  pinned_by uuid references auth.users (id) on delete set null default auth.uid()
);
alter table public.front_page enable row level security;
-- Hosted Supabase grants new tables to anon and authenticated by default: take that back first.
revoke all on public.front_page from anon, authenticated, service_role;
-- Readers learn the order, not which administrator pinned.
grant select (rank, article_id) on public.front_page to anon;
grant select on public.front_page to authenticated;
grant insert (rank, article_id), update (rank, article_id), delete on public.front_page to authenticated;
grant all on public.front_page to service_role;
-- Readers see the pins of articles they can see (a pinned scheduled story stays secret until due).
create policy "pins of visible articles" on public.front_page for select
  using (exists (select 1 from public.articles a where a.id = article_id and private.article_is_public(a.status, a.published_at)));
create policy "admins read pins" on public.front_page for select to authenticated using (private.is_admin());
create policy "admins pin" on public.front_page for insert to authenticated with check (private.is_admin());
create policy "admins repin" on public.front_page for update to authenticated using (private.is_admin()) with check (private.is_admin());
create policy "admins unpin" on public.front_page for delete to authenticated using (private.is_admin());

create or replace function public.home_page(p_per_category integer default 10) returns jsonb
language sql stable security invoker set search_path = '' as $$
  -- The lead story's card is built here, once: 'featured' is that card, the lists below leave out its id.
  with lead_story as (
    select a.id, private.article_card(a, c) as card
    from (select a.* from public.articles a
          left join public.front_page f on f.article_id = a.id and f.rank = 1
          where private.article_is_public(a.status, a.published_at)
          order by f.rank nulls last, a.published_at desc limit 1) a
    left join public.categories c on c.id = a.category_id),
  top_stories as (
    select private.article_card(a, c) as card, f.rank from public.front_page f
    join public.articles a on a.id = f.article_id
    left join public.categories c on c.id = a.category_id
    where f.rank > 1 and private.article_is_public(a.status, a.published_at) and a.id not in (select id from lead_story))
  select jsonb_build_object(
    'featured', (select card from lead_story),
    'top', coalesce((select jsonb_agg(t.card order by t.rank) from top_stories t), '[]'::jsonb),
    -- The lead story is not repeated in the rows below it.
    'sections', coalesce((
      select jsonb_agg(jsonb_build_object('category', jsonb_build_object('id', c.id, 'name', c.name, 'slug', c.slug),
                                          'articles', s.articles) order by c.name)
      from public.categories c
      cross join lateral (
        select jsonb_agg(private.article_card(a, c) order by a.published_at desc) as articles
        from (select * from public.articles a
              where a.category_id = c.id and private.article_is_public(a.status, a.published_at)
                and a.id not in (select id from lead_story)
              order by a.published_at desc
              limit least(greatest(coalesce(p_per_category, 10), 1), 20)) a
      ) s
      where s.articles is not null), '[]'::jsonb))
$$;

-- 7. Authors' pages ---------------------------------------------------------------------------
-- /auteur/<slug>: made from the name (accents dropped, as article slugs) the first time there is
-- one, unique with a number, then kept: a renamed author's shared links keep working.
alter table public.profiles add column slug text unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(slug) <= 140);

create function private.profile_slug() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  base text;
  candidate text;
  n integer := 1;
begin
  if new.full_name is null or new.slug is not null then
    return new;
  end if;
  base := left(pg_catalog.btrim(pg_catalog.regexp_replace(private.fold(new.full_name), '[^a-z0-9]+', '-', 'g'), '-'), 120);
  base := pg_catalog.btrim(base, '-');
  if base = '' then
    return new;
  end if;
  candidate := base;
  while exists (select 1 from public.profiles p where p.slug = candidate and p.user_id <> new.user_id) loop
    n := n + 1;
    candidate := base || '-' || n;
  end loop;
  new.slug := candidate;
  return new;
end $$;
revoke execute on function private.profile_slug() from public;
create trigger profiles_slug before insert or update of full_name on public.profiles
  for each row execute function private.profile_slug();
-- After profiles_clean_name (triggers fire in name order: "profiles_clean_name" < "profiles_slug").
update public.profiles set full_name = full_name where slug is null and full_name is not null;

-- Bylines now carry the author page's address and the author's short presentation.
create or replace view public.bylines with (security_invoker = false) as
  select p.id, p.user_id, p.full_name, p.avatar_url, p.slug, p.bio
  from public.profiles p
  where exists (select 1 from public.articles a
                where a.author_id = p.user_id and private.article_is_public(a.status, a.published_at));

-- 8. Drafts kept on the server ----------------------------------------------------------------
-- The editor's unsaved form for an existing article, per person: saved every few seconds while
-- writing, restored on the next visit, and never seen by readers nor touching the article until
-- "Enregistrer". The article's version it started from tells whether it is still current.
create table public.article_drafts (
  article_id uuid not null references public.articles (id) on delete cascade,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  base_version integer not null,
  data jsonb not null check (jsonb_typeof(data) = 'object' and pg_column_size(data) <= 450000),
  saved_at timestamptz not null default now(),
  primary key (article_id, user_id)
);
alter table public.article_drafts enable row level security;
revoke all on public.article_drafts from anon, authenticated, service_role;
grant select, delete on public.article_drafts to authenticated;
-- update (article_id) too: an upsert (on conflict do update) sets every column it inserts, so
-- without it the editor's autosave is refused; the policy keeps the row on an article its owner edits.
grant insert (article_id, base_version, data), update (article_id, base_version, data) on public.article_drafts to authenticated;
grant all on public.article_drafts to service_role;
create policy "own drafts of editable articles" on public.article_drafts for all to authenticated
  using (user_id = auth.uid()) with check (user_id = auth.uid() and private.can_edit_article(article_id));

create function private.touch_draft() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.saved_at := pg_catalog.now();
  return new;
end $$;
revoke execute on function private.touch_draft() from public;
create trigger article_drafts_touch before insert or update on public.article_drafts
  for each row execute function private.touch_draft();

-- 9. The users screen -------------------------------------------------------------------------
-- Each account with its e-mail and roles, for administrators only: auth.users is not exposed, so
-- a definer function that checks the caller reads it, and a view lets PostgREST filter, sort and
-- page it like a table (GET /accounts?search_key=ilike.*diallo*&order=full_name).
create function private.account_directory()
returns table (id uuid, user_id uuid, email text, full_name text, avatar_url text, roles text[], created_at timestamptz, search_key text)
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.require_admin();
  return query
    select p.id, p.user_id, u.email::text, p.full_name, p.avatar_url,
           coalesce((select array_agg(r.role::text order by r.role) from public.user_roles r where r.user_id = p.user_id), '{}'),
           p.created_at, private.fold(coalesce(p.full_name, '') || ' ' || coalesce(u.email, ''))
    from public.profiles p join auth.users u on u.id = p.user_id;
end $$;
revoke execute on function private.account_directory() from public;
grant execute on function private.account_directory() to authenticated, service_role;

create view public.accounts with (security_invoker = true) as
  select * from private.account_directory();
revoke all on public.accounts from public, anon, authenticated, service_role;
grant select on public.accounts to authenticated, service_role;

-- 10. Lists in French -------------------------------------------------------------------------
-- Titles and category names sort as French readers expect (É with E, not after Z).
alter table public.articles alter column title type text collate "fr-x-icu";
alter table public.categories alter column name type text collate "fr-x-icu";

-- The admin list's search: the title with accents and case folded, as a computed field
-- (title_key=ilike.*senegal*); the client folds the words the same way and escapes % and _.
create function public.title_key(a public.articles) returns text
language sql immutable parallel safe set search_path = '' as $$
  select private.fold(a.title)
$$;
revoke execute on function public.title_key(public.articles) from public, anon, authenticated, service_role;
grant execute on function public.title_key(public.articles) to authenticated, service_role;

-- The « La une » screen saves the four places at once: p_article_ids[n] is rank n (null: empty).
-- One transaction (a reorder cannot be written row by row, ranks and articles being unique), so a
-- refused or interrupted save leaves the previous front page; the lock orders two admins' saves.
-- Runs as the caller: the front_page policies keep it to administrators.
create function public.set_front_page(p_article_ids uuid[]) returns void
language plpgsql volatile security invoker set search_path = '' as $$
begin
  if not private.is_admin() then
    raise exception 'administrators only' using errcode = '42501';
  end if;
  if coalesce(pg_catalog.array_length(p_article_ids, 1), 0) > 4 then
    raise exception 'set_front_page: at most 4 places' using errcode = '22023';
  end if;
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('public.front_page'));
  delete from public.front_page where rank >= 1;
  insert into public.front_page (rank, article_id)
    select t.rank, t.id from unnest(p_article_ids) with ordinality as t(id, rank) where t.id is not null;
end $$;
revoke execute on function public.set_front_page(uuid[]) from public, anon, authenticated, service_role;
grant execute on function public.set_front_page(uuid[]) to authenticated, service_role;
