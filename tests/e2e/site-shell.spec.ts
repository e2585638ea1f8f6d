import { expect, test } from './fixtures.ts';

test('a reader opening the home page gets the site in French, without the back-office code', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: "L'actualité africaine autrement" })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  expect(scripts.some((u) => /AdminApp/.test(u))).toBe(false);
});

test('an unknown path shows the 404 page and logs the path to the console', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => errors.push(m.text()));
  await page.goto('/nulle-part');
  await expect(page.getByRole('heading', { level: 1, name: 'Page introuvable' })).toBeVisible();
  await expect(page.locator('.not-found').getByRole('searchbox', { name: 'Rechercher un article' })).toBeVisible();
  await page.getByRole('link', { name: "Retour à l'accueil" }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(errors.some((e) => e.includes('/nulle-part'))).toBe(true);
});

test('a signed-out visitor opening /admin loads the admin chunk and is sent to the sign-in page, Administrateur tab', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
  await page.goto('/admin/dashboard');
  // The dashboard is where signing in leads anyway: no return address (admin-shell covers the others).
  await expect(page).toHaveURL(/\/auth\?tab=admin$/);
  expect(scripts.some((u) => /AdminApp/.test(u))).toBe(true);
});

test('the mobile menu opens and closes at 375 px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Navigation principale' });
  await expect(nav).toBeHidden();
  await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
  await expect(nav.getByRole('link', { name: 'Politique' })).toBeVisible();
  await page.getByRole('button', { name: 'Fermer le menu' }).click();
  await expect(nav).toBeHidden();
});
