-- "Points clés": up to three short lines that sum an article up, shown to readers above the text
-- and sent in the WhatsApp share message. Optional: an empty list is an article without them.

-- 140 characters a line: one line on a phone, and the whole message stays readable in a chat
-- bubble. A point is one line (no line break), and never blank: the editor drops empty lines, so
-- anything else is a client's mistake, refused with the constraint's name.
create function private.key_points_fit(p_points text[]) returns boolean
language sql immutable parallel safe set search_path = '' as $$
  select not exists (
    select 1 from pg_catalog.unnest(p_points) as p
    where p is null or pg_catalog.char_length(pg_catalog.btrim(p)) not between 1 and 140 or p ~ '[\r\n]')
$$;
revoke execute on function private.key_points_fit(text[]) from public;
-- Check constraints run as the writer: the roles that write articles call it.
grant execute on function private.key_points_fit(text[]) to authenticated, service_role;

alter table public.articles add column key_points text[] not null default '{}'
  constraint articles_key_points_count check (pg_catalog.cardinality(key_points) <= 3 and coalesce(pg_catalog.array_ndims(key_points), 1) = 1)
  constraint articles_key_points_length check (private.key_points_fit(key_points));
-- Written like the other fields: the row policies decide who (administrators any article, a
-- journalist their own draft or piece under review).
grant insert (key_points), update (key_points) on public.articles to authenticated;

-- Revisions keep the key points too, so a change to them alone is a change in the history.
alter table public.article_revisions add column key_points text[] not null default '{}';
update public.article_revisions r set key_points = a.key_points
  from public.articles a where a.id = r.article_id and a.version = r.version;

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
          coalesce(new.author_id, old.author_id), new.key_points)
         is not distinct from
         (old.title, old.slug, old.excerpt, old.content, old.image_url, old.category_id, old.status, old.published_at, old.author_id,
          old.key_points) then
    return null;
  end if;
  if editor is not null and not exists (select 1 from public.profiles where user_id = editor) then
    editor := null;
  end if;
  if author is not null and not exists (select 1 from public.profiles where user_id = author) then
    author := null;
  end if;
  insert into public.article_revisions
    (article_id, version, title, slug, excerpt, content, image_url, category_id, status, published_at, editor_id, author_id, key_points)
  values (new.id, new.version, new.title, new.slug, new.excerpt, new.content, new.image_url, new.category_id, new.status, new.published_at,
          editor, author, new.key_points);
  return null;
end $$;
revoke execute on function private.record_revision() from public;

-- Every image uploaded now has a share picture beside its master (`<stem>.<W>x<H>.share.jpg`,
-- 1200×630, src/lib/renditions.ts): it belongs to the same image, so a journalist may delete it
-- exactly when they may delete the master.
create or replace function private.image_file_editable(p_name text) returns boolean
language sql stable security definer set search_path = '' as $$
  with master as (
    select '/article-images/' || pg_catalog.regexp_replace(p_name, '\.(w[0-9]+\.webp|share\.jpg)$', '.webp') as path)
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
