// Issue 25: a front page that reads like a newsroom. At a phone's and a laptop's size: the news in
// the first screen, the article's standfirst and quiet share row, the data-saver switch within
// reach, a category's pager. Screenshots of the three pages at both widths go to the report
// (looked at, not compared pixel by pixel).
import type { Page, TestInfo } from '@playwright/test';
import { serviceClient } from './adminSession.ts';
import { expect, test } from './fixtures.ts';

const SIZES = [
  { name: 'phone', width: 412, height: 915, headlines: 3 },
  { name: 'laptop', width: 1280, height: 800, headlines: 4 },
] as const;

/** How many of `selector` lie whole within the first screen. */
const inFirstScreen = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((els) => els.filter((e) => e.getBoundingClientRect().bottom <= window.innerHeight).length);

async function attachScreenshot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

for (const size of SIZES) {
  test.describe(`at ${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test(`the first screen holds the lead story and at least ${size.headlines} more headlines`, async ({ page }, testInfo) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: "L'actualité africaine autrement" })).toBeVisible();
      const lead = page.getByRole('region', { name: 'À la une' });
      await expect(lead.getByRole('heading', { level: 3 })).toBeVisible();
      await attachScreenshot(page, testInfo, `home-${size.name}`);
      expect(await inFirstScreen(page, '.home-featured .card__title')).toBe(1);
      const headlines = page.getByRole('region', { name: 'Les grands titres' }).locator('.card__title');
      await expect(headlines).toHaveCount(6);
      expect(await inFirstScreen(page, '.home-top .card__title')).toBeGreaterThanOrEqual(size.headlines);
      // Relative French times once hydrated, the instant always in datetime.
      await expect(page.locator('.home-front time').first()).toHaveAttribute('datetime', /^\d{4}-/);
    });

    test('an article: its standfirst under the headline, one quiet share row near the top and the full row after the body', async ({
      page,
    }, testInfo) => {
      // A story with a standfirst: other specs publish bare ones that may lead the category meanwhile.
      const { data } = await serviceClient()
        .from('articles')
        .select('slug, categories!inner(slug)')
        .eq('status', 'published')
        .eq('categories.slug', 'politique')
        .neq('excerpt', '')
        .order('published_at', { ascending: false })
        .limit(1)
        .single();
      await page.goto(`/article/${data!.slug}`);
      const header = page.locator('.article__header');
      const standfirst = header.locator('.article__standfirst');
      await expect(standfirst).toBeVisible();
      const [title, stand] = await Promise.all([header.locator('h1').boundingBox(), standfirst.boundingBox()]);
      expect(stand!.y).toBeGreaterThan(title!.y);
      const top = page.getByRole('group', { name: "Partager l'article" });
      await expect(top.getByRole('button', { name: 'Partager sur WhatsApp' })).toBeVisible();
      await expect(page.getByRole('group', { name: 'Partager cet article' })).toHaveCount(1);
      await page.reload();
      await page.waitForLoadState('networkidle');
      await attachScreenshot(page, testInfo, `article-${size.name}`);
    });

    test('a category: lead story, compact rows, page 2 and back', async ({ page }, testInfo) => {
      await page.goto('/category/politique');
      await expect(page.locator('main article.card--featured')).toHaveCount(1);
      if (size.name === 'phone') expect(await inFirstScreen(page, 'main .card__title')).toBeGreaterThanOrEqual(3);
      await attachScreenshot(page, testInfo, `category-${size.name}`);
      const pager = page.getByRole('navigation', { name: 'Pages de la rubrique Politique' });
      await pager.getByRole('link', { name: '2', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Politique, page 2' })).toBeVisible();
      await pager.getByRole('link', { name: 'Précédent' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Politique', exact: true })).toBeVisible();
      await expect(page).toHaveURL(/\/category\/politique$/);
    });

    test('the data-saver switch is in the header, and turns the mode on and off', async ({ page }) => {
      await page.goto('/');
      await page.waitForLoadState('networkidle');
      if (size.name === 'phone') await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
      const toggle = page.locator('.site-header [data-saver-toggle]');
      await expect(toggle).toBeVisible();
      await expect(toggle).toHaveText('Mode léger : désactivé');
      await toggle.click();
      await expect(toggle).toHaveText('Mode léger : activé');
      await expect(page.locator('main button.tap-image').first()).toBeAttached();
      await toggle.click();
      await expect(toggle).toHaveText('Mode léger : désactivé');
    });
  });
}

test('on a first visit from a slow connection, a one-line offer turns data-saver mode on, once', async ({ page }) => {
  await page.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { effectiveType: '3g', saveData: false } }));
  await page.goto('/');
  const offer = page.locator('.data-saver-offer');
  await expect(offer).toContainText('Connexion lente');
  await offer.getByRole('button', { name: 'Activer' }).click();
  await expect(offer).toHaveCount(0);
  await expect(page.locator('[data-saver-toggle]')).toHaveText('Mode léger : activé');
});
