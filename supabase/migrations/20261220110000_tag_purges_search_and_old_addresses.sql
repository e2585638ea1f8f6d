-- Purges when a tag moves (issue 42, docs/deployment.md#purges), two gaps of 20261219110000_tags.sql:
-- 1. The search page lists the countries and topics its words name (src/public/api/search.ts): a
--    tag made, renamed, hidden or merged away now purges `search` too.
-- 2. A merged tag's old address answers 301 to the tag its articles went to, and that 301 carries
--    the target tag's key (src/server/routes/pageKeys.ts). When the address changes hands (a new tag
--    made at it takes it: tag_takes_its_address; or it is moved or removed by hand), the key of the
--    tag it led to and of the tag it leads to now, with the slug, are queued: the kept 301 goes.

-- 1. As 20261219110000, with `search`.
create or replace function private.tags_public_change() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  keys text[] := '{}';
  part text[];
  slugs jsonb := '{}';
  part_slugs jsonb;
  shown uuid[];
begin
  if tg_op in ('UPDATE', 'DELETE') then
    select pg_catalog.array_agg('tag-' || o.id), pg_catalog.jsonb_object_agg('tag-' || o.id, pg_catalog.jsonb_build_array(o.slug))
      into part, part_slugs from old_rows o;
    keys := keys || coalesce(part, '{}');
    slugs := slugs || coalesce(part_slugs, '{}');
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    select pg_catalog.array_agg('tag-' || n.id),
           pg_catalog.jsonb_object_agg('tag-' || n.id, coalesce(slugs -> ('tag-' || n.id), '[]') || pg_catalog.jsonb_build_array(n.slug))
      into part, part_slugs from new_rows n;
    keys := keys || coalesce(part, '{}');
    slugs := slugs || coalesce(part_slugs, '{}');
  end if;
  if tg_op = 'UPDATE' then
    select pg_catalog.array_agg(n.id) into shown from new_rows n join old_rows o on o.id = n.id
    where n.name is distinct from o.name or n.hidden is distinct from o.hidden or n.kind is distinct from o.kind;
    if shown is not null then
      select keys || coalesce(pg_catalog.array_agg('article-' || a.id), '{}') into keys
      from public.article_tags t join public.articles a on a.id = t.article_id
      where t.tag_id = any(shown) and private.article_is_public(a.status, a.published_at);
    end if;
  end if;
  perform private.record_public_change(keys || array['feeds', 'search', '404'], slugs);
  return null;
end $$;
revoke execute on function private.tags_public_change() from public;

-- 2. An old address changed hands: the tags it led to before and after, at that slug.
create function private.tag_slugs_public_change() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  moved jsonb := '{}';
  part jsonb;
begin
  if tg_op in ('UPDATE', 'DELETE') then
    select pg_catalog.jsonb_object_agg(s.key, s.slugs) into part
    from (select 'tag-' || o.tag_id as key, pg_catalog.jsonb_agg(distinct o.slug) as slugs from old_rows o group by o.tag_id) s;
    moved := moved || coalesce(part, '{}');
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    select pg_catalog.jsonb_object_agg(s.key, coalesce(moved -> s.key, '[]') || s.slugs) into part
    from (select 'tag-' || n.tag_id as key, pg_catalog.jsonb_agg(distinct n.slug) as slugs from new_rows n group by n.tag_id) s;
    moved := moved || coalesce(part, '{}');
  end if;
  if moved = '{}' then
    return null;
  end if;
  perform private.record_public_change(array(select pg_catalog.jsonb_object_keys(moved)) || array['404'], moved);
  return null;
end $$;
revoke execute on function private.tag_slugs_public_change() from public;
create trigger public_change_insert after insert on public.tag_slugs
  referencing new table as new_rows for each statement execute function private.tag_slugs_public_change();
create trigger public_change_update after update on public.tag_slugs
  referencing old table as old_rows new table as new_rows for each statement execute function private.tag_slugs_public_change();
create trigger public_change_delete after delete on public.tag_slugs
  referencing old table as old_rows for each statement execute function private.tag_slugs_public_change();
