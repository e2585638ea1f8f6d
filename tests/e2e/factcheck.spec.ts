import type { Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { LOCAL_ACCOUNTS } from '../../supabase/seed/accounts.ts';
import { ADMIN, serviceClient, signInAsAdmin } from './adminSession.ts';
import { expect, test } from './fixtures.ts';

// « Vrai ou faux » (issue 44) through the real back office and site: the journalist writes a
// fact-check and submits it; the editor cannot publish it unverified, signs « Vérifié par » and
// publishes it; readers find the verdict band first on the full and the lite page, and the
// verdict on its card.
const RUN = Date.now().toString(36);
const JOURNALIST = LOCAL_ACCOUNTS.find((a) => a.role === 'journalist')!;
const TITLE = `Non, le pont de Kaolack n’a pas été vendu (${RUN})`;
const CLAIM = `Le pont de Kaolack a été vendu à une société étrangère (${RUN}).`;
const SUMMARY = 'Aucun acte de vente : le pont appartient toujours à l’État.';
let db: SupabaseClient;
let id = '';

const alert = (page: Page, text: RegExp | string) => page.getByRole('alert').filter({ hasText: text });

test.beforeAll(() => {
  db = serviceClient();
});
test.afterAll(async () => {
  if (id) await db.from('articles').delete().eq('id', id);
});

test('a journalist writes a fact-check, the editor verifies and publishes it, readers see its verdict on the full and lite pages and on its card', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);

  await test.step('the journalist writes the fact-check and submits it « À relire »', async () => {
    await signInAsAdmin(page, JOURNALIST);
    await page.goto('/admin/articles/new');
    await page.getByRole('textbox', { name: 'Titre', exact: true }).fill(TITLE);
    await page.getByRole('combobox', { name: /Catégorie/ }).click();
    await page.getByRole('option', { name: 'Actualité', exact: true }).click();
    await page.getByRole('radio', { name: 'Vrai ou faux' }).check();
    await page.getByRole('textbox', { name: 'Affirmation vérifiée' }).fill(CLAIM);
    await page.getByRole('button', { name: 'Publications virales' }).click();
    await expect(page.getByRole('textbox', { name: "Qui l'affirme" })).toHaveValue('Publications virales');
    await page.getByRole('textbox', { name: 'Lien 1 (facultatif)' }).fill('https://facebook.example/post/kaolack');
    await page.getByRole('radio', { name: 'Faux', exact: true }).check();
    await page.getByRole('textbox', { name: 'En bref' }).fill(SUMMARY);
    await page.getByRole('button', { name: 'Ajouter', exact: true }).click();
    await page.getByRole('textbox', { name: 'Titre' }).last().fill('Ministère des Infrastructures, communiqué');
    await page.getByRole('textbox', { name: 'Lien', exact: true }).fill('https://infra.example/communique');
    await page.getByLabel('Consultée le').fill('2026-11-21');
    // The author never signs « Vérifié par »: no button for them.
    await expect(page.getByRole('button', { name: "Je l'ai vérifié" })).toHaveCount(0);
    await page.getByRole('button', { name: 'Texte brut' }).click();
    await page.getByLabel("Contenu de l'article").fill('Nous avons consulté le registre des concessions et le ministère.');
    await page.getByRole('radio', { name: 'À relire (soumettre)' }).check();
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(alert(page, 'Article créé avec succès')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/articles\/([0-9a-f-]{36})$/);
    id = /\/admin\/articles\/([0-9a-f-]{36})$/.exec(page.url())![1];
  });

  const editor = await browser.newPage();
  await test.step('the editor cannot publish it unverified, then verifies and publishes it', async () => {
    await signInAsAdmin(editor, ADMIN);
    await editor.goto(`/admin/articles/${id}`);
    await expect(editor.getByRole('textbox', { name: 'Affirmation vérifiée' })).toHaveValue(CLAIM);
    await editor.getByRole('radio', { name: 'Publié', exact: true }).check();
    await editor.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(alert(editor, /Vérifié par/)).toBeVisible();
    expect((await db.from('articles').select('status').eq('id', id).single()).data?.status).toBe('review');

    await editor.getByRole('button', { name: "Je l'ai vérifié" }).click();
    await expect(editor.getByText('Vérifié par vous.')).toBeVisible();
    await editor.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(alert(editor, 'Article approuvé et publié')).toBeVisible();
    const { data } = await db.from('articles').select('status, checked_by, slug').eq('id', id).single();
    expect(data?.status).toBe('published');
    expect(data?.checked_by).not.toBeNull();
  });

  const { data } = await db.from('articles').select('slug').eq('id', id).single();
  const path = `/article/${data!.slug}`;
  const reader = await browser.newPage();
  await test.step('the verdict band comes first on the article, with its claim and « En bref »', async () => {
    await reader.goto(path);
    const band = reader.getByRole('region', { name: 'Verdict' });
    await expect(band).toContainText('Faux');
    await expect(band).toContainText(CLAIM);
    await expect(band).toContainText(SUMMARY);
    const [bandTop, titleTop] = await Promise.all([band.boundingBox(), reader.getByRole('heading', { level: 1 }).boundingBox()]);
    expect(bandTop!.y).toBeLessThan(titleTop!.y);
    await expect(
      reader.getByRole('complementary', { name: 'Kit de correction' }).getByRole('link', { name: 'Renvoyer sur WhatsApp' }),
    ).toHaveAttribute('href', /s%3Dvf-kit/);
  });

  await test.step('the lite page shows the same band, without the app', async () => {
    const lite = await browser.newPage({ extraHTTPHeaders: { 'Save-Data': 'on' } });
    await lite.goto(path);
    await expect(lite.getByRole('region', { name: 'Verdict' })).toContainText('Faux');
    await expect(lite.getByRole('region', { name: 'Verdict' })).toContainText(CLAIM);
    await lite.close();
  });

  await test.step('its card on the category page carries the verdict', async () => {
    await reader.goto('/category/actualite');
    const card = reader.getByRole('article').filter({ hasText: TITLE });
    await expect(card).toContainText('Faux');
    await expect(card.locator('.verdict-mark')).toHaveText('✘ Faux');
  });
  await Promise.all([editor.close(), reader.close()]);
});

test('a reader sends a rumour without an account and it lands in the newsroom’s queue', async ({ page, browser }) => {
  const rumour = `On dit que les écoles ferment tout le mois de décembre (${RUN}).`;
  await test.step('the reader sends it', async () => {
    await page.goto('/signaler-une-rumeur');
    await page.getByLabel('La rumeur').fill(rumour);
    await page.getByLabel('Lien (facultatif)').fill('https://facebook.example/post/ecoles');
    await page.getByRole('button', { name: 'Envoyer le signalement' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Votre signalement est arrivé à la rédaction.' })).toBeVisible();
  });

  await test.step('the editor finds it « Nouveau » in « Rumeurs signalées » and takes it « En vérification »', async () => {
    const editor = await browser.newPage();
    await signInAsAdmin(editor, ADMIN);
    await editor.goto('/admin/rumour_reports');
    const row = editor.getByRole('row').filter({ hasText: RUN });
    await expect(row).toContainText('Nouveau');
    await row.click();
    await expect(editor.getByText(rumour)).toBeVisible();
    await editor.getByRole('radio', { name: 'En vérification' }).check();
    await editor.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(editor.getByRole('row').filter({ hasText: RUN })).toContainText('En vérification');
    const { data } = await db.from('rumour_reports').select('status').eq('body', rumour).single();
    expect(data?.status).toBe('checking');
    await db.from('rumour_reports').delete().eq('body', rumour);
    await editor.close();
  });
});
