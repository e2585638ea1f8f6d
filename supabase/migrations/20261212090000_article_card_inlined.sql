-- Cards cost less (issue 24). Every list of cards (home, categories, « Les plus lus », search) builds
-- each card with private.article_card. Its SET search_path clause kept Postgres from inlining it:
-- each card was a function call that switched the search path twice, 30 cards in ~4.8 ms on the
-- 100,000-article archive against ~1.9 ms inlined (docs/scale.md). Without the clause the planner
-- writes the card's expression into the query itself. Safe without a fixed search path: it runs
-- as its caller (no privilege to borrow), and every name in it is schema-qualified; the functions
-- it calls keep theirs. Same body, same result, same grants (CREATE OR REPLACE keeps them).
create or replace function private.article_card(a public.articles, c public.categories) returns jsonb
language sql stable as $$
  select pg_catalog.jsonb_build_object(
    'id', a.id, 'slug', a.slug, 'title', a.title, 'excerpt', a.excerpt, 'image_url', a.image_url,
    'image_alt', public.image_alt(a), 'published_at', a.published_at, 'word_count', public.word_count(a),
    'category', case when c.id is null then null else pg_catalog.jsonb_build_object('name', c.name, 'slug', c.slug) end)
$$;
