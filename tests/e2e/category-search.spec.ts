import { expect, test } from './fixtures.ts';

test("a category page shows its name, a lead story and compact rows of its articles, each with a read time and none with the page's own badge", async ({
  page,
}) => {
  await page.goto('/category/politique');
  await expect(page.getByRole('heading', { level: 1, name: 'Politique' })).toBeVisible();
  const cards = page.locator('main article.card');
  // The seed's Politique runs past one page (12 a page).
  await expect(cards).toHaveCount(12);
  await expect(page.locator('main article.card--featured')).toHaveCount(1);
  await expect(page.locator('main article.card--row')).toHaveCount(11);
  for (const card of await cards.all()) {
    await expect(card.locator('.badge')).toHaveCount(0);
    await expect(card.locator('.card__read-time')).toHaveText(/^\d+ min$/);
  }
  await cards.first().getByRole('heading').getByRole('link').click();
  await expect(page).toHaveURL(/\/article\//);
});

test('a category without articles says so', async ({ page }) => {
  await page.goto('/category/actualite-mise-a-jour');
  await expect(page.getByRole('heading', { level: 1, name: 'Actualité mise à jour' })).toBeVisible();
  await expect(page.getByText('Aucun article disponible dans cette catégorie pour le moment.')).toBeVisible();
});

test('an unknown category is a 404', async ({ page }) => {
  await page.goto('/category/nexiste-pas');
  await expect(page.getByRole('heading', { level: 1, name: 'Page introuvable' })).toBeVisible();
});

test('the search box finds published articles, ignoring accents, and says when nothing matches', async ({ page }) => {
  await page.goto('/');
  const box = page.getByRole('searchbox', { name: 'Rechercher un article' });
  await box.fill('aeroport dakar');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=aeroport/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('aeroport dakar');
  await expect(page.getByRole('link', { name: /Dakar : le train express régional relie enfin la capitale à l'aéroport/ })).toBeVisible();

  await page.goto('/search?q=zzzyyyxxx');
  await expect(page.getByText(/Aucun article ne correspond à « zzzyyyxxx »/)).toBeVisible();
});

test('search never shows a draft, even to a word only a draft contains', async ({ page }) => {
  // "délestages" appears only in the seed's draft about South Africa's power cuts.
  await page.goto('/search?q=delestages');
  await expect(page.getByText(/Aucun article ne correspond à « delestages »/)).toBeVisible();
  await expect(page.getByText('Afrique du Sud : les délestages électriques reculent nettement')).toHaveCount(0);
});
