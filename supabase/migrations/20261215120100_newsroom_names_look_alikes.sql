-- Abuse-proof, fourth round, item 2: a reader may not take a newsroom member's name
-- (private.newsroom_name_kept, 20261208090200), but the names were compared folded for case and
-- accents only: « Моussa Traoré » with a Cyrillic М and о, « Moussa​ Traoré » with a zero-width
-- space, « Moussa  Traoré » with two spaces or « Ｍoussa » in fullwidth passed, and each reads as
-- the journalist's name on the page. Names are now compared by their look:
--   compatibility forms made plain (NFKD: fullwidth and styled letters, ligatures, odd spaces),
--   accents and every other combining mark dropped (then private.fold, as the rule was),
--   characters that show nothing removed (zero-width spaces and joiners, soft hyphen, word joiner,
--   variation selectors, byte-order mark, and the direction marks the name cleaner already drops),
--   Cyrillic and Greek letters that look like Latin ones read as those,
--   runs of spaces folded to one, none at either end.
create function private.name_look(p_name text) returns text
language sql immutable parallel safe set search_path = '' as $$
  select pg_catalog.btrim(pg_catalog.regexp_replace(
    private.fold(pg_catalog.translate(
      pg_catalog.regexp_replace(
        pg_catalog.normalize(coalesce(p_name, ''), 'NFKD'),
        '[\u0300-\u036F\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u202A-\u202E\u2060-\u206F\uFE00-\uFE0F\uFEFF]',
        '', 'g'),
      -- Cyrillic, then Greek, each beside the Latin letter it shows as.
      'АВЕЅІЈКМНОРСТХУҮҺԀԚԜаеіјоѕрсухүһԁԛԝьΑΒΕΖΗΙΚΜΝΟΡΤΥΧαικνορτυχ',
      'ABESIJKMHOPCTXYYHDQWaeijospcyxyhdqwbABEZHIKMNOPTYXaikvoptux')),
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
  if tg_op = 'UPDATE' and private.name_look(new.full_name) = private.name_look(old.full_name) then
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
