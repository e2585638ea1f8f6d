-- Abuse-proof, fourth round, item 1: a category hidden from the editor (categories.hidden_from_editor,
-- docs/product.md#categories) was hidden by the editor's list only; a journalist writing through the
-- API filed a draft under it. The journalists' insert and update policies now refuse it. An article
-- keeps the category it has (a journalist's draft moved there by an administrator saves as it is),
-- and an article without a category stays allowed, as before. Administrators are not held to it.
create function private.category_open_to_journalist(p_category_id uuid, p_article_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select p_category_id is null
      or exists (select 1 from public.categories c where c.id = p_category_id and not c.hidden_from_editor)
      -- The stored row: the statement's own write is not visible to this query.
      or exists (select 1 from public.articles a
                 where a.id = p_article_id and a.author_id = auth.uid() and a.category_id = p_category_id)
$$;
revoke execute on function private.category_open_to_journalist(uuid, uuid) from public;
grant execute on function private.category_open_to_journalist(uuid, uuid) to authenticated, service_role;

alter policy "journalists write their own drafts" on public.articles
  with check ((select private.is_journalist()) and author_id = (select auth.uid()) and status in ('draft', 'review')
              and private.category_open_to_journalist(category_id, id));
alter policy "journalists edit their own drafts" on public.articles
  using ((select private.is_journalist()) and author_id = (select auth.uid()) and status in ('draft', 'review'))
  with check ((select private.is_journalist()) and author_id = (select auth.uid()) and status in ('draft', 'review')
              and private.category_open_to_journalist(category_id, id));
