-- Saved articles ("À lire plus tard"): each signed-in reader's own reading list, kept in the
-- database so it follows them from their phone to any other device. A list is its owner's alone:
-- nobody else reads it through the API, administrators included (the newsroom has no use for what
-- a reader means to read later, and a reading list says a lot about a person).

create table public.saved_articles (
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  article_id uuid not null references public.articles (id) on delete cascade,
  saved_at timestamptz not null default now(),
  primary key (user_id, article_id)
);
-- "Mes articles" lists a reader's saves newest first; deleting an article finds its saves.
create index saved_articles_user_saved_idx on public.saved_articles (user_id, saved_at desc);
create index saved_articles_article_idx on public.saved_articles (article_id);

alter table public.saved_articles enable row level security;
revoke all on public.saved_articles from anon, authenticated, service_role;
-- Only the article is written: the owner comes from the session (user_id's default) and the
-- moment from the clock (saved_at's default), so neither can be forged. No update: a save is
-- made or removed, never changed.
grant select, delete on public.saved_articles to authenticated;
grant insert (article_id) on public.saved_articles to authenticated;
grant all on public.saved_articles to service_role;

-- Only what readers may read can be saved: a draft, an article waiting for review or a scheduled
-- one before its moment cannot (an administrator's or journalist's RLS sees those, hence the rule
-- said here and not left to the articles' policies). An article unpublished after being saved
-- stays saved but hidden: the list reads articles under the reader's RLS, and it comes back if
-- the article is published again.
create function private.article_is_saveable(p_article_id uuid) returns boolean
language sql stable set search_path = '' as $$
  select exists (select 1 from public.articles a
                 where a.id = p_article_id and private.article_is_public(a.status, a.published_at))
$$;
revoke execute on function private.article_is_saveable(uuid) from public;
grant execute on function private.article_is_saveable(uuid) to authenticated, service_role;

create policy "readers see their own saved articles" on public.saved_articles for select to authenticated
  using (user_id = auth.uid());
create policy "readers save public articles for themselves" on public.saved_articles for insert to authenticated
  with check (user_id = auth.uid() and private.article_is_saveable(article_id));
create policy "readers remove their own saved articles" on public.saved_articles for delete to authenticated
  using (user_id = auth.uid());
