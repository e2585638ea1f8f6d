import { LOCAL_ACCOUNTS } from '../../supabase/seed/accounts.ts';
import { openBackOffice, serviceClient } from './adminSession.ts';
import { expect, test } from './fixtures.ts';

// « Rubriques »: an administrator renames a category and the reader's menu and footer say so; a
// category that still has articles is not deleted, and the administrator is told why.

const token = Math.random().toString(36).slice(2, 10);
let category: { id: string; slug: string };
let articleId: string | undefined;

test.beforeAll(async () => {
  // Last in the menu, so the other stories' menus keep their links where they were.
  const { data, error } = await serviceClient()
    .from('categories')
    .insert({ name: `Rubrique ${token}`, slug: `rubrique-${token}`, menu_position: 999 })
    .select('id, slug')
    .single();
  if (error) throw error;
  category = data;
});

test.afterAll(async () => {
  const svc = serviceClient();
  if (articleId) await svc.from('articles').delete().eq('id', articleId);
  await svc.from('categories').delete().eq('id', category.id);
});

test("an administrator renames a category in « Rubriques »: the reader's menu and footer show the new name, at the same address", async ({
  page,
}) => {
  await openBackOffice(page);
  await page.getByRole('menuitem', { name: 'Rubriques' }).click();
  await expect(page).toHaveURL(/\/admin\/categories/);
  const row = page.getByRole('row').filter({ hasText: `Rubrique ${token}` });
  await expect(row).toContainText('999');
  await row.getByRole('link', { name: 'Modifier' }).click();

  await expect(page.getByLabel('Slug (adresse)')).toBeDisabled();
  await page.getByLabel('Nom').fill(`Santé ${token}`);
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Rubrique mise à jour')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: `Santé ${token}` })).toBeVisible();

  // The site's page cache lets go of its pages once it sees the change (it polls every second).
  const menuLink = page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: `Santé ${token}` });
  await expect(async () => {
    await page.goto('/');
    await expect(menuLink).toBeAttached({ timeout: 1_000 });
  }).toPass();
  await expect(menuLink).toHaveAttribute('href', `/category/${category.slug}`);
  await expect(page.getByRole('contentinfo').getByRole('link', { name: `Santé ${token}` })).toHaveAttribute(
    'href',
    `/category/${category.slug}`,
  );
  // Today's links are still there, in their order.
  const links = await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link').allTextContents();
  expect(links.slice(0, 4)).toEqual(['Accueil', 'Actualité', 'Politique', 'Économie']);
});

test('a category that still has articles is not deleted: the administrator reads why', async ({ page }) => {
  const { data, error } = await serviceClient()
    .from('articles')
    .insert({ slug: `classe-${token}`, title: `Classé ${token}`, content: 'Texte', category_id: category.id })
    .select('id')
    .single();
  if (error) throw error;
  articleId = data.id;

  await openBackOffice(page);
  await page.goto('/admin/categories');
  const row = page.getByRole('row').filter({ hasText: category.slug });
  // « Articles »: how many are filed there, which is why it will not go.
  await expect(row.getByRole('cell').nth(4)).toHaveText('1');
  await row.getByRole('button', { name: /^Supprimer la rubrique/ }).click();
  await page.getByRole('button', { name: 'Confirmer' }).click();
  await expect(page.getByText('Impossible de supprimer cette rubrique : des articles y sont classés.', { exact: false })).toBeVisible();
  const { data: still } = await serviceClient().from('categories').select('id').eq('id', category.id);
  expect(still).toHaveLength(1);
});

test('a journalist has no « Rubriques »', async ({ page }) => {
  await openBackOffice(
    page,
    LOCAL_ACCOUNTS.find((a) => a.role === 'journalist')!,
  );
  await expect(page.getByRole('menuitem', { name: 'Tableau de bord' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Rubriques' })).toHaveCount(0);
});
