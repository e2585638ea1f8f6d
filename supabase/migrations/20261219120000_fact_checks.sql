-- « Vrai ou faux » (issue 44): an article of format « Vrai ou faux » (`factcheck`) checks one claim
-- and gives it a verdict on a fixed scale. Its fields travel with the article's row, so the
-- editor saves them in the same write, the articles' row policies decide who reads and writes
-- them, and every reader of the article reads them:
--   fact_check jsonb:
--     claim           the claim checked, one line of at most 280 characters
--     claimant        who made it (« Nom, fonction », or « Publications virales »), ≤ 200
--     channels        where it circulates (« WhatsApp, Facebook »), ≤ 200
--     links           up to 5 http(s) addresses where it was seen
--     first_seen      the date it was first seen (YYYY-MM-DD)
--     verdict         true | mostly_true | unproven | misleading | exaggerated | false
--     summary         « En bref », one line of at most 200 characters
--     what_is_true    « Ce qui est vrai », ≤ 3000
--     why_it_matters  « Pourquoi c'est important », ≤ 3000
--     sources         up to 20 { title ≤ 300, url http(s), consulted YYYY-MM-DD }
--   checked_by: « Vérifié par », the newsroom member who checked it, never its author.
-- A draft may hold an unfinished check; going out (published or scheduled) needs the claim, who
-- made it, the verdict, « En bref », at least one source, and the second member's « Vérifié par ».

alter table public.articles drop constraint articles_format_check;
alter table public.articles add constraint articles_format_check check (format in ('article', 'live', 'factcheck'));

create function private.fact_check_verdicts() returns text[]
language sql immutable parallel safe set search_path = '' as $$
  select array['true', 'mostly_true', 'unproven', 'misleading', 'exaggerated', 'false']
$$;
revoke execute on function private.fact_check_verdicts() from public;

-- A text field of the check: absent or null, or a string of at most p_max characters (trimmed),
-- on one line when p_one_line.
create function private.fact_check_text_fits(p_value jsonb, p_max integer, p_one_line boolean) returns boolean
language sql immutable parallel safe set search_path = '' as $$
  select p_value is null or pg_catalog.jsonb_typeof(p_value) operator(pg_catalog.=) 'null'
      or (pg_catalog.jsonb_typeof(p_value) operator(pg_catalog.=) 'string'
          and pg_catalog.char_length(pg_catalog.btrim(p_value operator(pg_catalog.#>>) '{}')) operator(pg_catalog.<=) p_max
          and not (p_one_line and (p_value operator(pg_catalog.#>>) '{}') operator(pg_catalog.~) '[\r\n]'))
$$;
revoke execute on function private.fact_check_text_fits(jsonb, integer, boolean) from public;

create function private.fact_check_address_fits(p_value jsonb) returns boolean
language sql immutable parallel safe set search_path = '' as $$
  select pg_catalog.jsonb_typeof(p_value) operator(pg_catalog.=) 'string'
     and (p_value operator(pg_catalog.#>>) '{}') operator(pg_catalog.~) '^https?://[^\s]+$'
     and pg_catalog.char_length(p_value operator(pg_catalog.#>>) '{}') operator(pg_catalog.<=) 2048
$$;
revoke execute on function private.fact_check_address_fits(jsonb) from public;

create function private.fact_check_date_fits(p_value jsonb) returns boolean
language sql immutable parallel safe set search_path = '' as $$
  select p_value is null or pg_catalog.jsonb_typeof(p_value) operator(pg_catalog.=) 'null'
      or (pg_catalog.jsonb_typeof(p_value) operator(pg_catalog.=) 'string'
          and (p_value operator(pg_catalog.#>>) '{}') operator(pg_catalog.~) '^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$')
$$;
revoke execute on function private.fact_check_date_fits(jsonb) from public;

-- The shape of articles.fact_check (null: not a fact-check). Anything else is a client's mistake,
-- refused with the constraint's name; the editor's form holds the same limits with their messages.
create function private.fact_check_fits(p jsonb) returns boolean
language sql immutable parallel safe set search_path = '' as $$
  select p is null or (
    pg_catalog.jsonb_typeof(p) operator(pg_catalog.=) 'object'
    and not exists (
      select 1 from pg_catalog.jsonb_object_keys(p) k
      where k operator(pg_catalog.<>) all (array['claim', 'claimant', 'channels', 'links', 'first_seen', 'verdict', 'summary',
                                                 'what_is_true', 'why_it_matters', 'sources']))
    and private.fact_check_text_fits(p operator(pg_catalog.->) 'claim', 280, true)
    and private.fact_check_text_fits(p operator(pg_catalog.->) 'claimant', 200, true)
    and private.fact_check_text_fits(p operator(pg_catalog.->) 'channels', 200, true)
    and private.fact_check_date_fits(p operator(pg_catalog.->) 'first_seen')
    and private.fact_check_text_fits(p operator(pg_catalog.->) 'summary', 200, true)
    and private.fact_check_text_fits(p operator(pg_catalog.->) 'what_is_true', 3000, false)
    and private.fact_check_text_fits(p operator(pg_catalog.->) 'why_it_matters', 3000, false)
    and coalesce(p operator(pg_catalog.->>) 'verdict' operator(pg_catalog.=) any (private.fact_check_verdicts()),
                 coalesce(pg_catalog.jsonb_typeof(p operator(pg_catalog.->) 'verdict'), 'null') operator(pg_catalog.=) 'null')
    and case coalesce(pg_catalog.jsonb_typeof(p operator(pg_catalog.->) 'links'), 'null')
          when 'null' then true
          when 'array' then pg_catalog.jsonb_array_length(p operator(pg_catalog.->) 'links') operator(pg_catalog.<=) 5
                            and not exists (select 1 from pg_catalog.jsonb_array_elements(p operator(pg_catalog.->) 'links') l
                                            where not private.fact_check_address_fits(l))
          else false end
    and case coalesce(pg_catalog.jsonb_typeof(p operator(pg_catalog.->) 'sources'), 'null')
          when 'null' then true
          when 'array' then pg_catalog.jsonb_array_length(p operator(pg_catalog.->) 'sources') operator(pg_catalog.<=) 20
                            and not exists (
                              select 1 from pg_catalog.jsonb_array_elements(p operator(pg_catalog.->) 'sources') s
                              where pg_catalog.jsonb_typeof(s) operator(pg_catalog.<>) 'object'
                                 or pg_catalog.char_length(pg_catalog.btrim(coalesce(s operator(pg_catalog.->>) 'title', ''))) not between 1 and 300
                                 or not private.fact_check_address_fits(s operator(pg_catalog.->) 'url')
                                 or not private.fact_check_date_fits(s operator(pg_catalog.->) 'consulted'))
          else false end)
$$;
revoke execute on function private.fact_check_fits(jsonb) from public;
-- Check constraints run as the writer: the roles that write articles call it (and what it calls).
grant execute on function private.fact_check_fits(jsonb), private.fact_check_verdicts(),
  private.fact_check_text_fits(jsonb, integer, boolean), private.fact_check_address_fits(jsonb),
  private.fact_check_date_fits(jsonb) to authenticated, service_role;

-- What a fact-check needs before readers see it (its check's shape is the constraint's).
create function private.fact_check_complete(p jsonb) returns boolean
language sql immutable parallel safe set search_path = '' as $$
  select p is not null
     and pg_catalog.btrim(coalesce(p operator(pg_catalog.->>) 'claim', '')) operator(pg_catalog.<>) ''
     and pg_catalog.btrim(coalesce(p operator(pg_catalog.->>) 'claimant', '')) operator(pg_catalog.<>) ''
     and p operator(pg_catalog.?) 'verdict' and p operator(pg_catalog.->>) 'verdict' is not null
     and pg_catalog.btrim(coalesce(p operator(pg_catalog.->>) 'summary', '')) operator(pg_catalog.<>) ''
     and coalesce(pg_catalog.jsonb_typeof(p operator(pg_catalog.->) 'sources'), '') operator(pg_catalog.=) 'array'
     and pg_catalog.jsonb_array_length(p operator(pg_catalog.->) 'sources') operator(pg_catalog.>=) 1
$$;
revoke execute on function private.fact_check_complete(jsonb) from public;
grant execute on function private.fact_check_complete(jsonb) to authenticated, service_role;

alter table public.articles
  add column fact_check jsonb constraint articles_fact_check_shape check (private.fact_check_fits(fact_check)),
  add column checked_by uuid references auth.users (id) on delete set null;
create index articles_checked_by_idx on public.articles (checked_by) where checked_by is not null;
-- Written like the other fields: the row policies decide who (administrators any article, a
-- journalist their own draft or piece under review); the trigger below decides what.
grant insert (fact_check, checked_by), update (fact_check, checked_by) on public.articles to authenticated;

-- « Vérifié par »: whoever signs it signs as themselves (a journalist cannot write an editor's
-- name), is a newsroom member and is not the article's author; a fact-check goes out complete and
-- signed. The seed and maintenance (service role, postgres) may name the checker, never the author.
-- Runs as the writer, as article_rules does (so current_user tells maintenance from the API);
-- is_newsroom_member reads the roles for it.
create function private.fact_check_rules() returns trigger
language plpgsql set search_path = '' as $$
declare
  trusted boolean := auth.role() is not distinct from 'service_role' or current_user = 'postgres';
begin
  if new.format is distinct from 'factcheck' then
    -- A format changed back keeps what was written (nothing lost); it just is no fact-check.
    return new;
  end if;
  if new.checked_by is not null and (tg_op = 'INSERT' or new.checked_by is distinct from old.checked_by) then
    if not trusted and new.checked_by is distinct from auth.uid() then
      raise exception 'a fact-check is signed « Vérifié par » by its checker alone' using errcode = '42501', detail = 'checker_not_self';
    end if;
    if not private.is_newsroom_member(new.checked_by) then
      raise exception 'the checker must be a member of the newsroom' using errcode = '23514', detail = 'checker_not_newsroom';
    end if;
  end if;
  if new.checked_by is not null and new.checked_by is not distinct from new.author_id then
    raise exception 'the author of a fact-check cannot be its checker' using errcode = '23514', detail = 'checker_is_author';
  end if;
  if new.status in ('published', 'scheduled') then
    if not private.fact_check_complete(new.fact_check) then
      raise exception 'a fact-check goes out with its claim, claimant, verdict, « En bref » and a source'
        using errcode = '23514', detail = 'fact_check_incomplete';
    end if;
    if new.checked_by is null then
      raise exception 'a fact-check goes out « Vérifié par » a second member of the newsroom'
        using errcode = '23514', detail = 'fact_check_unverified';
    end if;
  end if;
  return new;
end $$;
revoke execute on function private.fact_check_rules() from public;
create trigger fact_check_rules before insert or update on public.articles
  for each row execute function private.fact_check_rules();
