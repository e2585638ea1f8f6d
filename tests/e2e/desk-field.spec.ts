import type { Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import sharp from 'sharp';
import { LOCAL_ACCOUNTS } from '../../supabase/seed/accounts.ts';
import { imageFamily } from '../../src/lib/renditions.ts';
import { ADMIN, clientAs, fr, READER, serviceClient, useSession } from './adminSession.ts';
import { expect, test } from './fixtures.ts';
import { expectNoSidewaysScroll } from './sideways.ts';

// A back office journalists can use from the field (issue 26): a reporter files from a phone end
// to end (new article with a photo, the editor keeps it after the first save, alternative text,
// sent for review) without ever scrolling sideways (every screen at every width: widths.spec.ts);
// offline, its save waits on the phone and goes once when the network returns; at 1280 px the
// editor stays on its article and a row opens its record; an editor's lists answer with authors,
// publication dates, the inbox's counts and the users' bios.
const RUN = Date.now().toString(36);
const BUCKET = 'article-images';
const JOURNALIST = LOCAL_ACCOUNTS.find((a) => a.role === 'journalist')!;
let db: SupabaseClient;
const madeIds: string[] = [];

const alert = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
const card = (page: Page, label: string) => page.getByRole('region', { name: label, exact: true });
const ARTICLE_URL = /\/admin\/articles\/([0-9a-f-]{36})$/;

const photo = async () => ({
  name: 'marche.jpg',
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#b5542b' } })
    .jpeg()
    .toBuffer(),
});

async function fillNewArticle(page: Page, title: string) {
  await page.getByRole('textbox', { name: 'Titre', exact: true }).fill(title);
  await page.getByRole('combobox', { name: /Catégorie/ }).click();
  await page.getByRole('option', { name: 'Économie', exact: true }).click();
  // The rich editor, named by the content's label like the plain text box.
  await expect(page.getByRole('textbox', { name: "Contenu de l'article" })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('textbox', { name: "Contenu de l'article" }).click();
  await page.keyboard.insertText('Le marché de Sandaga rouvre après six mois de travaux, ses commerçants aussi.');
}

test.beforeAll(() => {
  db = serviceClient();
});

test.afterAll(async () => {
  if (!madeIds.length) return;
  const { data: images } = await db.from('article_images').select('image_url').in('article_id', madeIds);
  await db.from('articles').delete().in('id', madeIds);
  const paths = (images ?? []).flatMap((i) => imageFamily(i.image_url.split(`/${BUCKET}/`)[1] ?? '')).filter(Boolean);
  if (paths.length) await db.storage.from(BUCKET).remove(paths);
});

test('a journalist on a 412 px phone files an article with a photo, keeps its editor, describes the photo and sends it for review, never scrolling sideways', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const title = `Sandaga rouvre ${RUN}`;
  await page.setViewportSize({ width: 412, height: 915 });
  await useSession(page, JOURNALIST);

  await test.step('the dashboard offers « Nouvel article » and « À relire » before its figures', async () => {
    await page.goto('/admin/dashboard');
    const newArticle = page.getByRole('navigation', { name: 'Actions rapides' }).getByRole('link', { name: 'Nouvel article' });
    await expect(newArticle).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Actions rapides' }).getByRole('link', { name: 'À relire' })).toBeVisible();
    const action = (await newArticle.boundingBox())!;
    const figure = (await card(page, 'Total des articles').boundingBox())!;
    expect(action.y).toBeLessThan(figure.y);
    await expectNoSidewaysScroll(page, 'the dashboard');
  });

  await test.step('« Mes articles » is one column with a floating « Nouvel article »', async () => {
    await page.goto('/admin/articles');
    await expect(page.getByRole('heading', { level: 1, name: 'Mes articles' })).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await expectNoSidewaysScroll(page, 'the article list');
    await page.getByRole('link', { name: 'Nouvel article' }).click();
    await expect(page).toHaveURL(/\/admin\/articles\/new$/);
  });

  let id = '';
  await test.step('the first save keeps the article, and its photo, in its editor', async () => {
    await fillNewArticle(page, title);
    await page.getByTestId('image-input').setInputFiles([await photo()]);
    await expect(page.getByRole('group', { name: 'Image 1', exact: true })).toBeVisible({ timeout: 20_000 });
    await expectNoSidewaysScroll(page, 'the new article');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(alert(page, 'Article créé avec succès')).toBeVisible();
    await expect(page).toHaveURL(ARTICLE_URL);
    id = ARTICLE_URL.exec(page.url())![1];
    madeIds.push(id);
    await expect(page.getByRole('heading', { level: 1, name: "Modifier l'article" })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Titre', exact: true })).toHaveValue(title);
    await expect(page.getByRole('group', { name: 'Image 1', exact: true })).toBeVisible();
    const { count } = await db.from('article_images').select('id', { count: 'exact', head: true }).eq('article_id', id);
    expect(count).toBe(1);
  });

  await test.step('the editor is one column, the photos after the text, the save bar in view', async () => {
    const text = (await page.getByRole('textbox', { name: "Contenu de l'article" }).boundingBox())!;
    const image = (await page.getByRole('group', { name: 'Image 1', exact: true }).boundingBox())!;
    expect(image.y).toBeGreaterThan(text.y);
    await expect(page.getByTestId('save-bar')).toBeInViewport();
    await expectNoSidewaysScroll(page, "the article's editor");
  });

  await test.step('alternative text, « À relire (soumettre) », and the journalist is told who reviews', async () => {
    await page
      .getByRole('group', { name: 'Image 1', exact: true })
      .getByLabel('Texte alternatif')
      .fill('Les allées couvertes du marché de Sandaga');
    await page.getByRole('radio', { name: 'À relire (soumettre)' }).check();
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(alert(page, 'Envoyé en relecture')).toBeVisible();
    await expect(alert(page, 'Les administrateurs de la rédaction le reliront')).toBeVisible();
    await expect(page).toHaveURL(ARTICLE_URL);
    await expectNoSidewaysScroll(page, 'the editor after sending for review');
    const { data } = await db.from('articles').select('status, article_images(alt_text)').eq('id', id).single();
    expect(data).toMatchObject({ status: 'review', article_images: [{ alt_text: 'Les allées couvertes du marché de Sandaga' }] });
  });

  await test.step('back in « Mes articles », the row says what it is and opens it', async () => {
    await page.goto('/admin/articles');
    const item = page.getByRole('link').filter({ hasText: title });
    await expect(item).toContainText('À relire');
    await expect(item).toContainText('Moussa Traoré');
    await item.click();
    await expect(page).toHaveURL(new RegExp(`/admin/articles/${id}$`));
  });
});

test('offline on a 412 px phone, « Enregistrer » keeps the new article on the phone at once, and it is saved once when the network returns', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const title = `Sans réseau à Kayes ${RUN}`;
  const saved = async () => (await db.from('articles').select('id', { count: 'exact', head: true }).eq('title', title)).count;
  await page.setViewportSize({ width: 412, height: 915 });
  await useSession(page, JOURNALIST);
  await page.goto('/admin/articles/new');
  await fillNewArticle(page, title);

  await test.step('offline, the save says at once that the article is kept on the phone, and the save bar shows it', async () => {
    await context.setOffline(true);
    const started = Date.now();
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(alert(page, "Connexion perdue : l'article est gardé sur ce téléphone et sera enregistré au retour du réseau")).toBeVisible(
      { timeout: 5_000 },
    );
    expect(Date.now() - started).toBeLessThan(5_000);
    await expect(page.getByTestId('save-bar').getByRole('status')).toHaveText(
      'Gardé sur ce téléphone : sera enregistré au retour du réseau',
    );
    // Not spinning: the journalist may tap again (the same article, kept once).
    await expect(page.getByRole('button', { name: 'Enregistrer' })).toBeEnabled();
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    expect(await saved()).toBe(0);
  });

  await test.step('the network back, the article is saved once and its editor opens', async () => {
    await context.setOffline(false);
    await expect(alert(page, 'Enregistré au retour du réseau')).toBeVisible({ timeout: 20_000 });
    await expect(page).toHaveURL(ARTICLE_URL, { timeout: 10_000 });
    madeIds.push(ARTICLE_URL.exec(page.url())![1]);
    await expect(page.getByRole('textbox', { name: 'Titre', exact: true })).toHaveValue(title);
    await expect(page.getByTestId('save-bar').getByRole('status')).toHaveCount(0);
    expect(await saved()).toBe(1);
  });
});

test('at 1280 px the editor stays on its new article, a row opens it, and the lists show authors, dates, the inbox and bios', async ({
  page,
}) => {
  test.setTimeout(210_000);
  const title = `Le budget de Niamey ${RUN}`;
  await page.setViewportSize({ width: 1280, height: 800 });
  await useSession(page, ADMIN);
  const admin = await clientAs(ADMIN);

  await test.step('the first save stays in the editor', async () => {
    await page.goto('/admin/articles/new');
    await fillNewArticle(page, title);
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(alert(page, 'Article créé avec succès')).toBeVisible();
    await expect(page).toHaveURL(ARTICLE_URL);
    madeIds.push(ARTICLE_URL.exec(page.url())![1]);
    await expect(page.getByRole('textbox', { name: 'Titre', exact: true })).toHaveValue(title);
  });
  const id = madeIds.at(-1)!;

  await test.step('the list has author and publication columns, filters by author, and a row opens its article', async () => {
    await page.goto('/admin/articles');
    await expect(page.getByRole('columnheader', { name: 'Auteur' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Publication' })).toBeVisible();
    await page.getByPlaceholder('Rechercher par titre').fill(RUN);
    // Each filter applied (it is in the address) before the next: the search applies after a pause,
    // and a slow machine must not have it land in the middle of choosing the author.
    const filters = () => decodeURIComponent(new URL(page.url()).searchParams.get('filter') ?? '');
    await expect.poll(filters).toContain(`"q":"${RUN}"`);
    await page.getByRole('combobox', { name: 'Auteur' }).click();
    await page.getByRole('option', { name: 'Moussa Traoré' }).click();
    await expect.poll(filters).toContain('author_id');
    await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(0);
    await page.getByRole('combobox', { name: 'Auteur' }).click();
    // The empty choice (« Tous ») is named by react-admin's « Vider le champ ».
    await page.getByRole('option', { name: 'Vider le champ' }).click();
    const row = page.getByRole('row').filter({ hasText: title });
    await expect(row).toBeVisible();
    await expect(row.getByRole('cell').nth(3)).toHaveText('—');
    await row.getByText(title).click();
    await expect(page).toHaveURL(new RegExp(`/admin/articles/${id}$`));
  });

  await test.step('the dashboard counts the messages to handle and the new subscribers, each linking to its list', async () => {
    const since = new Date();
    since.setUTCHours(0, 0, 0, 0);
    since.setUTCDate(since.getUTCDate() - 7);
    // Other stories send messages and subscribe meanwhile: the card must show what the database counts
    // once the figures have loaded (a loaded figure has a digit; on a busy machine that takes seconds,
    // so each try waits for it before comparing, and only a different figure reloads).
    let reload = false;
    await page.goto('/admin/dashboard');
    const messagesValue = card(page, 'Messages à traiter').getByTestId('stat-value');
    const subscribersValue = card(page, 'Nouveaux abonnés (7 jours)').getByTestId('stat-value');
    await expect(async () => {
      if (reload) await page.reload();
      reload = true;
      await expect(messagesValue).toHaveText(/\d/, { timeout: 15_000 });
      await expect(subscribersValue).toHaveText(/\d/, { timeout: 15_000 });
      const messages = await admin.from('contact_messages').select('id', { count: 'exact', head: true }).eq('handled', false);
      const subscribers = await admin
        .from('newsletter_subscribers')
        .select('id', { count: 'exact', head: true })
        .eq('status', 'confirmed')
        .gte('created_at', since.toISOString());
      await expect(messagesValue).toHaveText(fr(messages.count!), { timeout: 1000 });
      await expect(subscribersValue).toHaveText(fr(subscribers.count!), { timeout: 1000 });
    }).toPass({ timeout: 60_000 });
    await card(page, 'Messages à traiter').getByRole('link', { name: 'Voir les messages' }).click();
    await expect(page).toHaveURL(/\/admin\/contact_messages\?/);
    await page.goBack();
    await card(page, 'Nouveaux abonnés (7 jours)').getByRole('link', { name: 'Voir les abonnés' }).click();
    await expect(page).toHaveURL(/\/admin\/newsletter_subscribers\?/);
  });

  await test.step('the users list shows each bio, cut short, « - » when there is none', async () => {
    const { data: profile } = await db
      .from('profiles')
      .select('id, bio, full_name')
      .eq('user_id', (await admin.auth.getUser()).data.user!.id)
      .single();
    const bio = `Rédactrice en chef, ${'toujours sur le terrain '.repeat(6)}${RUN}`;
    await db.from('profiles').update({ bio }).eq('id', profile!.id);
    try {
      await page.goto('/admin/accounts');
      await expect(page.getByRole('columnheader', { name: 'Bio' })).toBeVisible();
      await page.getByPlaceholder('Rechercher par nom ou e-mail').fill(ADMIN.email);
      const row = page.getByRole('row').filter({ hasText: ADMIN.email });
      await expect(row).toContainText('Rédactrice en chef, toujours sur le terrain');
      await expect(row).not.toContainText(RUN);
      await expect(row).toContainText('…');
      // The seeded reader has no bio.
      await page.getByPlaceholder('Rechercher par nom ou e-mail').fill(READER.email);
      await expect(page.getByRole('row').filter({ hasText: READER.email }).getByRole('cell').nth(4)).toHaveText('-');
    } finally {
      await db.from('profiles').update({ bio: profile!.bio }).eq('id', profile!.id);
    }
  });
});
