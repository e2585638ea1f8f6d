-- Article images: public by URL (readers' <img> tags), written only by admins, images only.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('article-images', 'article-images', true, 10485760,
        array['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'])
on conflict (id) do update set public = excluded.public, file_size_limit = excluded.file_size_limit,
  allowed_mime_types = excluded.allowed_mime_types;

-- Public files are served by URL without these policies; listing needs SELECT, so only admins list.
create policy "article images: admins list" on storage.objects for select to authenticated
  using (bucket_id = 'article-images' and private.is_admin());
create policy "article images: admins upload" on storage.objects for insert to authenticated
  with check (bucket_id = 'article-images' and private.is_admin());
create policy "article images: admins replace" on storage.objects for update to authenticated
  using (bucket_id = 'article-images' and private.is_admin())
  with check (bucket_id = 'article-images' and private.is_admin());
create policy "article images: admins delete" on storage.objects for delete to authenticated
  using (bucket_id = 'article-images' and private.is_admin());
