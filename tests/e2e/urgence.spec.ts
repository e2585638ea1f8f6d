import type { Browser, Page } from '@playwright/test';
import { openBackOffice, serviceClient } from './adminSession.ts';
import { expect, test } from './fixtures.ts';

// « Mode urgence » (issue 45): an administrator turns it on from the back office and a phone that
// never chose data-saver gets the lite front page, the newsroom's banner and « L'essentiel »; off,
// the full page again. « Préparer »: the front page offers the edition before the date.

const PHONE = { width: 412, height: 915 };
const BANNER = 'Connexion perturbée ? Cette version légère consomme peu de données.';

/** A phone's first visit (a fresh context: no choice, no cached page), its front page open. */
async function phoneHome(browser: Browser): Promise<{ page: Page; appLoaded: () => boolean; close: () => Promise<void> }> {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, locale: 'fr-FR', viewport: PHONE });
  const page = await context.newPage();
  let app = false;
  page.on('request', (r) => /\/assets\/index-[\w-]+\.js$/.test(r.url()) && (app = true));
  await page.goto('/');
  return { page, appLoaded: () => app, close: () => context.close() };
}

/** How many `selector` a phone's first visit to the front page finds. */
async function countOnPhone(browser: Browser, selector: string): Promise<number> {
  const phone = await phoneHome(browser);
  const count = await phone.page.locator(selector).count();
  await phone.close();
  return count;
}

test.afterEach(async () => {
  await serviceClient().from('emergency_mode').update({ is_on: false, prepared_until: null }).eq('id', true);
});

test('an administrator turns « Mode urgence » on from the back office, a phone gets the lite front page; off restores it', async ({
  page,
  browser,
}) => {
  await serviceClient().from('emergency_mode').update({ banner: BANNER }).eq('id', true);
  await openBackOffice(page);
  await page.getByRole('menuitem', { name: 'Mode urgence' }).click();
  await expect(page).toHaveURL(/\/admin\/urgence$/);
  const toggle = page.getByRole('switch', { name: 'Mode urgence' });
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  await expect(page.getByText('Mode urgence activé')).toBeVisible();
  await expect(page.getByTestId('emergency-state')).toHaveText('Activé : tout le site est en version légère.');
  await expect(page.getByRole('table', { name: 'Historique du mode urgence' })).toContainText('Activé');

  // The site learns of it within its content version's poll (a second).
  await expect.poll(() => countOnPhone(browser, '[data-emergency-banner]')).toBe(1);
  const phone = await phoneHome(browser);
  await expect(phone.page.getByRole('complementary', { name: 'Mode urgence' })).toContainText(BANNER);
  await expect(phone.page.getByRole('heading', { name: "L'essentiel" })).toBeVisible();
  await expect(phone.page.locator('#root[data-lite]')).toHaveCount(1);
  await expect(phone.page.locator('.carousel')).toHaveCount(0);
  await phone.page.waitForLoadState('load');
  expect(phone.appLoaded(), 'the reader app is not downloaded').toBe(false);
  await phone.close();

  await page.getByRole('switch', { name: 'Mode urgence' }).click();
  await expect(page.getByText('Mode urgence désactivé')).toBeVisible();
  await expect.poll(() => countOnPhone(browser, '#root[data-lite]')).toBe(0);
});

test('« Préparer »: the front page offers the edition before the date', async ({ page }) => {
  const inThreeDays = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  await openBackOffice(page);
  await page.getByRole('menuitem', { name: 'Mode urgence' }).click();
  await page.getByLabel("Jusqu'au").fill(inThreeDays);
  await page.getByRole('button', { name: 'Préparer', exact: true }).click();
  await expect(page.getByText('Édition préparée')).toBeVisible();
  await expect
    .poll(async () => {
      await page.goto('/');
      return page.locator('[data-edition-offer]').count();
    })
    .toBe(1);
  await expect(page.locator('[data-edition-offer]')).toContainText("Téléchargez l'édition avant le");
});
