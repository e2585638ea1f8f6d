-- CDN purges (20261216090000_purge_queue.sql, docs/deployment.md#purges): the corrections page lists
-- each correction with its article's title and address, public articles only. A corrected article
-- renamed, retitled, unpublished or deleted changed that page too, yet only a write to the
-- corrections themselves purged it: the edge kept the withdrawn title (or the old address) on
-- /corrections for hours. Now a change to public articles also purges `corrections` when one of
-- them has a correction; a deletion always does (its corrections may already be gone with it).
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
