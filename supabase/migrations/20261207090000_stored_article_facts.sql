-- Reads that scale (issue 24, part 3), 1: what a card and a search need is stored when an article
-- is written, not recomputed on every read. Both survive bulk inserts (an archive import, the
-- scale seed): the word count is a generated column, the search document is written by
-- statement-level triggers that handle a whole batch in one insert.

-- 1. Word count ------------------------------------------------------------------------------------
-- articles.words, computed by private.word_count (the editor's rule) whenever content is written.
-- A category page at offset 12,000 computed it for every skipped row (38 s at 100k articles).
alter table public.articles add column words integer generated always as (private.word_count(content)) stored;

-- articles.word_count stays the API's name (CARD_COLUMNS, article_card): it reads the column.
-- No SET clause, so it is inlined into the cards' queries.
create or replace function public.word_count(a public.articles) returns integer
language sql immutable parallel safe as $$
  select a.words
$$;

-- 2. The search document ---------------------------------------------------------------------------
-- Beside the article, not in it: articles are published to Realtime and read with select=* by the
-- back office, and a tsvector would ride along with every change. public_from is when readers may
-- see the article (published_at while published or scheduled; null otherwise), so the search
-- applies the public rule here without visiting articles. Only the definer search function reads
-- it; no API role has any privilege on it.
create table private.article_search (
  article_id uuid primary key references public.articles (id) on delete cascade,
  public_from timestamptz,
  document tsvector not null
);
alter table private.article_search enable row level security;
revoke all on table private.article_search from public, anon, authenticated, service_role;
create index article_search_document_idx on private.article_search using gin (document);
create index article_search_public_idx on private.article_search (public_from desc) where public_from is not null;

create function private.article_public_from(p_status text, p_published_at timestamptz) returns timestamptz
language sql immutable parallel safe as $$
  select case when p_status operator(pg_catalog.=) any ('{published,scheduled}'::text[]) then p_published_at end
$$;
revoke execute on function private.article_public_from(text, timestamptz) from public;

-- Inserts: one insert for the batch (referencing the statement's new rows).
create function private.index_new_articles() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into private.article_search (article_id, public_from, document)
    select n.id, private.article_public_from(n.status, n.published_at), private.article_document(n.title, n.excerpt, n.content)
    from added n;
  return null;
end $$;
revoke execute on function private.index_new_articles() from public;
create trigger index_new_articles after insert on public.articles
  referencing new table as added for each statement execute function private.index_new_articles();

-- Updates: only rows whose words or visibility changed are rewritten.
create function private.index_changed_articles() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into private.article_search as s (article_id, public_from, document)
    select n.id, private.article_public_from(n.status, n.published_at),
           private.article_document(n.title, n.excerpt, n.content)
    from changed n join previous o on o.id = n.id
    where (n.title, n.excerpt, n.content) is distinct from (o.title, o.excerpt, o.content)
    on conflict (article_id) do update set public_from = excluded.public_from, document = excluded.document;
  update private.article_search s set public_from = private.article_public_from(n.status, n.published_at)
    from changed n join previous o on o.id = n.id
    where s.article_id = n.id and (n.title, n.excerpt, n.content) is not distinct from (o.title, o.excerpt, o.content)
      and (n.status, n.published_at) is distinct from (o.status, o.published_at);
  return null;
end $$;
revoke execute on function private.index_changed_articles() from public;
create trigger index_changed_articles after update on public.articles
  referencing old table as previous new table as changed for each statement execute function private.index_changed_articles();

insert into private.article_search (article_id, public_from, document)
  select a.id, private.article_public_from(a.status, a.published_at), private.article_document(a.title, a.excerpt, a.content)
  from public.articles a;
-- The expression index it replaces could only serve callers whose policies let it (the owner).
drop index public.articles_search_idx;

-- French search, accents and inflections ignored, best first. It runs as its owner and applies the
-- readers' rule itself (public_from <= now, then private.article_is_public on the article), so
-- anon, readers, journalists and administrators alike get the public articles, through the index.
-- Ranking reads each candidate's whole document, so it ranks the 500 newest matches: for a word
-- found in tens of thousands of articles, the best of the recent ones (docs/product.md#search).
-- Dynamic SQL plans with the query's words known, so a rare word takes the GIN index and a common
-- one walks the newest articles and stops at 500.
create or replace function public.search_articles(q text, max_results integer default 30) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  tsq tsquery := pg_catalog.websearch_to_tsquery('public.french_unaccent', pg_catalog.left(coalesce(q, ''), 200));
  result jsonb;
begin
  if pg_catalog.numnode(tsq) = 0 then
    return '[]'::jsonb;
  end if;
  execute $q$
    with recent as (
      select s.article_id, s.public_from, s.document from private.article_search s
      where s.document operator(pg_catalog.@@) $1 and s.public_from operator(pg_catalog.<=) pg_catalog.now()
      order by s.public_from desc limit 500),
    best as (
      select r.article_id, r.public_from, pg_catalog.ts_rank(r.document, $1) as rank from recent r
      order by rank desc, r.public_from desc limit $2)
    select coalesce(pg_catalog.jsonb_agg(private.article_card(a, c) order by b.rank desc, b.public_from desc), '[]'::jsonb)
    from best b join public.articles a on a.id = b.article_id left join public.categories c on c.id = a.category_id
    where private.article_is_public(a.status, a.published_at)$q$
    into result using tsq, least(greatest(coalesce(max_results, 30), 1), 100);
  return result;
end $$;
revoke execute on function public.search_articles(text, integer) from public, anon, authenticated, service_role;
grant execute on function public.search_articles(text, integer) to anon, authenticated, service_role;
