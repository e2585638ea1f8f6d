-- Importing a WordPress archive (issue 31, docs/wordpress-import.md): what the importer records so
-- that a second run imports nothing twice, and the old WordPress addresses that keep answering.
-- Written by the importer alone, with the service-role key: no visitor nor staff member holds a
-- grant on either table. Bylines of WordPress authors outside the newsroom are accounts with no
-- password on an address that cannot receive mail (`….invalid`): no schema change for them.

-- 1. Which WordPress post each imported article was -----------------------------------------------
-- modified_gmt and digest tell a changed post on a rerun with --update; the row goes with its article.
create table public.wordpress_posts (
  wordpress_id bigint primary key check (wordpress_id > 0),
  article_id uuid not null unique references public.articles (id) on delete cascade,
  modified_gmt timestamptz,
  digest text not null check (char_length(digest) <= 128),
  imported_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
alter table public.wordpress_posts enable row level security;
revoke all on public.wordpress_posts from anon, authenticated, service_role;
grant all on public.wordpress_posts to service_role;

-- 2. Old addresses --------------------------------------------------------------------------------
-- Each imported post's WordPress paths (`/2019/03/05/slug/`, `/slug/`, `/?p=42`, `/politique/slug/`),
-- lower case, trailing slash kept as WordPress wrote it. Never listed through the API: the site
-- server asks wordpress_redirect() for one exact path at a time.
create table public.wordpress_redirects (
  path text primary key check (path ~ '^/' and char_length(path) <= 600),
  article_id uuid not null references public.articles (id) on delete cascade
);
create index wordpress_redirects_article_idx on public.wordpress_redirects (article_id);
alter table public.wordpress_redirects enable row level security;
revoke all on public.wordpress_redirects from anon, authenticated, service_role;
grant all on public.wordpress_redirects to service_role;

-- The current slug of the article an old path led to, when readers may see that article; null
-- otherwise (an unknown path, a draft's or a scheduled story's address tells nothing).
create function public.wordpress_redirect(p_path text) returns text
language sql stable security definer set search_path = '' as $$
  select a.slug from public.wordpress_redirects r
  join public.articles a on a.id = r.article_id
  where r.path = pg_catalog.lower(p_path) and private.article_is_public(a.status, a.published_at)
$$;
revoke execute on function public.wordpress_redirect(text) from public, anon, authenticated, service_role;
grant execute on function public.wordpress_redirect(text) to anon, authenticated, service_role;

-- The site server keeps its answers (a redirect or none) until the public content version moves:
-- new old addresses move it, so a path asked before its article's import does not stay a 404. The
-- bump is the one every statement on categories makes (a plain bump, whatever the rows).
create trigger public_change after insert or update or delete on public.wordpress_redirects
  for each statement execute function private.categories_public_change();
