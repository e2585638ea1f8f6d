-- Issue 29: a journalist listed every stored picture (the read policy asked "is a newsroom member",
-- not whose article it shows) and could copy an administrator's draft image into their own folder.
-- Reading a stored file's row (list, info, copy's source, download by listing) now follows the
-- articles: administrators read everything; another newsroom member reads their own uploads and
-- the files shown by an article that is public or that they may edit. One helper decides it for
-- every bucket, so a future bucket gets the same rule from the same policy.

-- The article a stored file belongs to is the one that shows it (main image, image rows, text):
-- its public URL (…/storage/v1/object/public/<bucket>/<name>) names it, a rendition
-- (`….w320.webp`) or share picture (`….share.jpg`) standing for its master (`….webp`,
-- src/lib/renditions.ts). The rule runs for every row of a listing and every signed-in object
-- request, over up to 100,000 articles (issue 24): each lookup below is an equality on an index,
-- never a search through the articles' URLs or texts.

-- '<bucket>/<name>' of one of our public URLs (query and fragment dropped), else null. Plain SQL
-- without SET so the planner inlines it: the expression indexes and the lookups then read alike.
-- Writers of articles and image rows evaluate it in the indexes below, hence the grant.
create function private.stored_path(p_url text) returns text
language sql immutable parallel safe as $$
  select (pg_catalog.regexp_match(p_url, '/storage/v1/(?:object|render/image)/public/([^?#]+)'))[1]
$$;
revoke execute on function private.stored_path(text) from public;
grant execute on function private.stored_path(text) to authenticated, service_role;

-- The master's '<bucket>/<name>' for a stored file (a rendition or share picture is its master's).
create function private.stored_master_path(p_bucket_id text, p_name text) returns text
language sql immutable parallel safe as $$
  select p_bucket_id operator(pg_catalog.||) '/'
    operator(pg_catalog.||) pg_catalog.regexp_replace(p_name, '\.(w[0-9]+\.webp|share\.jpg)$', '.webp')
$$;
revoke execute on function private.stored_master_path(text, text) from public;

create index articles_stored_image_idx on public.articles (private.stored_path(image_url));
create index article_images_stored_image_idx on public.article_images (private.stored_path(image_url));

-- Pictures inside an article's text: the editor's 'Insérer' records them as image rows too, but a
-- text may name any stored file (pasted HTML, an image row removed while the text kept it), so
-- the files each text names are kept here by the triggers below. Read only by the functions of
-- this migration (no API role has any privilege; RLS on, no policy).
create table private.article_text_files (
  path text not null,
  article_id uuid not null references public.articles (id) on delete cascade,
  primary key (path, article_id)
);
create index article_text_files_article_idx on private.article_text_files (article_id);
alter table private.article_text_files enable row level security;
revoke all on table private.article_text_files from public, anon, authenticated, service_role;

-- The stored files a text names, once each: quotes, spaces and tags end a URL in HTML; a
-- sentence's punctuation after a URL in plain text is not part of it.
create function private.stored_paths_in_text(p_text text) returns setof text
language sql immutable parallel safe as $$
  select distinct m[1] from pg_catalog.regexp_matches(coalesce(p_text, ''),
    '/storage/v1/(?:object|render/image)/public/([^?#"''<>[:space:]]*[^?#"''<>[:space:].,;:!)])', 'g') as m
$$;
revoke execute on function private.stored_paths_in_text(text) from public;

-- One statement's inserted or re-written texts at once (a seed or an import of thousands of
-- articles is one pass, not one trigger call per row); an update that leaves the text alone
-- (status, main image, version) costs a join of the statement's rows and nothing more.
create function private.record_text_files() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'UPDATE' then
    delete from private.article_text_files t using new_rows n join old_rows o on o.id = n.id
    where t.article_id = n.id and n.content is distinct from o.content;
    insert into private.article_text_files (path, article_id)
      select p, n.id from new_rows n join old_rows o on o.id = n.id, private.stored_paths_in_text(n.content) as p
      where n.content is distinct from o.content;
  else
    insert into private.article_text_files (path, article_id)
      select p, n.id from new_rows n, private.stored_paths_in_text(n.content) as p;
  end if;
  return null;
end $$;
revoke execute on function private.record_text_files() from public;
create trigger record_text_files_inserted after insert on public.articles
  referencing new table as new_rows for each statement execute function private.record_text_files();
create trigger record_text_files_updated after update on public.articles
  referencing old table as old_rows new table as new_rows for each statement execute function private.record_text_files();
insert into private.article_text_files (path, article_id)
  select p, a.id from public.articles a, private.stored_paths_in_text(a.content) as p;

-- The articles that show a stored file, by its master's path: three index lookups. Plain SQL
-- without SET, so it is inlined where it is read (and its plan can be EXPLAINed: catalog test).
create function private.articles_showing(p_path text) returns table (id uuid, status text, published_at timestamptz)
language sql stable parallel safe as $$
  select a.id, a.status, a.published_at from public.articles a
  where private.stored_path(a.image_url) operator(pg_catalog.=) p_path
  union all
  select a.id, a.status, a.published_at from public.article_images i join public.articles a on a.id operator(pg_catalog.=) i.article_id
  where private.stored_path(i.image_url) operator(pg_catalog.=) p_path
  union all
  select a.id, a.status, a.published_at from private.article_text_files t join public.articles a on a.id operator(pg_catalog.=) t.article_id
  where t.path operator(pg_catalog.=) p_path
$$;
revoke execute on function private.articles_showing(text) from public;

-- The one read rule of storage.objects, whatever the bucket (policy below). The articles' lookup is
-- inlined here, not a function of its own: a policy's function keeps its plan from one row to the
-- next, a function it calls is planned again for every row (2 ms each, 0.4 s for a listing of 200).
create function private.stored_file_readable(p_bucket_id text, p_name text, p_owner_id text) returns boolean
language sql stable security definer set search_path = '' as $$
  select private.is_admin()
    or (private.is_newsroom()
        and (p_owner_id = auth.uid()::text
             or exists (
               select 1 from private.articles_showing(private.stored_master_path(p_bucket_id, p_name)) a
               where private.article_is_public(a.status, a.published_at) or private.can_edit_article(a.id))))
$$;
revoke execute on function private.stored_file_readable(text, text, text) from public;
grant execute on function private.stored_file_readable(text, text, text) to authenticated, service_role;

drop policy "article images: newsroom lists" on storage.objects;
create policy "stored files: administrators, uploaders and the articles' editors read" on storage.objects
  for select to authenticated
  using (private.stored_file_readable(bucket_id, name, owner_id));

-- Uploads per journalist and day: an editor's photo is 7 files (master, 5 renditions, share
-- picture) of about 1 MB in all, so 700 files and 300 MB a day are a busy day's tenfold; a stolen or
-- rogue account cannot fill the project's storage (1 GB on the Free plan). Administrators are not
-- held to it (they manage the bucket). Counted on the files still stored: a removed file frees
-- its place.
create function private.within_upload_quota() returns boolean
language sql stable security definer set search_path = '' as $$
  select private.is_admin() or (
    select pg_catalog.count(*) < 700
       and coalesce(pg_catalog.sum(coalesce((o.metadata ->> 'size')::bigint, 0)), 0) < 300 * 1024 * 1024
    from storage.objects o
    where o.owner_id = auth.uid()::text and o.created_at > pg_catalog.now() - interval '1 day')
$$;
revoke execute on function private.within_upload_quota() from public;
grant execute on function private.within_upload_quota() to authenticated, service_role;

drop policy "article images: newsroom uploads" on storage.objects;
create policy "article images: newsroom uploads, within the daily quota" on storage.objects for insert to authenticated
  with check (bucket_id = 'article-images' and private.is_newsroom() and private.within_upload_quota());
