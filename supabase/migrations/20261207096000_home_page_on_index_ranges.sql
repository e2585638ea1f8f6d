-- Reads that scale (issue 24), follow-up 1: the home page (home_page(), /edition.json) reads index
-- ranges only. At 100,000 articles its lead story sorted every public article (a left join on the
-- pins ordered by rank nulls last) and its category rows could walk the date index filtering a
-- category's rows out of all the others. Same answer, same shape:
-- - the lead story is the article pinned at rank 1 if readers may see it, else the newest public
--   article: two reads of at most one row each (the pin by its key, the newest on
--   articles_published_idx), the second only when the first finds nothing;
-- - each category's list is a lateral LIMIT on articles_category_published_idx;
-- - ties on published_at are broken by id, newest first, as the category pages do (the old
--   function left them to chance).
-- Runs as the caller, as before: row-level security still decides what each role sees.
create or replace function public.home_page(p_per_category integer default 10) returns jsonb
language sql stable security invoker set search_path = '' as $$
  with lead_story as materialized (
    select l.id, private.article_card(l, c) as card
    from (
      (select a.* from public.front_page f join public.articles a on a.id = f.article_id
       where f.rank = 1 and private.article_is_public(a.status, a.published_at))
      union all
      (select a.* from public.articles a
       where private.article_is_public(a.status, a.published_at)
       order by a.published_at desc, a.id desc limit 1)
      limit 1) l
    left join public.categories c on c.id = l.category_id),
  top_stories as (
    select private.article_card(a, c) as card, f.rank from public.front_page f
    join public.articles a on a.id = f.article_id
    left join public.categories c on c.id = a.category_id
    where f.rank > 1 and private.article_is_public(a.status, a.published_at)
      and a.id is distinct from (select id from lead_story))
  select jsonb_build_object(
    'featured', (select card from lead_story),
    'top', coalesce((select jsonb_agg(t.card order by t.rank) from top_stories t), '[]'::jsonb),
    -- The lead story is not repeated in the rows below it.
    'sections', coalesce((
      select jsonb_agg(jsonb_build_object('category', jsonb_build_object('id', c.id, 'name', c.name, 'slug', c.slug),
                                          'articles', s.articles) order by c.name)
      from public.categories c
      cross join lateral (
        -- The ids first, from articles_category_published_idx alone (an index-only scan: the
        -- date index cannot answer it without reading rows, so the planner does not trade one for
        -- the other, which made a category with few or no articles walk the whole archive); then
        -- each card from its row read by key (a join would be planned for an unknown LIMIT, as a
        -- scan of every article).
        select jsonb_agg(ids.card order by ids.published_at desc, ids.id desc) as articles
        from (select l.id, l.published_at,
                     (select private.article_card(a, c) from public.articles a where a.id = l.id) as card
              from public.articles l
              where l.category_id = c.id and private.article_is_public(l.status, l.published_at)
                and l.id is distinct from (select id from lead_story)
              order by l.published_at desc, l.id desc
              limit least(greatest(coalesce(p_per_category, 10), 1), 20)) ids
      ) s
      where s.articles is not null), '[]'::jsonb))
$$;
