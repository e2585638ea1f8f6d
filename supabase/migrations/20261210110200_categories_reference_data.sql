-- Categories a hosted project has (issue 26, item 7). Until now the seven of the menu and the
-- legacy one existed only in supabase/seed.sql, which `supabase db push` never applies: a new hosted
-- project started with an empty menu leading to 404s. They are reference data now, with what the
-- menu and the editor need to read from the database rather than from code (docs/product.md#categories):
--   menu_position       the place in the reader's menu and footer (1 first); null: not in the menu
--                       (its page, feed and articles stay public: old links keep working);
--   hidden_from_editor  not offered to file new articles under (an article keeps its own).
-- Administrators change both, and names, in « Rubriques » (src/admin/categories).

alter table public.categories
  add column menu_position integer check (menu_position between 1 and 999),
  add column hidden_from_editor boolean not null default false;

-- Existing projects keep what they showed: the menu src/public/categories.ts hard-coded, in its
-- order, and the editor's rule by name for the legacy category. Nothing else is rewritten.
update public.categories c set menu_position = m.position
from (values ('actualite', 1), ('politique', 2), ('economie', 3), ('culture', 4), ('sport', 5), ('reussite', 6), ('tribune-libre', 7))
  as m (slug, position)
where c.slug = m.slug;
update public.categories set hidden_from_editor = true
where pg_catalog.btrim(private.fold(name)) = 'actualite mise a jour';

-- The spec's categories where they are missing, by slug: a category an administrator renamed or
-- moved keeps its name and place.
insert into public.categories (name, slug, menu_position, hidden_from_editor)
values
  ('Actualité', 'actualite', 1, false),
  ('Politique', 'politique', 2, false),
  ('Économie', 'economie', 3, false),
  ('Culture', 'culture', 4, false),
  ('Sport', 'sport', 5, false),
  ('Réussite', 'reussite', 6, false),
  ('Tribune libre', 'tribune-libre', 7, false),
  ('Actualité mise à jour', 'actualite-mise-a-jour', null, true)
on conflict (slug) do nothing;

-- The menu's read: a handful of rows, in order.
create index categories_menu_idx on public.categories (menu_position) where menu_position is not null;

-- Administrators rename, place, hide and add; a category's slug is its address (/category/…, its
-- feed, links already shared): it is chosen once, at creation, and never changed through the API.
revoke update (slug) on public.categories from authenticated;
grant insert (menu_position, hidden_from_editor), update (menu_position, hidden_from_editor) on public.categories to authenticated;

-- A category that still has articles (public or not) cannot be deleted: the database refuses
-- (23503, articles_category_id_fkey) rather than leaving its articles without a category.
alter table public.articles drop constraint articles_category_id_fkey;
alter table public.articles add constraint articles_category_id_fkey
  foreign key (category_id) references public.categories (id) on delete restrict;
