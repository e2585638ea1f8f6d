-- Merging the tag « La une » pinned as the home page's strip (20261220110100) moves the strip to the
-- tag its articles went to, instead of taking it away (the delete's `on delete set null`): the
-- editor's choice is kept, and its row's trigger purges `front`. merge_tags as 20261219110000_tags.sql
-- left it, with that one update.
create or replace function public.merge_tags(p_from uuid, p_into uuid) returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  gone public.tags;
  moved uuid[];
  gained integer;
begin
  if not private.is_admin() then
    raise exception 'Seuls les administrateurs fusionnent les étiquettes.' using errcode = '42501';
  end if;
  if p_from is not distinct from p_into then
    raise exception 'Choisissez deux étiquettes différentes à fusionner.' using errcode = '22023';
  end if;
  -- Both locked in one order, so two merges of the same pair wait for each other.
  perform 1 from public.tags t where t.id in (p_from, p_into) order by t.id for update;
  select * into gone from public.tags t where t.id = p_from;
  if gone.id is null or not exists (select 1 from public.tags t where t.id = p_into) then
    raise exception 'Étiquette introuvable : elle a peut-être déjà été fusionnée ou supprimée.' using errcode = 'P0002';
  end if;
  with taken as (delete from public.article_tags t where t.tag_id = p_from returning t.article_id)
  select coalesce(pg_catalog.array_agg(article_id), '{}') into moved from taken;
  insert into public.article_tags (article_id, tag_id)
  select m, p_into from pg_catalog.unnest(moved) m
  on conflict (article_id, tag_id) do nothing;
  get diagnostics gained = row_count;
  update public.tag_slugs s set tag_id = p_into where s.tag_id = p_from;
  -- The strip follows the articles (unless the other tag is hidden: then it has no page to show).
  update public.front_page_topic f set tag_id = p_into
  where f.tag_id = p_from and exists (select 1 from public.tags t where t.id = p_into and not t.hidden);
  delete from public.tags t where t.id = p_from;
  insert into public.tag_slugs (slug, tag_id) values (gone.slug, p_into);
  return gained;
end $$;
revoke execute on function public.merge_tags(uuid, uuid) from public, anon, authenticated, service_role;
grant execute on function public.merge_tags(uuid, uuid) to authenticated, service_role;
