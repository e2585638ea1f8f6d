-- Clean article addresses (issue 26, item 5): a new article's slug is its title's, without the
-- spec's random suffix; when that slug is taken, -2, -3… (docs/product.md#slugs). Which one is free
-- is the database's answer, not a guess: this function sees every article whatever its status and
-- whoever wrote it (past row-level security, hence security definer) and answers only a slug, to
-- the newsroom and the service role (an importer); a reader asking learns nothing of drafts.
--
-- Taken means: the slug of another article, or an old address of another article (article_slugs:
-- a permanent link that must keep leading to its article). The article's own slug and own old
-- addresses are free for it (article_id), so a save that keeps its slug gets it back.
--
-- The answer is true when given; the unique constraint on articles.slug stays the guard. Two saves
-- of the same title at once both hear the same free slug: the second write is refused (23505) and
-- its caller asks again (the back office's data provider retries, docs/architecture.md).
--
-- A wanted slug longer than the column allows (200) is shortened at a hyphen-free end, and so is
-- its base when a suffix needs the room: the answer always fits articles_slug_check.
create function public.next_free_article_slug(wanted text, article_id uuid default null) returns text
language plpgsql stable security definer set search_path = '' as $$
declare
  base text := pg_catalog.rtrim(pg_catalog.left(wanted, 200), '-');
  candidate text := base;
  n integer := 1;
begin
  perform private.require_newsroom();
  if wanted is null or wanted operator(pg_catalog.!~) '^[a-z0-9]+(-[a-z0-9]+)*$' then
    raise exception 'next_free_article_slug: wanted must be a slug (lower-case letters, digits and single hyphens), got %', pg_catalog.quote_nullable(wanted)
      using errcode = '22023';
  end if;
  while exists (select 1 from public.articles a
                where a.slug operator(pg_catalog.=) candidate
                  and a.id is distinct from next_free_article_slug.article_id)
     or exists (select 1 from public.article_slugs s
                where s.slug operator(pg_catalog.=) candidate
                  and s.article_id is distinct from next_free_article_slug.article_id)
  loop
    n := n operator(pg_catalog.+) 1;
    candidate := pg_catalog.rtrim(pg_catalog.left(base, 200 operator(pg_catalog.-) pg_catalog.length('-' operator(pg_catalog.||) n)), '-')
                 operator(pg_catalog.||) '-' operator(pg_catalog.||) n;
  end loop;
  return candidate;
end $$;
revoke execute on function public.next_free_article_slug(text, uuid) from public, anon, authenticated, service_role;
grant execute on function public.next_free_article_slug(text, uuid) to authenticated, service_role;
