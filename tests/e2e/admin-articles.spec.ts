import type { Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { ADMIN, clientAs, pageTitle, serviceClient, useSession } from './adminSession.ts';
import { makeArticle as insertArticle } from './articles.ts';
import { expect, test } from './fixtures.ts';

// 'Gestion des articles': the list, its search, filters and sorting, and deleting an article.
// The articles these stories change are made here, as the admin, through the real API.
const RUN = Date.now().toString(36);
const FR_DATE = /^\d{2}\/\d{2}\/\d{4}$/;
let db: SupabaseClient;
let admin: SupabaseClient;
const made: string[] = [];

const makeArticle = (title: string, status: 'draft' | 'published' = 'draft') =>
  insertArticle(admin, { title, slug: `liste-e2e-${RUN}-${made.length}`, content: 'Un texte de test.', status }, made);

const table = (page: Page) => page.getByRole('table');
const rows = (page: Page) => table(page).locator('tbody tr');
const titles = (page: Page) => rows(page).locator('td:first-child');

/** Opens a filter's select and picks an option. */
async function pick(page: Page, filter: string, option: string) {
  await page.getByRole('combobox', { name: filter }).click();
  // The empty choice is labelled for screen readers as "clear", so it is found by its text.
  await page
    .getByRole('listbox')
    .getByRole('option')
    .filter({ hasText: new RegExp(`^${option}$`) })
    .click();
}

async function openList(page: Page) {
  await useSession(page, ADMIN);
  await page.goto('/admin/articles');
  await expect(page.getByRole('heading', { level: 1, name: 'Gestion des articles' })).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
}

test.beforeAll(async () => {
  db = serviceClient();
  admin = await clientAs(ADMIN);
});
test.afterAll(async () => {
  if (made.length) await db.from('articles').delete().in('id', made);
});

test('the list shows title, status badge, author, publication and fr-FR creation date, newest first, asking only for those columns', async ({
  page,
}) => {
  const listCalls: string[] = [];
  page.on('request', (r) => r.url().includes('/rest/v1/articles?') && r.method() === 'GET' && listCalls.push(decodeURIComponent(r.url())));
  // « Date de création » shows on a wide screen only (a 1280 px laptop keeps the actions in view).
  await page.setViewportSize({ width: 1600, height: 900 });
  await openList(page);
  await expect(pageTitle(page)).toHaveText('Gestion des articles');
  await expect(page.getByRole('link', { name: 'Retour au tableau de bord' })).toHaveAttribute('href', '/admin/dashboard');
  await expect(page.getByRole('columnheader')).toHaveText(['Titre', 'Statut', 'Auteur', 'Publication', 'Date de création', 'Actions']);

  const { data: newest } = await db
    .from('articles')
    .select('id, title, status, created_at')
    .order('created_at', { ascending: false })
    .limit(25);
  const { count } = await db.from('articles').select('id', { count: 'exact', head: true });
  await expect(titles(page)).toHaveText(newest!.map((a) => a.title));
  const first = rows(page).first();
  const badge = newest![0].status === 'draft' ? 'Brouillon' : newest![0].status === 'published' ? 'Publié' : /^(Publié|Programmé · .+)$/;
  await expect(first.locator('td').nth(1)).toHaveText(badge);
  await expect(first.locator('td').nth(4)).toHaveText(FR_DATE);
  await expect(first.locator('td').nth(4)).toHaveText(
    new Intl.DateTimeFormat('fr-FR', { timeZone: 'Africa/Abidjan' }).format(new Date(newest![0].created_at)),
  );
  // Both badges appear somewhere in the seed's newest 25.
  await expect(table(page).getByText('Publié', { exact: true }).first()).toBeVisible();
  await expect(page.getByText(`1-25 sur ${count}`)).toBeVisible();

  expect(listCalls.some((u) => u.includes('select=id,title,status,published_at,created_at') && u.includes('order=created_at.desc'))).toBe(
    true,
  );
  expect(listCalls.some((u) => /select=\*|content/.test(u.split('?')[1]))).toBe(false);

  // Sorting by title, then back.
  await page.getByRole('columnheader', { name: 'Titre' }).getByRole('button').click();
  const { data: byTitle } = await db.from('articles').select('title').order('title', { ascending: true }).limit(1);
  await expect(titles(page).first()).toHaveText(byTitle![0].title);

  await page.getByRole('link', { name: 'Nouvel article' }).click();
  await expect(page).toHaveURL(/\/admin\/articles\/new$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Nouvel article' })).toBeVisible();
});

test('title search, status and category filters narrow the list', async ({ page }) => {
  const mine = await makeArticle(`Dépêche de filtre ${RUN} à Bamako`);
  await openList(page);

  const search = page.getByPlaceholder('Rechercher par titre');
  await search.fill(RUN);
  await expect(titles(page)).toHaveText([mine.title]);
  // Several words, in order (ra-data-postgrest would otherwise send title[0]=…, refused by PostgREST).
  await search.fill(`filtre ${RUN} Bamako`);
  await expect(titles(page)).toHaveText([mine.title]);
  await search.fill(`Bamako ${RUN}`);
  await expect(page.getByText('Aucun article ne correspond à ces critères.')).toBeVisible();
  await search.fill('');

  await pick(page, 'Statut', 'Brouillon');
  const { data: drafts } = await db.from('articles').select('title').eq('status', 'draft').order('created_at', { ascending: false });
  await expect(titles(page)).toHaveText(drafts!.slice(0, 25).map((a) => a.title));
  await expect(table(page).getByText('Publié', { exact: true })).toHaveCount(0);
  await pick(page, 'Statut', 'Tous');

  const { data: sport } = await db.from('categories').select('id').eq('slug', 'sport').single();
  const { data: sportArticles } = await db
    .from('articles')
    .select('title')
    .eq('category_id', sport!.id)
    .order('created_at', { ascending: false });
  expect(sportArticles!.length).toBeGreaterThan(0);
  await pick(page, 'Catégorie', 'Sport');
  await expect(titles(page)).toHaveText(sportArticles!.map((a) => a.title));
  await expect(page).toHaveURL(/filter=/);
});

test("deleting asks for confirmation, then says 'Article supprimé' and reloads the list", async ({ page }) => {
  const doomed = await makeArticle(`Suppression ${RUN} : article à supprimer`);
  const kept = await makeArticle(`Suppression ${RUN} : article à garder`);
  await openList(page);
  await page.getByPlaceholder('Rechercher par titre').fill(`Suppression ${RUN}`);
  await expect(titles(page)).toHaveCount(2);

  const row = rows(page).filter({ hasText: doomed.title });
  await row.getByRole('button', { name: `Supprimer « ${doomed.title} »` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Êtes-vous sûr de vouloir supprimer cet article ?')).toBeVisible();
  // Cancelling keeps it.
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(titles(page)).toHaveCount(2);

  await row.getByRole('button', { name: `Supprimer « ${doomed.title} »` }).click();
  await expect(page.getByRole('dialog').getByText("Supprimer l'article")).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirmer' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Article supprimé' })).toBeVisible();
  await expect(titles(page)).toHaveText([kept.title]);
  const { data } = await db.from('articles').select('id').eq('id', doomed.id);
  expect(data).toEqual([]);
});

test('a failed delete or list load says so in French', async ({ page }) => {
  const article = await makeArticle(`Article indestructible ${RUN}`);
  await openList(page);
  await page.getByPlaceholder('Rechercher par titre').fill(`indestructible ${RUN}`);
  await expect(titles(page)).toHaveText([article.title]);

  // The network drops the DELETE: the article stays, and the admin is told.
  await page.route('**/rest/v1/articles?**', (route) => (route.request().method() === 'DELETE' ? route.abort('failed') : route.continue()));
  await rows(page)
    .first()
    .getByRole('button', { name: /^Supprimer/ })
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirmer' }).click();
  const error = page.getByRole('alert').filter({ hasText: "Impossible de supprimer l'article" });
  await expect(error).toBeVisible();
  await expect(error).toContainText('Erreur');
  // The confirmation closes: the list is usable again, the article still in it.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(titles(page)).toHaveText([article.title]);

  // The list is still searched by title: it reads search_article_titles, the table otherwise.
  await page.route('**/rest/v1/{articles,rpc/search_article_titles}?**', (route) =>
    route.request().method() === 'GET' ? route.abort('failed') : route.continue(),
  );
  await page.reload();
  await expect(page.getByRole('alert').filter({ hasText: 'Impossible de charger les articles' })).toBeVisible();
});

test("the edit button opens the editor at /admin/articles/{id}; an unknown id says 'Article introuvable'", async ({ page }) => {
  const article = await makeArticle(`Article à modifier ${RUN}`);
  await openList(page);
  await page.getByPlaceholder('Rechercher par titre').fill(`modifier ${RUN}`);
  // The filtered list first: the search applies after a pause, and applied after the click it
  // would take the page back to the list.
  await expect(titles(page)).toHaveText([article.title]);
  await rows(page)
    .first()
    .getByRole('link', { name: `Modifier « ${article.title} »` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/admin/articles/${article.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: "Modifier l'article" })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Titre', exact: true })).toHaveValue(article.title);

  await page.goto('/admin/articles/00000000-0000-4000-8000-00000000dead');
  await expect(page.getByRole('alert').filter({ hasText: 'Article introuvable' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});
