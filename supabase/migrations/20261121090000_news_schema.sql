-- The newsroom's tables (docs/architecture.md#the-database). Identical on hosted Supabase and on the local stack.

create extension if not exists unaccent with schema extensions;

-- French full-text search that ignores accents: "economie" finds "Économie".
create text search configuration public.french_unaccent (copy = pg_catalog.french);
alter text search configuration public.french_unaccent
  alter mapping for hword, hword_part, word with extensions.unaccent, french_stem;

create type public.app_role as enum ('admin', 'client');

create table public.categories (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(btrim(name)) between 1 and 80),
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(slug) <= 80),
  created_at timestamptz not null default now()
);

create table public.articles (
  id uuid primary key default gen_random_uuid(),
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(slug) <= 200),
  title text not null check (char_length(btrim(title)) between 1 and 300),
  excerpt text check (char_length(excerpt) <= 1000),
  content text not null check (char_length(content) <= 200000),
  image_url text check (image_url ~ '^https?://'),
  published_at timestamptz,
  author_id uuid references auth.users (id) on delete set null default auth.uid(),
  category_id uuid references public.categories (id) on delete set null,
  status text not null default 'draft' check (status in ('draft', 'published')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- The reader's reads: latest published overall, latest published per category.
create index articles_published_idx on public.articles (published_at desc) where status = 'published';
create index articles_category_published_idx on public.articles (category_id, published_at desc) where status = 'published';
create index articles_created_idx on public.articles (created_at desc);
create index articles_author_idx on public.articles (author_id);

create table public.article_images (
  id uuid primary key default gen_random_uuid(),
  article_id uuid not null references public.articles (id) on delete cascade,
  image_url text not null check (image_url ~ '^https?://'),
  created_at timestamptz not null default now()
);
create index article_images_article_idx on public.article_images (article_id, created_at);

create table public.profiles (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null unique references auth.users (id) on delete cascade,
  full_name text check (char_length(full_name) <= 120),
  avatar_url text check (avatar_url ~ '^https?://'),
  bio text check (char_length(bio) <= 2000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index profiles_created_idx on public.profiles (created_at desc);

create table public.user_roles (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  role public.app_role not null,
  created_at timestamptz not null default now(),
  unique (user_id, role)
);

create table public.page_views (
  id bigint generated always as identity primary key,
  path text not null check (char_length(path) between 1 and 512),
  created_at timestamptz not null default now()
);
create index page_views_created_idx on public.page_views (created_at);

-- An article's read count lives beside it, not in it: articles are published to Realtime, and
-- bumping a column there on every read would push the whole article to every open home page.
-- The API still reads it as articles.view_count (a computed field, see the reads migration).
create table public.article_view_counts (
  article_id uuid primary key references public.articles (id) on delete cascade,
  view_count integer not null default 0 check (view_count >= 0)
);

create table public.article_views (
  id bigint generated always as identity primary key,
  article_id uuid not null references public.articles (id) on delete cascade,
  created_at timestamptz not null default now()
);
create index article_views_created_idx on public.article_views (created_at, article_id);
create index article_views_article_idx on public.article_views (article_id);
