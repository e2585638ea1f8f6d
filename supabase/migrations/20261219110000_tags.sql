-- Countries and topics (issue 42, docs/product.md#tags). A tag has a kind (« Pays », « Thème »,
-- « Personnalité », « Organisation »), a name, a slug chosen once (its address /pays/… or /sujet/…,
-- its feed, links already shared: as categories), an optional description and picture, and may be
-- hidden (kept on its articles for the newsroom, gone from every reader page and from the editor's
-- choice). The 54 African countries and a few others readers follow come as reference data below;
-- the newsroom's administrators make the rest. Articles carry up to eight tags; a journalist chooses
-- existing, visible ones on the articles they may edit. Merging a tag into another moves its
-- articles, and its old address answers 301 to the other's (tag_slugs).

-- 1. Tags -------------------------------------------------------------------------------------------
-- What the type-ahead and the search match: folded (lower case, no accents) and every run of
-- punctuation a space, so « cote d ivoire » finds « Côte d'Ivoire ». src/lib/searchPattern.ts (tagKey) folds the
-- reader.s words the same way.
create function private.tag_key(p_name text) returns text
language sql immutable parallel safe set search_path = '' as $$
  select pg_catalog.btrim(pg_catalog.regexp_replace(private.fold(p_name), '[^a-z0-9]+', ' ', 'g'))
$$;
revoke execute on function private.tag_key(text) from public;
grant execute on function private.tag_key(text) to anon, authenticated, service_role;

create table public.tags (
  id uuid primary key default gen_random_uuid(),
  -- pays: /pays/{slug} and the « Pays » index; the other kinds: /sujet/{slug}.
  kind text not null check (kind in ('pays', 'theme', 'personnalite', 'organisation')),
  name text collate "fr-x-icu" not null check (char_length(btrim(name)) between 1 and 80),
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(slug) <= 80),
  name_key text not null generated always as (private.tag_key(name)) stored,
  -- Countries only: ISO 3166-1 alpha-2, and the region the « Pays » index groups them by (the
  -- African Union's five; `monde` for the others).
  iso_code text unique check (iso_code ~ '^[A-Z]{2}$'),
  region text check (region in ('afrique-ouest', 'afrique-centrale', 'afrique-est', 'afrique-australe', 'afrique-nord', 'monde')),
  description text check (char_length(description) <= 1000),
  picture_url text check (picture_url ~ '^https?://' and char_length(picture_url) <= 500),
  hidden boolean not null default false,
  created_at timestamptz not null default now(),
  check ((kind = 'pays') or (iso_code is null and region is null))
);
-- One « Sénégal » per kind, however it is spelt.
create unique index tags_kind_name_idx on public.tags (kind, name_key);

-- 2. Old addresses: a merged tag's slug answers 301 to the tag its articles went to ------------------
create table public.tag_slugs (
  slug text primary key check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(slug) <= 80),
  tag_id uuid not null references public.tags (id) on delete cascade,
  retired_at timestamptz not null default now()
);
create index tag_slugs_tag_idx on public.tag_slugs (tag_id);

-- A new tag takes a retired address for itself: its page, not a redirect, answers there.
create function private.tag_takes_its_address() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  delete from public.tag_slugs s where s.slug = new.slug;
  return new;
end $$;
revoke execute on function private.tag_takes_its_address() from public;
create trigger takes_its_address before insert on public.tags
  for each row execute function private.tag_takes_its_address();

-- 3. Articles' tags ---------------------------------------------------------------------------------
create table public.article_tags (
  article_id uuid not null references public.articles (id) on delete cascade,
  -- A tag on articles is not deleted (merge or hide it): nothing tagged is lost.
  tag_id uuid not null references public.tags (id) on delete restrict,
  created_at timestamptz not null default now(),
  primary key (article_id, tag_id)
);
-- A tag's page: its articles.
create index article_tags_tag_idx on public.article_tags (tag_id, article_id);

create function private.article_tags_max() returns integer language sql immutable set search_path = '' as 'select 8';
revoke execute on function private.article_tags_max() from public;

-- At most eight per article. Statement-level, so an import tags thousands of articles in one pass;
-- the articles' rows are locked first, so two saves of one article's tags cannot both pass the count.
create function private.article_tags_limit() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform 1 from public.articles a where a.id in (select n.article_id from new_rows n) order by a.id for no key update of a;
  if exists (
    select 1 from public.article_tags t where t.article_id in (select n.article_id from new_rows n)
    group by t.article_id having pg_catalog.count(*) > private.article_tags_max()
  ) then
    raise exception 'Un article porte au plus % étiquettes.', private.article_tags_max()
      using errcode = '23514', detail = 'too_many_tags';
  end if;
  return null;
end $$;
revoke execute on function private.article_tags_limit() from public;
create trigger at_most_eight after insert on public.article_tags
  referencing new table as new_rows for each statement execute function private.article_tags_limit();

-- 4. Who may do what --------------------------------------------------------------------------------
alter table public.tags enable row level security;
alter table public.tag_slugs enable row level security;
alter table public.article_tags enable row level security;
revoke all on public.tags, public.tag_slugs, public.article_tags from public, anon, authenticated, service_role;
grant all on public.tags, public.tag_slugs, public.article_tags to service_role;

-- Readers see visible tags; the newsroom sees them all (a hidden tag stays on its articles).
grant select on public.tags to anon, authenticated;
create policy "visible tags are public" on public.tags for select
  using (not hidden or (select private.is_newsroom()));
-- Administrators make, rename, describe and hide tags; the kind and the slug are chosen once.
grant insert (kind, name, slug, iso_code, region, description, picture_url, hidden),
      update (name, region, description, picture_url, hidden), delete on public.tags to authenticated;
create policy "admins add tags" on public.tags for insert to authenticated with check ((select private.is_admin()));
create policy "admins edit tags" on public.tags for update to authenticated
  using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "admins delete tags" on public.tags for delete to authenticated using ((select private.is_admin()));

-- Old addresses of the tags the caller sees; written by merge_tags alone.
grant select on public.tag_slugs to anon, authenticated;
create policy "old addresses of visible tags" on public.tag_slugs for select
  using (exists (select 1 from public.tags t where t.id = tag_id));

-- An article's tags are read with the article (and the tag); whoever may edit the article adds and
-- removes them, a journalist only among the visible tags (an administrator any).
grant select on public.article_tags to anon, authenticated;
grant insert (article_id, tag_id), delete on public.article_tags to authenticated;
create policy "tags of visible articles" on public.article_tags for select
  using (exists (select 1 from public.articles a where a.id = article_id) and exists (select 1 from public.tags t where t.id = tag_id));
create policy "editors tag articles" on public.article_tags for insert to authenticated
  with check (private.can_edit_article(article_id)
              and ((select private.is_admin()) or exists (select 1 from public.tags t where t.id = tag_id and not t.hidden)));
create policy "editors untag articles" on public.article_tags for delete to authenticated
  using (private.can_edit_article(article_id));

-- 5. Merge ------------------------------------------------------------------------------------------
-- « Fusionner »: p_from's articles move to p_into (an article that had both keeps one), p_from's
-- addresses (its slug and those it inherited) answer 301 to p_into's page, and p_from goes.
-- Returns how many articles p_into gained.
create function public.merge_tags(p_from uuid, p_into uuid) returns integer
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
  delete from public.tags t where t.id = p_from;
  insert into public.tag_slugs (slug, tag_id) values (gone.slug, p_into);
  return gained;
end $$;
revoke execute on function public.merge_tags(uuid, uuid) from public, anon, authenticated, service_role;
grant execute on function public.merge_tags(uuid, uuid) to authenticated, service_role;

-- 6. Content version and purge keys (20261207100000, 20261216090000) --------------------------------
-- A tag's page, feed and old addresses carry `tag-<id>`. A change to public articles now purges
-- their tags' pages too.
create or replace function private.record_article_change(p_articles private.purged_article[], p_extra text[]) returns void
language plpgsql security definer set search_path = '' as $$
declare
  keys text[];
  tag_keys text[];
  slugs jsonb;
begin
  select pg_catalog.array_agg('article-' || a.id) || pg_catalog.array_agg('category-' || a.category_id) || pg_catalog.array_agg('author-' || a.author_id)
    into keys from pg_catalog.unnest(p_articles) a;
  select pg_catalog.array_agg('tag-' || t.tag_id) into tag_keys
  from public.article_tags t where t.article_id in (select a.id from pg_catalog.unnest(p_articles) a);
  select coalesce(pg_catalog.jsonb_object_agg(s.key, s.slugs), '{}') into slugs
  from (select 'article-' || a.id as key, pg_catalog.jsonb_agg(distinct a.slug) as slugs
        from pg_catalog.unnest(p_articles) a group by a.id) s;
  perform private.record_public_change(keys || coalesce(tag_keys, '{}') || array['front', 'feeds', 'edition', 'search', '404'] || p_extra, slugs);
end $$;

-- An article's tags changed: when it is public, its keys and those of the tags it gained or lost.
create function private.article_tags_public_change() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  rows_tags text[] := '{}';
  part text[];
  ids uuid[] := '{}';
  part_ids uuid[];
  changed private.purged_article[];
begin
  if tg_op = 'DELETE' then
    select pg_catalog.array_agg('tag-' || o.tag_id), pg_catalog.array_agg(o.article_id) into part, part_ids from old_rows o;
  else
    select pg_catalog.array_agg('tag-' || n.tag_id), pg_catalog.array_agg(n.article_id) into part, part_ids from new_rows n;
  end if;
  rows_tags := coalesce(part, '{}');
  ids := coalesce(part_ids, '{}');
  -- A deletion cascading from an article finds it gone: the article's own trigger counted it.
  select pg_catalog.array_agg(row(a.id, a.slug, a.category_id, a.author_id)::private.purged_article) into changed
  from public.articles a where a.id = any(ids) and private.article_is_public(a.status, a.published_at);
  if changed is not null then
    perform private.record_article_change(changed, rows_tags);
  end if;
  return null;
end $$;
revoke execute on function private.article_tags_public_change() from public;
create trigger public_change_insert after insert on public.article_tags
  referencing new table as new_rows for each statement execute function private.article_tags_public_change();
create trigger public_change_delete after delete on public.article_tags
  referencing old table as old_rows for each statement execute function private.article_tags_public_change();

-- A tag changed (made, renamed, described, hidden, merged away): its pages at its slugs, feeds and
-- sitemaps, kept 404s (a new address), and on a change of what articles show (its name, whether it
-- shows) the pages of its public articles.
create function private.tags_public_change() returns trigger
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
  perform private.record_public_change(keys || array['feeds', '404'], slugs);
  return null;
end $$;
revoke execute on function private.tags_public_change() from public;
create trigger public_change_insert after insert on public.tags
  referencing new table as new_rows for each statement execute function private.tags_public_change();
create trigger public_change_update after update on public.tags
  referencing old table as old_rows new table as new_rows for each statement execute function private.tags_public_change();
create trigger public_change_delete after delete on public.tags
  referencing old table as old_rows for each statement execute function private.tags_public_change();

-- 7. Reference data: the 54 African countries and the others readers follow -------------------------
-- By slug: a country an administrator renamed, described or hid keeps what it has.
insert into public.tags (kind, name, slug, iso_code, region)
values
  ('pays', 'Bénin', 'benin', 'BJ', 'afrique-ouest'),
  ('pays', 'Burkina Faso', 'burkina-faso', 'BF', 'afrique-ouest'),
  ('pays', 'Cap-Vert', 'cap-vert', 'CV', 'afrique-ouest'),
  ('pays', 'Côte d''Ivoire', 'cote-d-ivoire', 'CI', 'afrique-ouest'),
  ('pays', 'Gambie', 'gambie', 'GM', 'afrique-ouest'),
  ('pays', 'Ghana', 'ghana', 'GH', 'afrique-ouest'),
  ('pays', 'Guinée', 'guinee', 'GN', 'afrique-ouest'),
  ('pays', 'Guinée-Bissau', 'guinee-bissau', 'GW', 'afrique-ouest'),
  ('pays', 'Liberia', 'liberia', 'LR', 'afrique-ouest'),
  ('pays', 'Mali', 'mali', 'ML', 'afrique-ouest'),
  ('pays', 'Niger', 'niger', 'NE', 'afrique-ouest'),
  ('pays', 'Nigeria', 'nigeria', 'NG', 'afrique-ouest'),
  ('pays', 'Sénégal', 'senegal', 'SN', 'afrique-ouest'),
  ('pays', 'Sierra Leone', 'sierra-leone', 'SL', 'afrique-ouest'),
  ('pays', 'Togo', 'togo', 'TG', 'afrique-ouest'),
  ('pays', 'Burundi', 'burundi', 'BI', 'afrique-centrale'),
  ('pays', 'Cameroun', 'cameroun', 'CM', 'afrique-centrale'),
  ('pays', 'Centrafrique', 'centrafrique', 'CF', 'afrique-centrale'),
  ('pays', 'Congo', 'congo', 'CG', 'afrique-centrale'),
  ('pays', 'RD Congo', 'rd-congo', 'CD', 'afrique-centrale'),
  ('pays', 'Gabon', 'gabon', 'GA', 'afrique-centrale'),
  ('pays', 'Guinée équatoriale', 'guinee-equatoriale', 'GQ', 'afrique-centrale'),
  ('pays', 'Sao Tomé-et-Principe', 'sao-tome-et-principe', 'ST', 'afrique-centrale'),
  ('pays', 'Tchad', 'tchad', 'TD', 'afrique-centrale'),
  ('pays', 'Comores', 'comores', 'KM', 'afrique-est'),
  ('pays', 'Djibouti', 'djibouti', 'DJ', 'afrique-est'),
  ('pays', 'Érythrée', 'erythree', 'ER', 'afrique-est'),
  ('pays', 'Éthiopie', 'ethiopie', 'ET', 'afrique-est'),
  ('pays', 'Kenya', 'kenya', 'KE', 'afrique-est'),
  ('pays', 'Madagascar', 'madagascar', 'MG', 'afrique-est'),
  ('pays', 'Maurice', 'maurice', 'MU', 'afrique-est'),
  ('pays', 'Ouganda', 'ouganda', 'UG', 'afrique-est'),
  ('pays', 'Rwanda', 'rwanda', 'RW', 'afrique-est'),
  ('pays', 'Seychelles', 'seychelles', 'SC', 'afrique-est'),
  ('pays', 'Somalie', 'somalie', 'SO', 'afrique-est'),
  ('pays', 'Soudan', 'soudan', 'SD', 'afrique-est'),
  ('pays', 'Soudan du Sud', 'soudan-du-sud', 'SS', 'afrique-est'),
  ('pays', 'Tanzanie', 'tanzanie', 'TZ', 'afrique-est'),
  ('pays', 'Algérie', 'algerie', 'DZ', 'afrique-nord'),
  ('pays', 'Égypte', 'egypte', 'EG', 'afrique-nord'),
  ('pays', 'Libye', 'libye', 'LY', 'afrique-nord'),
  ('pays', 'Maroc', 'maroc', 'MA', 'afrique-nord'),
  ('pays', 'Mauritanie', 'mauritanie', 'MR', 'afrique-nord'),
  ('pays', 'Tunisie', 'tunisie', 'TN', 'afrique-nord'),
  ('pays', 'Afrique du Sud', 'afrique-du-sud', 'ZA', 'afrique-australe'),
  ('pays', 'Angola', 'angola', 'AO', 'afrique-australe'),
  ('pays', 'Botswana', 'botswana', 'BW', 'afrique-australe'),
  ('pays', 'Eswatini', 'eswatini', 'SZ', 'afrique-australe'),
  ('pays', 'Lesotho', 'lesotho', 'LS', 'afrique-australe'),
  ('pays', 'Malawi', 'malawi', 'MW', 'afrique-australe'),
  ('pays', 'Mozambique', 'mozambique', 'MZ', 'afrique-australe'),
  ('pays', 'Namibie', 'namibie', 'NA', 'afrique-australe'),
  ('pays', 'Zambie', 'zambie', 'ZM', 'afrique-australe'),
  ('pays', 'Zimbabwe', 'zimbabwe', 'ZW', 'afrique-australe'),
  ('pays', 'France', 'france', 'FR', 'monde'),
  ('pays', 'Belgique', 'belgique', 'BE', 'monde'),
  ('pays', 'États-Unis', 'etats-unis', 'US', 'monde'),
  ('pays', 'Chine', 'chine', 'CN', 'monde'),
  ('pays', 'Russie', 'russie', 'RU', 'monde'),
  ('pays', 'Royaume-Uni', 'royaume-uni', 'GB', 'monde'),
  ('pays', 'Turquie', 'turquie', 'TR', 'monde'),
  ('pays', 'Émirats arabes unis', 'emirats-arabes-unis', 'AE', 'monde')
on conflict do nothing;
