import type { Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import sharp from 'sharp';
import { LOCAL_ACCOUNTS } from '../../supabase/seed/accounts.ts';
import { ADMIN, clientAs, openBackOffice, serviceClient, useSession } from './adminSession.ts';
import { makeArticle as insertArticle } from './articles.ts';
import { expect, test } from './fixtures.ts';

// The back office in French: the article list searched without accents and with % taken
// literally, titles and categories in French order; « La une » chosen by an administrator and
// followed by the home page; a failed upload told in French (and retried only when worth it).
const RUN = Date.now().toString(36);
const BUCKET = 'article-images';
const JOURNALIST = LOCAL_ACCOUNTS.find((a) => a.role === 'journalist')!;
const collator = new Intl.Collator('fr');
// Titles as the list sorts them: a quoted title (a fact-check's claim) under its first letter.
const titleCollator = new Intl.Collator('fr', { ignorePunctuation: true });
let db: SupabaseClient;
let admin: SupabaseClient;
const made: string[] = [];
let pinsBefore: { rank: number; article_id: string }[] = [];

const rows = (page: Page) => page.getByRole('table').locator('tbody tr');
const titles = (page: Page) => rows(page).locator('td:first-child');
const alert = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

const makeArticle = (title: string, status: 'draft' | 'published' = 'draft') =>
  insertArticle(admin, { title, slug: `listes-e2e-${RUN}-${made.length}`, content: '<p>Un texte de test.</p>', status }, made);

async function openList(page: Page) {
  await useSession(page, ADMIN);
  await page.goto('/admin/articles');
  await expect(rows(page).first()).toBeVisible();
}

/** What an anonymous reader's home page leads with, in a browser context of its own (no cached page). */
// Polled after each change: the site reads the content version every second (POLL_MS), and a visit in
// that second still gets the kept home page — on a loaded machine the first look came too soon.
async function leadingTitle(page: Page): Promise<string> {
  const reader = await page.context().browser()!.newContext({ baseURL: process.env.E2E_BASE_URL });
  try {
    const home = await reader.newPage();
    await home.goto('/');
    // The section's own heading is « À la une »; the card's is the story's title.
    const region = home.getByRole('region', { name: 'À la une' });
    return await region
      .getByRole('heading')
      .filter({ hasNotText: /^À la une$/ })
      .first()
      .innerText();
  } finally {
    await reader.close();
  }
}

/** Where the home page's topic strip leads a reader (its heading's link), or null when it shows none. */
async function topicStripLink(page: Page): Promise<string | null> {
  const reader = await page.context().browser()!.newContext({ baseURL: process.env.E2E_BASE_URL });
  try {
    const home = await reader.newPage();
    await home.goto('/');
    const link = home.getByRole('navigation', { name: 'Sénégal', exact: true }).getByRole('heading').getByRole('link');
    return (await link.count()) ? await link.getAttribute('href') : null;
  } finally {
    await reader.close();
  }
}

/** The newest article readers can see: the one leading without a pin. */
async function newestTitle(): Promise<string> {
  const { data, error } = await db
    .from('articles')
    .select('title')
    .in('status', ['published', 'scheduled'])
    .lte('published_at', new Date().toISOString())
    .order('published_at', { ascending: false })
    .limit(1)
    .single();
  if (error) throw error;
  return data.title;
}

test.beforeAll(async () => {
  db = serviceClient();
  admin = await clientAs(ADMIN);
  pinsBefore = ((await db.from('front_page').select('rank, article_id')).data ?? []) as typeof pinsBefore;
  await db.from('front_page').delete().gte('rank', 1);
});

test.afterAll(async () => {
  await db.from('front_page').delete().gte('rank', 1);
  await db.from('front_page_topic').update({ tag_id: null }).eq('id', true);
  if (pinsBefore.length) await db.from('front_page').insert(pinsBefore);
  if (!made.length) return;
  const { data: images } = await db.from('article_images').select('image_url').in('article_id', made);
  await db.from('articles').delete().in('id', made);
  const names = (images ?? []).map((i) => String(i.image_url).split(`/${BUCKET}/`)[1]).filter(Boolean);
  if (names.length) await db.storage.from(BUCKET).remove(names);
});

test('« senegal » finds the Sénégal articles: the search ignores accents and case', async ({ page }) => {
  const { data: expected } = await db
    .from('articles')
    .select('title')
    .ilike('title_key', '%senegal%')
    .order('created_at', { ascending: false });
  expect(expected!.map((a) => a.title)).toContain('Sénégal : le gaz offshore entre en phase de production');
  expect(expected!.some((a) => /sénégalaise/.test(a.title))).toBe(true);

  await openList(page);
  const search = page.getByPlaceholder('Rechercher par titre');
  await search.fill('senegal');
  await expect(titles(page)).toHaveText(expected!.map((a) => a.title));
  // The box keeps what was typed.
  await search.fill('SÉNÉGAL');
  await expect(titles(page)).toHaveText(expected!.map((a) => a.title));
  await expect(search).toHaveValue('SÉNÉGAL');
});

test('« 100% » finds only the titles with a literal « 100% », « _ » only an underscore', async ({ page }) => {
  const percent = await makeArticle(`Scrutin ${RUN} : 100% des bureaux ouverts`);
  await makeArticle(`Scrutin ${RUN} : 1000 bureaux ouverts`);
  const underscore = await makeArticle(`Scrutin ${RUN} : bureau_central`);
  await openList(page);
  const search = page.getByPlaceholder('Rechercher par titre');
  await search.fill(`${RUN} 100%`);
  await expect(titles(page)).toHaveText([percent.title]);
  await search.fill(`${RUN} %`);
  await expect(titles(page)).toHaveText([percent.title]);
  await search.fill(`${RUN} _`);
  await expect(titles(page)).toHaveText([underscore.title]);
});

test('titles sort in French order, and the category filter lists its choices so', async ({ page }) => {
  await openList(page);
  await page.getByRole('columnheader', { name: 'Titre' }).getByRole('button').click();
  await expect(page).toHaveURL(/sort=title/);
  await expect(page).toHaveURL(/order=ASC/);
  // « À Bamako… » sorts with the A's, not after Z (as the C collation would put it), and before a
  // fact-check's « « Le prix… » : trompeur », which sorts under L, not ahead of every letter.
  await expect(titles(page).first()).toHaveText(/^À /);
  const shown = await titles(page).allInnerTexts();
  expect(shown).toEqual([...shown].sort(titleCollator.compare));

  await page.getByRole('combobox', { name: 'Catégorie' }).click();
  const choices = (await page.getByRole('listbox').getByRole('option').allInnerTexts()).map((c) => c.trim()).filter((c) => c !== 'Toutes');
  expect(choices).toContain('Économie');
  expect(choices).toEqual([...choices].sort(collator.compare));
  expect(choices.indexOf('Économie')).toBeLessThan(choices.indexOf('Politique'));
});

test('an administrator pins a story « À la une »: it leads the home page; unpinned, the newest leads again', async ({ page }) => {
  test.setTimeout(120_000);
  const { data: published } = await db
    .from('articles')
    .select('id, title')
    .eq('status', 'published')
    .order('published_at', { ascending: false })
    .range(3, 4);
  const [chosen, second] = published!;
  const newest = await newestTitle();
  expect(chosen.title).not.toBe(newest);
  await expect.poll(() => leadingTitle(page)).toBe(newest);

  await openBackOffice(page);
  await page.getByRole('menuitem', { name: 'La une' }).click();
  await expect(page).toHaveURL(/\/admin\/front-page$/);
  await expect(page.getByRole('heading', { level: 1, name: 'La une' })).toBeVisible();
  const lead = page.getByRole('region', { name: 'À la une' });
  await expect(lead).toContainText("Aucun — l'article le plus récent mène");
  await expect(lead).toContainText(newest);

  // Found by a few words typed without accents, as the list's search.
  const words = chosen.title.normalize('NFD').replace(/\p{M}/gu, '').split(/\s+/).slice(0, 2).join(' ');
  // The choices are searched again as the words arrive: on a loaded machine a click landed on a list
  // being replaced and chose nothing. The choice is made again until the story is « À la une ».
  await expect(async () => {
    if (await lead.getByRole('link', { name: chosen.title }).isVisible()) return;
    await lead.getByRole('combobox', { name: 'Choisir un article' }).fill(words);
    await page.getByRole('option', { name: chosen.title }).click({ timeout: 10_000 });
    await expect(alert(page, 'La une est enregistrée')).toBeVisible({ timeout: 10_000 });
    await expect(lead.getByRole('link', { name: chosen.title })).toBeVisible({ timeout: 10_000 });
  }).toPass({ timeout: 45_000 });
  expect((await db.from('front_page').select('rank, article_id')).data).toEqual([{ rank: 1, article_id: chosen.id }]);
  await expect.poll(() => leadingTitle(page)).toBe(chosen.title);

  // A top story below it, then moved up: it leads instead.
  const rank2 = page.getByRole('region', { name: 'Rang 2' });
  await rank2.getByRole('combobox', { name: 'Choisir un article' }).fill(second.title.split(' ').slice(0, 3).join(' '));
  await page.getByRole('option', { name: second.title }).click();
  await expect(rank2.getByRole('link', { name: second.title })).toBeVisible();
  await rank2.getByRole('button', { name: 'Monter' }).click();
  await expect(lead.getByRole('link', { name: second.title })).toBeVisible();
  await expect(rank2.getByRole('link', { name: chosen.title })).toBeVisible();
  await expect
    .poll(async () => (await db.from('front_page').select('rank, article_id').order('rank')).data)
    .toEqual([
      { rank: 1, article_id: second.id },
      { rank: 2, article_id: chosen.id },
    ]);
  await expect.poll(() => leadingTitle(page)).toBe(second.title);

  await rank2.getByRole('button', { name: 'Retirer' }).click();
  await expect(rank2).toContainText('Aucun');
  await lead.getByRole('button', { name: 'Retirer' }).click();
  await expect(lead).toContainText("Aucun — l'article le plus récent mène");
  await expect.poll(async () => (await db.from('front_page').select('rank')).data).toEqual([]);
  await expect.poll(() => leadingTitle(page)).toBe(newest);
});

test('« À la une » from the article list: the story leads after a confirmation', async ({ page }) => {
  const story = await makeArticle(`Une rapide ${RUN} depuis la liste`, 'published');
  await openList(page);
  await page.getByPlaceholder('Rechercher par titre').fill(`une rapide ${RUN}`);
  await expect(titles(page)).toHaveText([story.title]);
  await rows(page)
    .first()
    .getByRole('button', { name: `Mettre « ${story.title} » à la une` })
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Mettre à la une' }).click();
  await expect(alert(page, `« ${story.title} » est à la une`)).toBeVisible();
  expect((await db.from('front_page').select('rank, article_id')).data).toEqual([{ rank: 1, article_id: story.id }]);
  await db.from('front_page').delete().gte('rank', 1);
});

test('« Bandeau thématique »: « Sénégal » pinned from « La une » shows as a strip on the home page, and goes when taken away', async ({
  page,
}) => {
  await openBackOffice(page);
  await page.goto('/admin/front-page');
  const choice = page.getByRole('combobox', { name: 'Pays ou sujet du bandeau' });
  await expect(choice).toBeEnabled();
  await expect(async () => {
    await choice.fill('senegal');
    await page.getByRole('option', { name: 'Sénégal · Pays' }).click({ timeout: 10_000 });
    await expect(alert(page, 'Bandeau enregistré')).toBeVisible({ timeout: 10_000 });
  }).toPass({ timeout: 45_000 });
  const { data: senegal } = await db.from('tags').select('id').eq('slug', 'senegal').single();
  expect((await db.from('front_page_topic').select('tag_id').single()).data).toEqual({ tag_id: senegal!.id });
  await expect.poll(() => topicStripLink(page), { timeout: 30_000 }).toBe('/pays/senegal');

  await page.getByRole('button', { name: 'Retirer le bandeau' }).click();
  await expect(alert(page, 'Bandeau retiré')).toBeVisible();
  expect((await db.from('front_page_topic').select('tag_id').single()).data).toEqual({ tag_id: null });
  await expect.poll(() => topicStripLink(page), { timeout: 30_000 }).toBeNull();
});

test('journalists have no « La une »', async ({ page }) => {
  await openBackOffice(page, JOURNALIST);
  await expect(page.getByRole('menuitem', { name: 'Tableau de bord' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'La une' })).toHaveCount(0);
  await page.goto('/admin/front-page');
  await expect(page.getByText("Vous n'avez pas les droits d'accès à cette page")).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'La une' })).toHaveCount(0);
});

test('a refused file or a lost connection is told in French; only the lost connection is tried again', async ({ page }) => {
  test.setTimeout(60_000);
  const draft = await makeArticle(`Images refusées ${RUN}`);
  const sent: string[] = [];
  page.on('request', (r) => r.method() === 'POST' && r.url().includes(`/storage/v1/object/${BUCKET}/`) && sent.push(r.url()));
  await useSession(page, ADMIN);
  await page.goto(`/admin/articles/${draft.id}`);
  await expect(page.getByRole('heading', { name: 'Images (0)' })).toBeVisible();

  // Neither an SVG nor a text file named .png is an image the site stores: refused by name, never sent.
  await page.getByTestId('image-input').setInputFiles([
    { name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') },
    { name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('Ceci est un texte, pas une image.') },
  ]);
  const refused = alert(page, "Erreur d'upload");
  await expect(refused).toBeVisible({ timeout: 20_000 });
  await expect(refused).toContainText('« logo.svg »');
  await expect(refused).toContainText('« notes.png »');
  await expect(refused).toContainText(/Format d'image non pris en charge|Image illisible/);
  // The bucket, like hosted storage, reads only the declared type: the editor reads the bytes.
  await expect(refused).toContainText("« notes.png » n'est pas une image");
  await expect(refused).not.toContainText(/mime|not supported|error/i);
  expect(sent).toEqual([]);

  // The connection drops while a real photo is sent: three tries, then the French sentence.
  await page.route(`**/storage/v1/object/${BUCKET}/**`, (route) =>
    route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.continue(),
  );
  const photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#2b6a8a' } })
    .png()
    .toBuffer();
  await page.getByTestId('image-input').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: photo });
  const lost = alert(page, "Échec de l'upload de « photo.png »");
  await expect(lost).toBeVisible({ timeout: 30_000 });
  await expect(lost).toContainText('Connexion perdue : vérifiez votre connexion puis réessayez.');
  expect(sent).toHaveLength(3);
  expect(new Set(sent).size).toBe(1);
  await expect(page.getByRole('heading', { name: 'Images (0)' })).toBeVisible();
});
