-- Issue 29: a journalist listed every stored picture (the read policy asked "is a newsroom member",
-- not whose article it shows) and could copy an administrator's draft image into their own folder.
-- Reading a stored file's row (list, info, copy's source, download by listing) now follows the
-- articles: administrators read everything; another newsroom member reads their own uploads and
-- the files shown by an article that is public or that they may edit. One helper decides it for
-- every bucket, so a future bucket gets the same rule from the same policy.

-- The article a stored file belongs to is the one that shows it (main image, image rows, text):
-- its URL contains '/<bucket>/<name>', a rendition (`….w320.webp`) or share picture (`….share.jpg`)
-- standing for its master (`….webp`, src/lib/renditions.ts).
create function private.stored_file_shown_to_me(p_bucket_id text, p_name text) returns boolean
language sql stable security definer set search_path = '' as $$
  with f as (
    select '/' || p_bucket_id || '/' || pg_catalog.regexp_replace(p_name, '\.(w[0-9]+\.webp|share\.jpg)$', '.webp') as path
  )
  select exists (
      select 1 from public.article_images i join public.articles a on a.id = i.article_id, f
      where pg_catalog.strpos(i.image_url, f.path) > 0
        and (private.article_is_public(a.status, a.published_at) or private.can_edit_article(a.id)))
    or exists (
      select 1 from public.articles a, f
      where (pg_catalog.strpos(coalesce(a.image_url, ''), f.path) > 0 or pg_catalog.strpos(a.content, f.path) > 0)
        and (private.article_is_public(a.status, a.published_at) or private.can_edit_article(a.id)))
$$;
revoke execute on function private.stored_file_shown_to_me(text, text) from public;
grant execute on function private.stored_file_shown_to_me(text, text) to authenticated, service_role;

-- The one read rule of storage.objects, whatever the bucket (policy below).
create function private.stored_file_readable(p_bucket_id text, p_name text, p_owner_id text) returns boolean
language sql stable security definer set search_path = '' as $$
  select private.is_admin()
    or (private.is_newsroom()
        and (p_owner_id = auth.uid()::text or private.stored_file_shown_to_me(p_bucket_id, p_name)))
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
