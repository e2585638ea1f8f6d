-- The newsroom's workflow (issue 11): scheduled publishing decided at read time, permanent links,
-- revisions, refusal of stale saves, public corrections, and authorship that survives an edit.
-- Every rule is here, in the database: the editor only shows what these decide.

-- 1. Scheduling ---------------------------------------------------------------------------------
-- A third status: 'scheduled' with the moment it goes out in published_at. Readers see an article
-- when it is published, or scheduled and its moment has come: decided on every read (RLS and the
-- reader's functions), so no job has to run and nothing can leak a second early. A 'published'
-- article's date is never in the future (every save as Publié stamps now, the product rule).
alter table public.articles drop constraint articles_status_check;
alter table public.articles add constraint articles_status_check check (status in ('draft', 'scheduled', 'published'));

-- Whether readers may see an article: the one definition every policy and function below uses.
-- Plain SQL the planner inlines, so the partial indexes still apply: that needs no SET clause (a
-- function with `set search_path` is never inlined), so every name and operator is qualified.
create function private.article_is_public(p_status text, p_published_at timestamptz) returns boolean
language sql stable parallel safe as $$
  select p_status operator(pg_catalog.<>) 'draft' and p_published_at operator(pg_catalog.<=) pg_catalog.now()
$$;
revoke execute on function private.article_is_public(text, timestamptz) from public;
grant execute on function private.article_is_public(text, timestamptz) to anon, authenticated, service_role;

drop index public.articles_published_idx;
drop index public.articles_category_published_idx;
create index articles_published_idx on public.articles (published_at desc) where status <> 'draft';
create index articles_category_published_idx on public.articles (category_id, published_at desc) where status <> 'draft';

-- 2. Stale saves --------------------------------------------------------------------------------
-- Each save bumps the version; a save must carry the version it was based on (the editor sends the
-- one it loaded), and one based on an older version is refused with HTTP 409 (SQLSTATE PT409,
-- which PostgREST answers as that status) instead of overwriting a colleague's work.
alter table public.articles add column version integer not null default 1 check (version >= 1);

create or replace function private.article_rules() returns trigger
language plpgsql set search_path = '' as $$
begin
  if new.status = 'draft' then
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
    -- The byline stays the article's creator whoever edits it (the editor is in the revision).
    if new.author_id is distinct from old.author_id and auth.role() is distinct from 'service_role'
       and current_user <> 'postgres' then
      raise exception 'author_id cannot be changed through the API' using errcode = '42501';
    end if;
  end if;
  return new;
end $$;
revoke execute on function private.article_rules() from public;

-- The editor sends the version it loaded; nobody re-signs an article through the API.
revoke update (author_id) on public.articles from authenticated;
grant update (version) on public.articles to authenticated;

-- 3. Reads that follow the schedule ---------------------------------------------------------------
drop policy "published articles are public" on public.articles;
create policy "published articles are public" on public.articles for select
  using (private.article_is_public(status, published_at));

drop policy "bylines of published authors" on public.profiles;
create policy "bylines of published authors" on public.profiles for select to anon
  using (exists (select 1 from public.articles a
                 where a.author_id = profiles.user_id and private.article_is_public(a.status, a.published_at)));

create or replace view public.bylines with (security_invoker = false) as
  select p.id, p.user_id, p.full_name, p.avatar_url
  from public.profiles p
  where exists (select 1 from public.articles a
                where a.author_id = p.user_id and private.article_is_public(a.status, a.published_at));

create or replace function public.record_article_view(p_article_id uuid) returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  if not exists (select 1 from public.articles a where a.id = p_article_id and private.article_is_public(a.status, a.published_at)) then
    return;
  end if;
  if private.first_read('article:' || p_article_id::text) then
    insert into public.article_views (article_id) values (p_article_id);
    insert into public.article_view_counts as c (article_id, view_count) values (p_article_id, 1)
      on conflict (article_id) do update set view_count = c.view_count + 1;
  end if;
end $$;

create or replace function public.home_page(p_per_category integer default 10) returns jsonb
language sql stable security invoker set search_path = '' as $$
  select jsonb_build_object(
    'featured', (
      select private.article_card(a, c)
      from public.articles a left join public.categories c on c.id = a.category_id
      where private.article_is_public(a.status, a.published_at)
      order by a.published_at desc limit 1),
    'sections', coalesce((
      select jsonb_agg(jsonb_build_object('category', jsonb_build_object('id', c.id, 'name', c.name, 'slug', c.slug),
                                          'articles', s.articles) order by c.name)
      from public.categories c
      cross join lateral (
        select jsonb_agg(private.article_card(a, c) order by a.published_at desc) as articles
        from (select * from public.articles a
              where a.category_id = c.id and private.article_is_public(a.status, a.published_at)
              order by a.published_at desc
              limit least(greatest(coalesce(p_per_category, 10), 1), 20)) a
      ) s
      where s.articles is not null), '[]'::jsonb))
$$;

create or replace function public.search_articles(q text, max_results integer default 30) returns jsonb
language sql stable security invoker set search_path = '' as $$
  with query as (select websearch_to_tsquery('public.french_unaccent', left(coalesce(q, ''), 200)) as tsq)
  select coalesce(jsonb_agg(r.card order by r.rank desc, r.published_at desc), '[]'::jsonb)
  from (
    select private.article_card(a, c) as card, a.published_at,
           ts_rank(private.article_document(a.title, a.excerpt, a.content), query.tsq) as rank
    from query, public.articles a left join public.categories c on c.id = a.category_id
    where private.article_is_public(a.status, a.published_at)
      and private.article_document(a.title, a.excerpt, a.content) @@ query.tsq
    order by rank desc, a.published_at desc
    limit least(greatest(coalesce(max_results, 30), 1), 100)
  ) r
$$;

-- The dashboard counts what readers see as published, and what is waiting for its moment.
create or replace function public.dashboard_stats() returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  counts record;
begin
  perform private.require_admin();
  -- The four article figures in one scan of the table.
  select count(*) as total_articles,
         count(*) filter (where private.article_is_public(a.status, a.published_at)) as published,
         count(*) filter (where a.status = 'scheduled' and a.published_at > pg_catalog.now()) as scheduled,
         count(*) filter (where a.status = 'draft') as drafts
    into counts
    from public.articles a;
  return jsonb_build_object(
    'total_articles', counts.total_articles,
    'published', counts.published,
    'scheduled', counts.scheduled,
    'drafts', counts.drafts,
    'total_views', (select coalesce(sum(view_count), 0) from public.article_view_counts),
    'daily', (
      select jsonb_agg(jsonb_build_object('day', d.day::date, 'page_views', coalesce(p.n, 0)) order by d.day)
      from generate_series(date_trunc('day', now()) - interval '13 days', date_trunc('day', now()), interval '1 day') as d(day)
      left join (select date_trunc('day', created_at) as day, count(*) as n from public.page_views
                 where created_at >= date_trunc('day', now()) - interval '13 days' group by 1) p on p.day = d.day));
end $$;

-- The analytics' active categories are those with articles readers see, scheduled ones included
-- once their moment has come (they keep the status 'scheduled'). Otherwise unchanged.
create or replace function public.analytics_summary(p_days integer default 7) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  since timestamptz;
begin
  perform private.require_admin();
  if p_days is null or p_days not between 1 and 366 then
    raise exception 'analytics_summary: p_days must be between 1 and 366' using errcode = '22023';
  end if;
  since := date_trunc('day', now()) - make_interval(days => p_days - 1);
  return jsonb_build_object(
    'period_days', p_days,
    'since', since,
    'total_page_views', (select count(*) from public.page_views where created_at >= since),
    'popular_articles', (select count(distinct article_id) from public.article_views where created_at >= since),
    'active_categories', (select count(distinct category_id) from public.articles a where a.category_id is not null and private.article_is_public(a.status, a.published_at)),
    'top_articles', coalesce((
      select jsonb_agg(t order by t.views desc, t.title)
      from (select a.id, a.title, a.slug, public.view_count(a) as view_count, count(*) as views
            from public.article_views v join public.articles a on a.id = v.article_id
            where v.created_at >= since
            group by a.id order by views desc, a.title limit 10) t), '[]'::jsonb),
    'categories', coalesce((
      select jsonb_agg(t order by t.views desc, t.name)
      from (select c.id, c.name, c.slug,
                   (select count(*) from public.articles a where a.category_id = c.id) as articles,
                   (select count(*) from public.article_views v join public.articles a on a.id = v.article_id
                     where a.category_id = c.id and v.created_at >= since) as views
            from public.categories c) t
      where t.articles > 0), '[]'::jsonb),
    'daily', (
      select jsonb_agg(jsonb_build_object('day', d.day::date, 'page_views', coalesce(p.n, 0), 'article_views', coalesce(v.n, 0)) order by d.day)
      from generate_series(since, date_trunc('day', now()), interval '1 day') as d(day)
      left join (select date_trunc('day', created_at) as day, count(*) as n from public.page_views
                 where created_at >= since group by 1) p on p.day = d.day
      left join (select date_trunc('day', created_at) as day, count(*) as n from public.article_views
                 where created_at >= since group by 1) v on v.day = d.day));
end $$;

-- 4. Permanent links ----------------------------------------------------------------------------
-- The addresses an article was public under before its slug changed. Written only by the trigger
-- below; readable exactly when the article is (so an old link of an unpublished article reveals
-- nothing, and comes back with it).
create table public.article_slugs (
  slug text primary key check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(slug) <= 200),
  article_id uuid not null references public.articles (id) on delete cascade,
  retired_at timestamptz not null default now()
);
create index article_slugs_article_idx on public.article_slugs (article_id);
alter table public.article_slugs enable row level security;
revoke all on public.article_slugs from anon, authenticated, service_role;
grant select on public.article_slugs to anon, authenticated;
grant all on public.article_slugs to service_role;
create policy "old addresses of visible articles" on public.article_slugs for select
  using (exists (select 1 from public.articles a where a.id = article_id));

create function private.remember_slug() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.slug = old.slug then
    return null;
  end if;
  -- Readers saw the article under its old slug if it is public now, or was while one of its
  -- revisions with that slug was the article (from that save until the next one): a link shared
  -- then must keep working, even after an unpublish, a rename and a new publication.
  -- A slug that goes back into use keeps its row: the reader looks for a current article first,
  -- so the row answers only when no public article has that slug (a draft that took it), and the
  -- old link still leads to the article it was shared for.
  if private.article_is_public(old.status, old.published_at)
     or exists (
       select 1
       from (select r.slug, r.status, r.published_at, lead(r.created_at) over (order by r.id) as replaced_at
             from public.article_revisions r
             where r.article_id = old.id) r
       where r.slug = old.slug and r.status <> 'draft'
         and r.published_at <= coalesce(r.replaced_at, pg_catalog.now())) then
    insert into public.article_slugs (slug, article_id) values (old.slug, old.id)
      on conflict (slug) do update set article_id = excluded.article_id, retired_at = excluded.retired_at;
  end if;
  return null;
end $$;
revoke execute on function private.remember_slug() from public;
create trigger remember_slug after update of slug on public.articles
  for each row execute function private.remember_slug();

-- 5. Revisions ----------------------------------------------------------------------------------
-- Every save that changed the article, as the database received it, with who made it. Admins
-- read them; nobody writes them but this trigger, and they go only with their article.
create table public.article_revisions (
  id bigint generated always as identity primary key,
  article_id uuid not null references public.articles (id) on delete cascade,
  version integer not null,
  title text not null,
  slug text not null,
  excerpt text,
  content text not null,
  image_url text,
  category_id uuid references public.categories (id) on delete set null,
  status text not null,
  published_at timestamptz,
  editor_id uuid references public.profiles (user_id) on delete set null,
  created_at timestamptz not null default now()
);
create index article_revisions_article_idx on public.article_revisions (article_id, created_at desc);
alter table public.article_revisions enable row level security;
revoke all on public.article_revisions from anon, authenticated, service_role;
revoke all on sequence public.article_revisions_id_seq from anon, authenticated, service_role;
grant select on public.article_revisions to authenticated;
grant all on public.article_revisions to service_role;
create policy "admins read revisions" on public.article_revisions for select to authenticated using (private.is_admin());

create function private.record_revision() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  editor uuid := auth.uid();
begin
  -- A save that changes none of these (the same form saved twice, a touch of updated_at) still
  -- bumps the version, but leaves the history as it was: there is nothing to show or restore.
  if tg_op = 'UPDATE'
     and (new.title, new.slug, new.excerpt, new.content, new.image_url, new.category_id, new.status, new.published_at)
         is not distinct from
         (old.title, old.slug, old.excerpt, old.content, old.image_url, old.category_id, old.status, old.published_at) then
    return null;
  end if;
  if editor is not null and not exists (select 1 from public.profiles where user_id = editor) then
    editor := null;
  end if;
  insert into public.article_revisions (article_id, version, title, slug, excerpt, content, image_url, category_id, status, published_at, editor_id)
  values (new.id, new.version, new.title, new.slug, new.excerpt, new.content, new.image_url, new.category_id, new.status, new.published_at, editor);
  return null;
end $$;
revoke execute on function private.record_revision() from public;
create trigger record_revision after insert or update on public.articles
  for each row execute function private.record_revision();

-- Articles written before revisions existed start their history with what they are now.
insert into public.article_revisions (article_id, version, title, slug, excerpt, content, image_url, category_id, status, published_at, editor_id, created_at)
select a.id, a.version, a.title, a.slug, a.excerpt, a.content, a.image_url, a.category_id, a.status, a.published_at,
       (select p.user_id from public.profiles p where p.user_id = a.author_id), a.updated_at
from public.articles a;

-- 6. Corrections --------------------------------------------------------------------------------
-- A correction note on a public article, shown to readers at the end of it and on /corrections.
create table public.article_corrections (
  id uuid primary key default gen_random_uuid(),
  article_id uuid not null references public.articles (id) on delete cascade,
  note text not null check (char_length(btrim(note)) between 1 and 2000),
  corrected_at timestamptz not null default now(),
  author_id uuid references auth.users (id) on delete set null default auth.uid(),
  created_at timestamptz not null default now()
);
create index article_corrections_article_idx on public.article_corrections (article_id, corrected_at);
create index article_corrections_latest_idx on public.article_corrections (corrected_at desc);
alter table public.article_corrections enable row level security;
revoke all on public.article_corrections from anon, authenticated, service_role;
grant select on public.article_corrections to anon, authenticated;
grant insert (article_id, note, corrected_at), update (note, corrected_at), delete on public.article_corrections to authenticated;
grant all on public.article_corrections to service_role;
-- Readers see the corrections of public articles only (an admin's RLS on articles sees drafts, so
-- the article's public state is checked here, not left to the articles policy).
create policy "corrections of public articles" on public.article_corrections for select
  using (exists (select 1 from public.articles a where a.id = article_id and private.article_is_public(a.status, a.published_at)));
create policy "admins read corrections" on public.article_corrections for select to authenticated using (private.is_admin());
create policy "admins correct public articles" on public.article_corrections for insert to authenticated
  with check (private.is_admin() and corrected_at <= now() + interval '1 minute'
              and exists (select 1 from public.articles a where a.id = article_id and private.article_is_public(a.status, a.published_at)));
create policy "admins edit corrections" on public.article_corrections for update to authenticated
  using (private.is_admin()) with check (private.is_admin() and corrected_at <= now() + interval '1 minute');
create policy "admins delete corrections" on public.article_corrections for delete to authenticated using (private.is_admin());

create function private.stamp_correction_author() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.author_id := coalesce(auth.uid(), new.author_id);
  return new;
end $$;
revoke execute on function private.stamp_correction_author() from public;
create trigger stamp_correction_author before insert on public.article_corrections
  for each row execute function private.stamp_correction_author();

-- 7. Who else is editing ------------------------------------------------------------------------
-- The editor joins the private Realtime channel `article-edit:<id>` and tracks its presence there:
-- administrators only may read and announce presence on those topics.
create policy "admins see who edits an article" on realtime.messages for select to authenticated
  using (realtime.topic() like 'article-edit:%' and realtime.messages.extension = 'presence' and private.is_admin());
create policy "admins announce they edit an article" on realtime.messages for insert to authenticated
  with check (realtime.topic() like 'article-edit:%' and realtime.messages.extension = 'presence' and private.is_admin());
