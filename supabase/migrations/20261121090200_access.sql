-- Row-level security and grants. The anon key is public: what a browser may do is decided here.
-- Every grant is explicit, and starts from nothing: a hosted project whose "default privileges for
-- new entities" are on has already granted these tables whole to the API roles, which would
-- override the column grants below (anon reading every bio, an admin rewriting created_at).

alter table public.categories enable row level security;
alter table public.articles enable row level security;
alter table public.article_images enable row level security;
alter table public.profiles enable row level security;
alter table public.user_roles enable row level security;
alter table public.page_views enable row level security;
alter table public.article_views enable row level security;
alter table public.article_view_counts enable row level security;

revoke all on all tables in schema public from anon, authenticated, service_role;
revoke all on all sequences in schema public from anon, authenticated, service_role;
grant all on all tables in schema public to service_role;

-- categories: everyone reads; admins write.
grant select on public.categories to anon, authenticated;
grant insert (name, slug), update (name, slug), delete on public.categories to authenticated;
create policy "categories are public" on public.categories for select using (true);
create policy "admins add categories" on public.categories for insert to authenticated with check (private.is_admin());
create policy "admins edit categories" on public.categories for update to authenticated using (private.is_admin()) with check (private.is_admin());
create policy "admins delete categories" on public.categories for delete to authenticated using (private.is_admin());

-- articles: published ones are public; admins see and write all. created_at and updated_at are
-- not writable by any API role (column grants); author_id is checked by trigger.
grant select on public.articles to anon, authenticated;
grant insert (slug, title, excerpt, content, image_url, published_at, author_id, category_id, status),
      update (slug, title, excerpt, content, image_url, published_at, author_id, category_id, status),
      delete
  on public.articles to authenticated;
create policy "published articles are public" on public.articles for select using (status = 'published');
create policy "admins read every article" on public.articles for select to authenticated using (private.is_admin());
create policy "admins write articles as themselves" on public.articles for insert to authenticated
  with check (private.is_admin() and author_id = auth.uid());
create policy "admins edit articles" on public.articles for update to authenticated
  using (private.is_admin()) with check (private.is_admin());
create policy "admins delete articles" on public.articles for delete to authenticated using (private.is_admin());

-- article_images: visible exactly when their article is (the subquery runs under the caller's RLS).
grant select on public.article_images to anon, authenticated;
grant insert (article_id, image_url), delete on public.article_images to authenticated;
create policy "images of visible articles" on public.article_images for select
  using (exists (select 1 from public.articles a where a.id = article_id));
create policy "admins add images" on public.article_images for insert to authenticated with check (private.is_admin());
create policy "admins remove images" on public.article_images for delete to authenticated using (private.is_admin());

-- profiles: bylines (name, avatar) of published authors are public; a user reads and edits their
-- own; admins read all. Profiles are created by the sign-up trigger only.
grant select (id, user_id, full_name, avatar_url) on public.profiles to anon;
grant select on public.profiles to authenticated;
grant update (full_name, avatar_url, bio) on public.profiles to authenticated;
create policy "bylines of published authors" on public.profiles for select
  using (exists (select 1 from public.articles a where a.author_id = profiles.user_id and a.status = 'published'));
create policy "own profile" on public.profiles for select to authenticated using (user_id = auth.uid());
create policy "admins read profiles" on public.profiles for select to authenticated using (private.is_admin());
create policy "edit own profile" on public.profiles for update to authenticated
  using (user_id = auth.uid()) with check (user_id = auth.uid());

-- user_roles: a user reads their own; admins read all and grant or revoke (never the last admin).
grant select on public.user_roles to authenticated;
grant insert (user_id, role), update (role), delete on public.user_roles to authenticated;
create policy "own roles" on public.user_roles for select to authenticated using (user_id = auth.uid());
create policy "admins read roles" on public.user_roles for select to authenticated using (private.is_admin());
create policy "admins grant roles" on public.user_roles for insert to authenticated with check (private.is_admin());
create policy "admins change roles" on public.user_roles for update to authenticated using (private.is_admin()) with check (private.is_admin());
create policy "admins revoke roles" on public.user_roles for delete to authenticated using (private.is_admin());

-- page_views / article_views / article_view_counts: written only through the tracking functions;
-- admins may read rows. Everyone reads counts through articles.view_count.
grant select on public.page_views, public.article_views, public.article_view_counts to authenticated;
create policy "admins read page views" on public.page_views for select to authenticated using (private.is_admin());
create policy "admins read article views" on public.article_views for select to authenticated using (private.is_admin());
create policy "admins read view counts" on public.article_view_counts for select to authenticated using (private.is_admin());

-- Live home page: article changes are published to Realtime (which applies the policies above).
alter publication supabase_realtime add table public.articles;
