-- A country's or a topic's page at scale (issue 42 item 5): with 100,000 articles, reading a tag's
-- newest public articles through article_tags cost 110–410 ms where a category's cost 2 ms. The
-- select policy's check of each row's article became a hashed scan of every public article's id
-- (100,042 rows) on every page, and nothing ordered a tag's articles by date. article_tags now
-- carries the moment its article becomes public, so a tag's page reads its newest rows from one
-- index (tag_id, public_at) and the policy answers from the row itself.

-- The moment readers may see an article from: its published_at when its status lets it out, null
-- otherwise; private.article_is_public is that moment having come. It is not rewritten with this
-- function: its own form lets the articles' policy use their published_at index (a CASE does not),
-- so both say the statuses (src/lib/articleVisibility.ts says the rule for the browser). Inlined
-- where it is called, which a SQL function with its own search_path is not: its names are qualified.
-- Only the triggers below call it (as their owner).
create function private.article_public_at(p_status text, p_published_at timestamptz) returns timestamptz
language sql immutable parallel safe as $$
  select case when p_status operator(pg_catalog.=) any ('{published,scheduled}'::text[]) then p_published_at end
$$;
revoke execute on function private.article_public_at(text, timestamptz) from public;

alter table public.article_tags add column public_at timestamptz;

-- A tag's pages, newest first (the order of a category's: published_at, then id, both descending).
create index article_tags_tag_public_idx on public.article_tags (tag_id, public_at desc nulls last, article_id desc);

-- A new row takes its article's moment (nobody may write it: the insert grant names the two ids).
-- The article is read locked, as at_most_eight locks it: a publication or a withdrawal under way
-- is waited for (its own trigger cannot see this row yet), and the moment read is the one it left.
create function private.article_tags_take_public_at() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  select private.article_public_at(a.status, a.published_at) into new.public_at
  from public.articles a where a.id = new.article_id for no key update;
  return new;
end $$;
revoke execute on function private.article_tags_take_public_at() from public;
create trigger take_public_at before insert on public.article_tags
  for each row execute function private.article_tags_take_public_at();

-- An article published, scheduled, withdrawn or moved in time carries its tags' rows along, whichever
-- statement or trigger changed the two columns (no column list: it would miss a trigger's change).
create function private.articles_give_tags_public_at() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update public.article_tags t set public_at = private.article_public_at(new.status, new.published_at)
  where t.article_id = new.id and t.public_at is distinct from private.article_public_at(new.status, new.published_at);
  return null;
end $$;
revoke execute on function private.articles_give_tags_public_at() from public;
create trigger give_tags_public_at after update on public.articles
  for each row when (old.status is distinct from new.status or old.published_at is distinct from new.published_at)
  execute function private.articles_give_tags_public_at();

-- The rows already there, once the triggers keep them.
update public.article_tags t set public_at = private.article_public_at(a.status, a.published_at)
from public.articles a where a.id = t.article_id;

-- Readers see the tags of public articles from the row alone; the newsroom's other rows (drafts,
-- articles in review) are checked against the article the caller may read, one row at a time
-- (offset 0 keeps the planner from hashing every visible article's id first).
alter policy "tags of visible articles" on public.article_tags using (
  (public_at operator(pg_catalog.<=) pg_catalog.now()
   or exists (select 1 from public.articles a where a.id = article_id offset 0))
  and exists (select 1 from public.tags t where t.id = tag_id)
);
