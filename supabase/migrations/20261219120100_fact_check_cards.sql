-- « Vrai ou faux » (issue 44): a fact-check's card carries its verdict wherever it appears (home,
-- « Les plus lus », search; the PostgREST lists select it as `verdict`). Another article's card is
-- as it was. Same body otherwise as 20261212090000_article_card_inlined.sql, still without a search
-- path so the planner inlines it (every name schema-qualified, runs as its caller); CREATE OR
-- REPLACE keeps its grants.
create or replace function private.article_card(a public.articles, c public.categories) returns jsonb
language sql stable as $$
  select pg_catalog.jsonb_build_object(
    'id', a.id, 'slug', a.slug, 'title', a.title, 'excerpt', a.excerpt, 'image_url', a.image_url,
    'image_alt', public.image_alt(a), 'published_at', a.published_at, 'word_count', public.word_count(a),
    'category', case when c.id is null then null else pg_catalog.jsonb_build_object('name', c.name, 'slug', c.slug) end)
    operator(pg_catalog.||) case when a.format operator(pg_catalog.=) 'factcheck'
      then pg_catalog.jsonb_build_object('format', a.format, 'verdict', a.fact_check operator(pg_catalog.->>) 'verdict')
      else '{}'::jsonb end
$$;
