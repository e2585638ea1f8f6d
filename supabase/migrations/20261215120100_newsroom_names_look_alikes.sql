-- Abuse-proof, fourth round, item 2: a reader may not take a newsroom member's name
-- (private.newsroom_name_kept, 20261208090200), but the names were compared folded for case and
-- accents only: « Моussa Traoré » with a Cyrillic М and о, « Moussa​ Traoré » with a zero-width
-- space, « Moussa  Traoré » with two spaces or « Ｍoussa » in fullwidth passed, and each reads as
-- the journalist's name on the page. Names are now compared by their look:
--   compatibility forms made plain (NFKD: fullwidth and styled letters, ligatures, odd spaces),
--   accents and every other combining mark dropped, those of the supplement blocks too (U+1AB0–1AFF,
--   U+1DC0–1DFF, U+20D0–20FF, U+FE20–FE2F) (then private.fold, as the rule was),
--   characters that show nothing removed (zero-width spaces and joiners, soft hyphen, word joiner,
--   variation selectors, byte-order mark, and the direction marks the name cleaner already drops),
--   Cyrillic and Greek letters that look like Latin ones read as those, and a lower-case l as an i
--   (« lssa » shows as « Issa » in most fonts),
--   runs of spaces folded to one, none at either end.
-- The « name unchanged » shortcut stays on folded equality (case and accents, as in 20261208090200):
-- with the look, a reader who already had « Моussa Traoré » (accepted before) could rename himself
-- to exactly « Moussa Traoré ». The look is used only against the newsroom members' names.
-- Readers whose name already looks like a newsroom member's lose that name (set to null, as a
-- sign-up under such a name is treated): each reads as the member's name on the site.
-- The article editor names who else has the article open from the newsroom's own records, not
-- from what each tab announces on the presence channel (a journalist could announce himself under
-- his own user id with an administrator's name): newsroom_member_names gives newsroom members the
-- names of the members among the ids they ask about.
create function private.name_look(p_name text) returns text
language sql immutable parallel safe set search_path = '' as $$
  select pg_catalog.btrim(pg_catalog.regexp_replace(
    -- After folding, l and i are one letter: a lower-case l passes for a capital I.
    pg_catalog.translate(private.fold(pg_catalog.translate(
      pg_catalog.regexp_replace(
        pg_catalog.normalize(coalesce(p_name, ''), 'NFKD'),
        -- Combining marks (all four blocks), then characters that show nothing.
        '[\u0300-\u036F\u1AB0-\u1AFF\u1DC0-\u1DFF\u20D0-\u20FF\uFE20-\uFE2F\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u202A-\u202E\u2060-\u206F\uFE00-\uFE0F\uFEFF]',
        '', 'g'),
      -- Cyrillic, then Greek, each beside the Latin letter it shows as.
      'АВЕЅІЈКМНОРСТХУҮҺԀԚԜаеіјоѕрсухүһԁԛԝьΑΒΕΖΗΙΚΜΝΟΡΤΥΧαικνορτυχ',
      'ABESIJKMHOPCTXYYHDQWaeijospcyxyhdqwbABEZHIKMNOPTYXaikvoptux')), 'l', 'i'),
    '[[:space:]\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]+', ' ', 'g'))
$$;
revoke execute on function private.name_look(text) from public;
grant execute on function private.name_look(text) to authenticated, service_role;

create or replace function private.newsroom_name_kept() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.full_name is null or private.is_newsroom_member(new.user_id) or auth.role() is not distinct from 'service_role' then
    return new;
  end if;
  -- Unchanged but for case and accents: the look would let a look-alike become the name itself.
  if tg_op = 'UPDATE' and private.fold(new.full_name) = private.fold(old.full_name) then
    return new;
  end if;
  if exists (
    select 1 from public.profiles p join public.user_roles r on r.user_id = p.user_id and r.role in ('admin', 'journalist')
    where p.user_id <> new.user_id and private.name_look(p.full_name) = private.name_look(new.full_name)
  ) then
    if tg_op = 'INSERT' then
      new.full_name := null;
    else
      raise exception 'this name is a newsroom member''s' using errcode = '23505', detail = 'name_of_newsroom_member';
    end if;
  end if;
  return new;
end $$;
revoke execute on function private.newsroom_name_kept() from public;

-- Readers (not newsroom members) whose name looks like a member's: the name goes, the account stays.
-- A function so the migration's clean-up can be checked; the migration owner alone runs it.
create function private.clear_newsroom_look_alikes() returns integer
language plpgsql security definer set search_path = '' as $$
declare
  cleared integer;
begin
  update public.profiles reader set full_name = null
  where reader.full_name is not null
    and not private.is_newsroom_member(reader.user_id)
    and exists (
      select 1 from public.profiles p join public.user_roles r on r.user_id = p.user_id and r.role in ('admin', 'journalist')
      where p.user_id <> reader.user_id and private.name_look(p.full_name) = private.name_look(reader.full_name)
    );
  get diagnostics cleared = row_count;
  return cleared;
end $$;
revoke execute on function private.clear_newsroom_look_alikes() from public, anon, authenticated, service_role;
select private.clear_newsroom_look_alikes();

-- The names of the newsroom members among p_user_ids, for newsroom members only (the article
-- editor's presence notice; a journalist reads no other profile). Ids of anyone else give nothing.
create function public.newsroom_member_names(p_user_ids uuid[])
returns table (user_id uuid, full_name text)
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.require_newsroom();
  if coalesce(pg_catalog.cardinality(p_user_ids), 0) > 100 then
    raise exception 'at most 100 ids at once' using errcode = '22023';
  end if;
  return query
    select p.user_id, p.full_name from public.profiles p
    where p.user_id = any (p_user_ids) and private.is_newsroom_member(p.user_id);
end $$;
revoke execute on function public.newsroom_member_names(uuid[]) from public, anon, authenticated, service_role;
grant execute on function public.newsroom_member_names(uuid[]) to authenticated, service_role;
