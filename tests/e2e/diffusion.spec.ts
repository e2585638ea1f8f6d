import fs from 'node:fs';
import { ADMIN, openBackOffice, serviceClient } from './adminSession.ts';
import { expect, test } from './fixtures.ts';

// « L'essentiel du jour » for WhatsApp, in « Diffusion »: an administrator sees today's edition as a
// WhatsApp bubble with its character count, copies its text and downloads its card; its page
// /edition/{day} is read without JavaScript and weighs under 20 KB.

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('« Diffusion » previews the edition, copies its text and downloads its card; its page weighs under 20 KB', async ({
  page,
  browser,
}) => {
  await openBackOffice(page, ADMIN);
  await page.getByRole('menuitem', { name: 'Diffusion' }).click();
  await expect(page).toHaveURL(/\/admin\/diffusion/);
  await expect(page.getByRole('heading', { name: 'Diffusion — L’essentiel du jour' })).toBeVisible();
  // Made at its time, or now on demand (the seed's articles of the last day).
  const prepare = page.getByRole('button', { name: 'Préparer l’édition maintenant' });
  const bubble = page.getByTestId('whatsapp-bubble');
  await expect(prepare.or(bubble)).toBeVisible();
  if (await prepare.isVisible()) await prepare.click();
  await expect(bubble).toContainText("L'essentiel du");
  const { data } = await serviceClient()
    .from('daily_editions')
    .select('day, text')
    .order('made_at', { ascending: false })
    .limit(1)
    .single();
  const { day, text } = data as { day: string; text: string };
  await expect(page.getByTestId('char-count')).toHaveText(`${text.length} / 1000 caractères`);

  await page.evaluate(() => navigator.clipboard.writeText('vide'));
  await page.getByRole('button', { name: 'Copier le texte' }).click();
  await expect(page.getByText('Texte copié', { exact: false })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(text);

  await expect(page.getByTestId('card-weight')).toContainText('1080 × 1350');
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Télécharger l’image' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`essentiel-${day}.jpg`);
  const size = fs.statSync((await file.path())!).size;
  expect(size).toBeGreaterThan(10_000);
  expect(size).toBeLessThanOrEqual(150 * 1024);

  // The edition's page, as a reader's phone without JavaScript gets it.
  const reader = await browser.newContext({ javaScriptEnabled: false });
  const lite = await reader.newPage();
  const response = await lite.goto(`/edition/${day}`);
  expect(response!.status()).toBe(200);
  expect((await response!.body()).length).toBeLessThanOrEqual(20 * 1024);
  await expect(lite.getByRole('heading', { name: 'L’essentiel du jour' })).toBeVisible();
  const first = lite.locator('ol li h2 a').first();
  await first.click();
  await expect(lite).toHaveURL(/\/article\//);
  await reader.close();
});
