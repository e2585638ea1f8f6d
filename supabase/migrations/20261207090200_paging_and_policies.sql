-- Reads that scale (issue 24, part 3), 3: lists that page through indexes, the back office's title
-- search on an index, and row policies whose role check runs once per query.

-- 1. Lists in a stable order ------------------------------------------------------------------------
-- Category, author and sitemap lists order by (published_at, id): articles published in the same
-- second keep one order, so consecutive pages neither repeat nor skip one. The skipped rows of a
-- deep page are read from these indexes (ids and dates only), never built into cards.
drop index public.articles_published_idx;
drop index public.articles_category_published_idx;
drop index public.articles_author_published_idx;
create index articles_published_idx on public.articles (published_at desc, id desc)
  where status = any ('{published,scheduled}'::text[]);
-- What sitemap files and sitemap_outline read of every public article, so they read this index
-- alone (the last sitemap file skips 99,000 entries of it, not 99,000 rows).
create index articles_public_outline_idx on public.articles (published_at, id) include (slug, updated_at, category_id, author_id)
  where status = any ('{published,scheduled}'::text[]);
create index articles_category_published_idx on public.articles (category_id, published_at desc, id desc)
  where status = any ('{published,scheduled}'::text[]);
create index articles_author_published_idx on public.articles (author_id, published_at desc, id desc)
  where status = any ('{published,scheduled}'::text[]);

-- 2. The back office's title search ---------------------------------------------------------------
-- title_key=ilike.*senegal* matched by a trigram index on the folded title. title_key loses its
-- SET clause (every name in it is qualified) so the planner inlines it into the indexed
-- expression; the title is taken in the default collation (it sorts in fr-x-icu) so the inlined
-- call is exactly the index's, with no collation relabelling between them.
create extension if not exists pg_trgm with schema extensions;
create or replace function public.title_key(a public.articles) returns text
language sql immutable parallel safe as $$
  select private.fold(a.title collate "default")
$$;
create index articles_title_key_idx on public.articles using gin (private.fold(title collate "default") extensions.gin_trgm_ops);
-- The subscribers screen searches a part of the address the same way (email=ilike.*…*).
create index newsletter_subscribers_email_trgm_idx on public.newsletter_subscribers using gin (email extensions.gin_trgm_ops);
create index newsletter_subscribers_created_idx on public.newsletter_subscribers (created_at desc, id desc);

-- 3. Role checks once per query ---------------------------------------------------------------------
-- private.is_admin(), private.is_journalist() and auth.uid() do not depend on the row: wrapped in
-- (select …) the planner runs them once per statement (an InitPlan) instead of once per row (the
-- subscribers list took 1 s at 20,000 rows). Same rules, word for word. Storage policies are left
-- as they are.
alter policy "admins correct public articles" on public.article_corrections
  with check (((select private.is_admin()) AND (corrected_at <= (now() + '00:01:00'::interval)) AND (EXISTS ( SELECT 1 from public.articles a WHERE ((a.id = article_corrections.article_id) AND private.article_is_public(a.status, a.published_at))))));
alter policy "admins delete corrections" on public.article_corrections
  using ((select private.is_admin()));
alter policy "admins edit corrections" on public.article_corrections
  using ((select private.is_admin())) with check (((select private.is_admin()) AND (corrected_at <= (now() + '00:01:00'::interval))));
alter policy "admins read corrections" on public.article_corrections
  using ((select private.is_admin()));
alter policy "own drafts of editable articles" on public.article_drafts
  using ((user_id = (select auth.uid()))) with check (((user_id = (select auth.uid())) AND private.can_edit_article(article_id)));
alter policy "admins read revisions" on public.article_revisions
  using ((select private.is_admin()));
alter policy "journalists read the history of their articles" on public.article_revisions
  using (((select private.is_journalist()) AND (EXISTS ( SELECT 1 from public.articles a WHERE ((a.id = article_revisions.article_id) AND (a.author_id = (select auth.uid())))))));
alter policy "admins read view counts" on public.article_view_counts
  using ((select private.is_admin()));
alter policy "admins read article views" on public.article_views
  using ((select private.is_admin()));
alter policy "admins delete articles" on public.articles
  using ((select private.is_admin()));
alter policy "admins edit articles" on public.articles
  using ((select private.is_admin())) with check ((select private.is_admin()));
alter policy "admins read every article" on public.articles
  using ((select private.is_admin()));
alter policy "admins write articles" on public.articles
  with check ((select private.is_admin()));
alter policy "journalists delete their own drafts" on public.articles
  using (((select private.is_journalist()) AND (author_id = (select auth.uid())) AND (status = ANY (ARRAY['draft'::text, 'review'::text]))));
alter policy "journalists edit their own drafts" on public.articles
  using (((select private.is_journalist()) AND (author_id = (select auth.uid())) AND (status = ANY (ARRAY['draft'::text, 'review'::text])))) with check (((select private.is_journalist()) AND (author_id = (select auth.uid())) AND (status = ANY (ARRAY['draft'::text, 'review'::text]))));
alter policy "journalists read their own articles" on public.articles
  using (((author_id = (select auth.uid())) AND (select private.is_journalist())));
alter policy "journalists write their own drafts" on public.articles
  with check (((select private.is_journalist()) AND (author_id = (select auth.uid())) AND (status = ANY (ARRAY['draft'::text, 'review'::text]))));
alter policy "admins add categories" on public.categories
  with check ((select private.is_admin()));
alter policy "admins delete categories" on public.categories
  using ((select private.is_admin()));
alter policy "admins edit categories" on public.categories
  using ((select private.is_admin())) with check ((select private.is_admin()));
alter policy "administrators delete messages" on public.contact_messages
  using ((select private.is_admin()));
alter policy "administrators mark messages handled" on public.contact_messages
  using ((select private.is_admin())) with check ((select private.is_admin()));
alter policy "administrators read messages" on public.contact_messages
  using ((select private.is_admin()));
alter policy "admins pin" on public.front_page
  with check ((select private.is_admin()));
alter policy "admins read pins" on public.front_page
  using ((select private.is_admin()));
alter policy "admins repin" on public.front_page
  using ((select private.is_admin())) with check ((select private.is_admin()));
alter policy "admins unpin" on public.front_page
  using ((select private.is_admin()));
alter policy "administrators delete subscribers" on public.newsletter_subscribers
  using ((select private.is_admin()));
alter policy "administrators read subscribers" on public.newsletter_subscribers
  using ((select private.is_admin()));
alter policy "admins read page views" on public.page_views
  using ((select private.is_admin()));
alter policy "admins read profiles" on public.profiles
  using ((select private.is_admin()));
alter policy "edit own profile" on public.profiles
  using ((user_id = (select auth.uid()))) with check ((user_id = (select auth.uid())));
alter policy "own profile" on public.profiles
  using ((user_id = (select auth.uid())));
alter policy "readers remove their own saved articles" on public.saved_articles
  using ((user_id = (select auth.uid())));
alter policy "readers save public articles for themselves" on public.saved_articles
  with check (((user_id = (select auth.uid())) AND private.article_is_saveable(article_id)));
alter policy "readers see their own saved articles" on public.saved_articles
  using ((user_id = (select auth.uid())));
alter policy "admins change roles" on public.user_roles
  using ((select private.is_admin())) with check ((select private.is_admin()));
alter policy "admins grant roles" on public.user_roles
  with check ((select private.is_admin()));
alter policy "admins read roles" on public.user_roles
  using ((select private.is_admin()));
alter policy "admins revoke roles" on public.user_roles
  using ((select private.is_admin()));
alter policy "own roles" on public.user_roles
  using ((user_id = (select auth.uid())));
