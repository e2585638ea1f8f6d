-- The CDN purge queue (issue 38, docs/deployment.md#purges). Every statement that moves the public
-- content version (20261207100000_public_content_version.sql) now also writes, in the same
-- transaction, which cache keys it changed and the version it produced: the site server sends them
-- to the CDN (src/server/purge/). Keys are those the server's answers carry in Surrogate-Key /
-- Cache-Tag: `article-<id>`, `category-<id>`, `author-<user id>`, `front`, `feeds`, `edition`,
-- `search`, `404`, `menu`, `corrections`, and `all` when a statement touched too many to list.
--
-- One row per statement (an import of 100,000 articles writes one row, with `all`), never lost:
-- a row leaves the queue a day after its last send. Drafts and bylines of authors with nothing
-- public still record nothing, as they move no version.

create table private.purge_queue (
  id bigint generated always as identity primary key,
  -- The content version this statement produced: an instance sends the row once it has seen it.
  version bigint not null,
  keys text[] not null check (cardinality(keys) > 0),
  -- Slugs the rows had before and after the statement, by key (`article-<id>` → slugs), for purges by
  -- address: a deleted article's address is known only here.
  slugs jsonb not null default '{}',
  created_at timestamptz not null default pg_catalog.clock_timestamp(),
  -- When an instance that had seen `version` first claimed the row: after the commit, for sure.
  seen_at timestamptz,
  -- 0: none yet; 1: sent once the sender's own kept pages were gone; 2: sent again once no instance
  -- can still prove an older version (docs/deployment.md#purges).
  sends smallint not null default 0 check (sends between 0 and 2),
  claimed_until timestamptz,
  -- Whether the claimed send is the last one (a first send late enough counts as both).
  claimed_final boolean not null default false,
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default pg_catalog.now(),
  last_error text,
  failed_at timestamptz,
  done_at timestamptz
);
create index purge_queue_pending_idx on private.purge_queue (id) where done_at is null;
create index purge_queue_done_idx on private.purge_queue (done_at) where done_at is not null;
revoke all on private.purge_queue from public, anon, authenticated, service_role;

-- More keys than this in one statement: `all` (one purge of everything beats thousands of keys).
create function private.purge_key_limit() returns integer language sql immutable set search_path = '' as 'select 500';
revoke execute on function private.purge_key_limit() from public;

-- Moves the version (as before) and queues the keys with the version it produced.
create function private.record_public_change(p_keys text[], p_slugs jsonb) returns void
language plpgsql security definer set search_path = '' as $$
declare
  wanted text[];
begin
  perform private.bump_public_content_version();
  select coalesce(pg_catalog.array_agg(distinct k order by k), '{}') into wanted from pg_catalog.unnest(p_keys) k where k is not null;
  if pg_catalog.cardinality(wanted) > private.purge_key_limit() then
    wanted := array['all'];
    p_slugs := '{}';
  end if;
  insert into private.purge_queue (version, keys, slugs)
  select v.version, wanted, coalesce(p_slugs, '{}') from private.public_content_version v;
end $$;
revoke execute on function private.record_public_change(text[], jsonb) from public;

-- An article as its keys need it.
create type private.purged_article as (id uuid, slug text, category_id uuid, author_id uuid);

-- What a change to public articles purges: each one's page, the lists that show them (their
-- categories, authors, the front page, feeds, the edition, searches) and kept 404s (a new address).
create function private.record_article_change(p_articles private.purged_article[], p_extra text[]) returns void
language plpgsql security definer set search_path = '' as $$
declare
  keys text[];
  slugs jsonb;
begin
  select pg_catalog.array_agg('article-' || a.id) || pg_catalog.array_agg('category-' || a.category_id) || pg_catalog.array_agg('author-' || a.author_id)
    into keys from pg_catalog.unnest(p_articles) a;
  select coalesce(pg_catalog.jsonb_object_agg(s.key, s.slugs), '{}') into slugs
  from (select 'article-' || a.id as key, pg_catalog.jsonb_agg(distinct a.slug) as slugs
        from pg_catalog.unnest(p_articles) a group by a.id) s;
  perform private.record_public_change(keys || array['front', 'feeds', 'edition', 'search', '404'] || p_extra, slugs);
end $$;
revoke execute on function private.record_article_change(private.purged_article[], text[]) from public;

-- The transition tables: old_rows exists for UPDATE and DELETE, new_rows for INSERT and UPDATE;
-- each is read in its own statement, reached only by the operations whose trigger has it.

-- An article counts when it is public before or after the statement: the keys of both sides. The
-- corrections page lists each correction with its article's title and address, public articles
-- only: a change to public articles also purges `corrections` when one of them has a correction,
-- and a deletion always does (its corrections may already be gone with it), so the edge never keeps
-- a withdrawn title or an old address there.
create or replace function private.articles_public_change() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  changed private.purged_article[] := '{}';
  part private.purged_article[];
  extra text[] := '{}';
begin
  if tg_op in ('UPDATE', 'DELETE') then
    select pg_catalog.array_agg(row(o.id, o.slug, o.category_id, o.author_id)::private.purged_article) into part
    from old_rows o where private.article_is_public(o.status, o.published_at);
    changed := changed || coalesce(part, '{}');
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    select pg_catalog.array_agg(row(n.id, n.slug, n.category_id, n.author_id)::private.purged_article) into part
    from new_rows n where private.article_is_public(n.status, n.published_at);
    changed := changed || coalesce(part, '{}');
  end if;
  if pg_catalog.cardinality(changed) = 0 then
    return null;
  end if;
  if tg_op = 'DELETE' or exists (
    select 1 from public.article_corrections c where c.article_id in (select a.id from pg_catalog.unnest(changed) a)
  ) then
    extra := array['corrections'];
  end if;
  perform private.record_article_change(changed, extra);
  return null;
end $$;
revoke execute on function private.articles_public_change() from public;

-- A correction, picture or front-page place of a public article: that article's keys (and the
-- corrections page; the front page's order is the front page and the edition alone).
create or replace function private.article_part_public_change() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  ids uuid[] := '{}';
  part uuid[];
  changed private.purged_article[];
begin
  if tg_op in ('UPDATE', 'DELETE') then
    select pg_catalog.array_agg(o.article_id) into part from old_rows o;
    ids := ids || coalesce(part, '{}');
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    select pg_catalog.array_agg(n.article_id) into part from new_rows n;
    ids := ids || coalesce(part, '{}');
  end if;
  -- A deletion cascading from a public article finds it gone: the article's own trigger counts it.
  select pg_catalog.array_agg(row(a.id, a.slug, a.category_id, a.author_id)::private.purged_article) into changed
  from public.articles a where a.id = any(ids) and private.article_is_public(a.status, a.published_at);
  if changed is null then
    return null;
  end if;
  if tg_table_name = 'front_page' then
    perform private.record_public_change(array['front', 'edition'], '{}');
  elsif tg_table_name = 'article_corrections' then
    perform private.record_article_change(changed, array['corrections']);
  else
    perform private.record_article_change(changed, '{}');
  end if;
  return null;
end $$;

-- Categories are all public (menu, pages, feeds); the old WordPress addresses of public articles
-- answer their 301 under the article's key (a new one was a kept 404).
create or replace function private.categories_public_change() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  keys text[] := '{}';
  part text[];
  slugs jsonb := '{}';
  part_slugs jsonb;
begin
  if tg_table_name = 'wordpress_redirects' then
    if tg_op in ('UPDATE', 'DELETE') then
      select pg_catalog.array_agg('article-' || o.article_id) into part from old_rows o
      join public.articles a on a.id = o.article_id where private.article_is_public(a.status, a.published_at);
      keys := keys || coalesce(part, '{}');
    end if;
    if tg_op in ('INSERT', 'UPDATE') then
      select pg_catalog.array_agg('article-' || n.article_id) into part from new_rows n
      join public.articles a on a.id = n.article_id where private.article_is_public(a.status, a.published_at);
      keys := keys || coalesce(part, '{}');
    end if;
    if pg_catalog.cardinality(keys) = 0 then
      -- As before: the version moves (the server's own kept answers), no edge answer changed.
      perform private.bump_public_content_version();
    else
      perform private.record_public_change(keys || array['404'], '{}');
    end if;
    return null;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    select pg_catalog.array_agg('category-' || o.id), pg_catalog.jsonb_object_agg('category-' || o.id, pg_catalog.jsonb_build_array(o.slug))
      into part, part_slugs from old_rows o;
    keys := keys || coalesce(part, '{}');
    slugs := slugs || coalesce(part_slugs, '{}');
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    select pg_catalog.array_agg('category-' || n.id),
           pg_catalog.jsonb_object_agg('category-' || n.id, coalesce(slugs -> ('category-' || n.id), '[]') || pg_catalog.jsonb_build_array(n.slug))
      into part, part_slugs from new_rows n;
    keys := keys || coalesce(part, '{}');
    slugs := slugs || coalesce(part_slugs, '{}');
  end if;
  perform private.record_public_change(keys || array['menu', 'feeds', '404'], slugs);
  return null;
end $$;

drop trigger public_change on public.categories;
create trigger public_change_insert after insert on public.categories
  referencing new table as new_rows for each statement execute function private.categories_public_change();
create trigger public_change_update after update on public.categories
  referencing old table as old_rows new table as new_rows for each statement execute function private.categories_public_change();
create trigger public_change_delete after delete on public.categories
  referencing old table as old_rows for each statement execute function private.categories_public_change();

drop trigger public_change on public.wordpress_redirects;
create trigger public_change_insert after insert on public.wordpress_redirects
  referencing new table as new_rows for each statement execute function private.categories_public_change();
create trigger public_change_update after update on public.wordpress_redirects
  referencing old table as old_rows new table as new_rows for each statement execute function private.categories_public_change();
create trigger public_change_delete after delete on public.wordpress_redirects
  referencing old table as old_rows for each statement execute function private.categories_public_change();

-- A public byline (its person wrote a public article): the author's pages and those articles'.
create or replace function private.profiles_public_change() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  people uuid[] := '{}';
  part uuid[];
  changed private.purged_article[];
begin
  if tg_op in ('UPDATE', 'DELETE') then
    select pg_catalog.array_agg(o.user_id) into part from old_rows o;
    people := people || coalesce(part, '{}');
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    select pg_catalog.array_agg(n.user_id) into part from new_rows n;
    people := people || coalesce(part, '{}');
  end if;
  select pg_catalog.array_agg(row(a.id, a.slug, a.category_id, a.author_id)::private.purged_article) into changed
  from public.articles a where a.author_id = any(people) and private.article_is_public(a.status, a.published_at);
  if changed is not null then
    perform private.record_article_change(changed, '{}');
  end if;
  return null;
end $$;

-- The sender's functions (the site server, service role key) ----------------------------------
-- Rows due, claimed for p_lease_ms by one sender (`for update skip locked`: another instance skips
-- them). A first send only for rows of a version the caller has seen (p_seen_version); a second
-- once p_second_after_ms have passed since the row was first claimed (after its commit).
create function public.purge_claim(p_seen_version bigint, p_second_after_ms integer, p_limit integer default 100, p_lease_ms integer default 30000)
returns table (id bigint, keys text[], slugs jsonb, version bigint, send smallint, final boolean)
language sql volatile security definer set search_path = '' as $$
  with due as (
    select q.id from private.purge_queue q
    where q.done_at is null and q.version <= p_seen_version
      and (q.claimed_until is null or q.claimed_until < pg_catalog.now())
      and q.next_attempt_at <= pg_catalog.now()
      and (q.sends = 0 or q.seen_at + p_second_after_ms * interval '1 millisecond' <= pg_catalog.now())
    order by q.id
    limit least(greatest(p_limit, 1), 1000)
    for update skip locked
  )
  update private.purge_queue q
     set claimed_until = pg_catalog.now() + greatest(p_lease_ms, 1000) * interval '1 millisecond',
         seen_at = coalesce(q.seen_at, pg_catalog.now()),
         claimed_final = q.sends = 1 or coalesce(q.seen_at, pg_catalog.now()) + p_second_after_ms * interval '1 millisecond' <= pg_catalog.now()
  from due where q.id = due.id
  returning q.id, q.keys, q.slugs, q.version, (q.sends + 1)::smallint, q.claimed_final
$$;

-- The claimed rows' send went out: the next one is due later, or the row is done.
create function public.purge_sent(p_ids bigint[]) returns void
language sql volatile security definer set search_path = '' as $$
  update private.purge_queue q
     set sends = case when q.claimed_final then 2 else q.sends + 1 end,
         done_at = case when q.claimed_final or q.sends >= 1 then pg_catalog.now() end,
         claimed_until = null, attempts = 0, next_attempt_at = pg_catalog.now()
  where q.id = any(p_ids) and q.done_at is null
$$;

-- The claimed rows' send failed: tried again after 1 s, 2 s, 4 s … at most 60 s (or what the CDN asked).
create function public.purge_failed(p_ids bigint[], p_error text, p_retry_after_ms integer default 0) returns void
language sql volatile security definer set search_path = '' as $$
  update private.purge_queue q
     set attempts = q.attempts + 1, last_error = pg_catalog.left(p_error, 500), failed_at = pg_catalog.now(), claimed_until = null,
         next_attempt_at = pg_catalog.now() + greatest(
           least(pg_catalog.power(2, least(q.attempts, 10)), 60) * interval '1 second',
           least(greatest(coalesce(p_retry_after_ms, 0), 0), 3600000) * interval '1 millisecond')
  where q.id = any(p_ids) and q.done_at is null
$$;

-- Rows done a day ago go; rows not done never do.
create function public.purge_prune() returns integer
language sql volatile security definer set search_path = '' as $$
  with gone as (delete from private.purge_queue q where q.done_at < pg_catalog.now() - interval '1 day' returning 1)
  select pg_catalog.count(*)::integer from gone
$$;

revoke execute on function public.purge_claim(bigint, integer, integer, integer) from public, anon, authenticated, service_role;
revoke execute on function public.purge_sent(bigint[]) from public, anon, authenticated, service_role;
revoke execute on function public.purge_failed(bigint[], text, integer) from public, anon, authenticated, service_role;
revoke execute on function public.purge_prune() from public, anon, authenticated, service_role;
grant execute on function public.purge_claim(bigint, integer, integer, integer) to service_role;
grant execute on function public.purge_sent(bigint[]) to service_role;
grant execute on function public.purge_failed(bigint[], text, integer) to service_role;
grant execute on function public.purge_prune() to service_role;

-- The dashboard's line for administrators: purges not done, those failing, those late (not fully
-- sent 30 s after their change), and the last error.
create function public.purge_status()
returns table (pending integer, failing integer, late integer, last_error text, last_failed_at timestamptz)
language plpgsql stable security definer set search_path = '' as $$
begin
  if not private.is_admin() then
    raise exception 'L''état des purges du CDN est réservé aux administrateurs.' using errcode = '42501';
  end if;
  return query
  select pg_catalog.count(*)::integer,
         (pg_catalog.count(*) filter (where q.attempts > 0))::integer,
         (pg_catalog.count(*) filter (where q.created_at < pg_catalog.now() - interval '30 seconds'))::integer,
         (select f.last_error from private.purge_queue f where f.done_at is null and f.attempts > 0 order by f.failed_at desc limit 1),
         pg_catalog.max(q.failed_at) filter (where q.attempts > 0)
  from private.purge_queue q where q.done_at is null;
end $$;
revoke execute on function public.purge_status() from public, anon, authenticated, service_role;
grant execute on function public.purge_status() to authenticated;
