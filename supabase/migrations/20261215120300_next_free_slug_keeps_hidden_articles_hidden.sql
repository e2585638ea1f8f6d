-- Abuse-proof, fourth round, item 4: next_free_article_slug counted every article, so a journalist
-- asking for « remaniement-ministeriel » and hearing « remaniement-ministeriel-2 » learned that an
-- article he cannot read (an administrator's scheduled scoop, a colleague's draft) holds that
-- address, and -3, -4… told how many. Now the numbering counts only what the caller may read:
-- administrators and the service role every article, as before; a journalist the public articles,
-- his own, and their old addresses. When the numbered slug is held by an article hidden from him,
-- he gets it with a suffix drawn from his article (or himself, for a new one) and the slug, not
-- from what the hidden articles hold (« …-2-7f3a9c »): still free, so his save does not collide,
-- the same on each save of that article, with no number that counts hidden articles.
-- What stays knowable to anyone who writes a slug is that it is taken: the unique constraint says
-- so to a hand-typed one (docs/product.md#slugs), whoever holds it.
create or replace function public.next_free_article_slug(wanted text, article_id uuid default null) returns text
language plpgsql stable security definer set search_path = '' as $$
declare
  base text := pg_catalog.rtrim(pg_catalog.left(wanted, 200), '-');
  candidate text := base;
  n integer := 1;
  numbered text;
  draw integer := 0;
  -- Administrators and the service role read every article; a journalist what RLS shows him.
  sees_all boolean := private.is_admin() or auth.role() is not distinct from 'service_role';
  me uuid := auth.uid();
begin
  perform private.require_newsroom();
  if wanted is null or wanted operator(pg_catalog.!~) '^[a-z0-9]+(-[a-z0-9]+)*$' then
    raise exception 'next_free_article_slug: wanted must be a slug (lower-case letters, digits and single hyphens), got %', pg_catalog.quote_nullable(wanted)
      using errcode = '22023';
  end if;
  -- The numbered slug, counting the articles (and old addresses) the caller may read.
  while exists (select 1 from public.articles a
                where a.slug operator(pg_catalog.=) candidate
                  and a.id is distinct from next_free_article_slug.article_id
                  and (sees_all or a.author_id = me or private.article_is_public(a.status, a.published_at)))
     or exists (select 1 from public.article_slugs s join public.articles a on a.id = s.article_id
                where s.slug operator(pg_catalog.=) candidate
                  and s.article_id is distinct from next_free_article_slug.article_id
                  and (sees_all or a.author_id = me or private.article_is_public(a.status, a.published_at)))
  loop
    n := n operator(pg_catalog.+) 1;
    candidate := pg_catalog.rtrim(pg_catalog.left(base, 200 operator(pg_catalog.-) pg_catalog.length('-' operator(pg_catalog.||) n)), '-')
                 operator(pg_catalog.||) '-' operator(pg_catalog.||) n;
  end loop;
  -- Held by an article hidden from the caller: a suffix that depends on the caller's article (or
  -- the caller) and the slug only, drawn again while taken (vanishingly rare).
  numbered := candidate;
  while exists (select 1 from public.articles a
                where a.slug operator(pg_catalog.=) candidate and a.id is distinct from next_free_article_slug.article_id)
     or exists (select 1 from public.article_slugs s
                where s.slug operator(pg_catalog.=) candidate and s.article_id is distinct from next_free_article_slug.article_id)
  loop
    draw := draw operator(pg_catalog.+) 1;
    candidate := pg_catalog.rtrim(pg_catalog.left(numbered, 193), '-') operator(pg_catalog.||) '-'
                 operator(pg_catalog.||) pg_catalog.left(pg_catalog.md5(pg_catalog.concat_ws(':', numbered,
                   coalesce(next_free_article_slug.article_id, me), draw)), 6);
  end loop;
  return candidate;
end $$;
revoke execute on function public.next_free_article_slug(text, uuid) from public, anon, authenticated, service_role;
grant execute on function public.next_free_article_slug(text, uuid) to authenticated, service_role;
