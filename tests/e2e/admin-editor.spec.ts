import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import sharp from 'sharp';
import { imageFamily } from '../../src/lib/renditions.ts';
import { ADMIN, clientAs, serviceClient, useSession } from './adminSession.ts';
import { expect, test } from './fixtures.ts';

// The editor: writing an article with images, publishing it, unpublishing it, and the rules it
// enforces. Everything goes through the real stack; the admin's articles are removed afterwards.
const RUN = Date.now().toString(36);
const BUCKET = 'article-images';
const MB = 1024 * 1024;
let db: SupabaseClient;
let dir: string;
const files = {} as { small: string; big: string; text: string };
const madeIds: string[] = [];

const alert = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

test.beforeAll(async () => {
  db = serviceClient();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-editor-'));
  files.small = path.join(dir, 'Récolte à Kaolack.png');
  files.big = path.join(dir, 'grande-photo.png');
  files.text = path.join(dir, 'notes.txt');
  await sharp({ create: { width: 800, height: 450, channels: 3, background: '#15803d' } })
    .png()
    .toFile(files.small);
  // Random noise does not compress: a PNG of about 8 MB, over the 5 MB threshold, under the bucket's 10 MB.
  const [w, h] = [1700, 1600];
  const noise = Buffer.alloc(w * h * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (Math.random() * 256) | 0;
  await sharp(noise, { raw: { width: w, height: h, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toFile(files.big);
  fs.writeFileSync(files.text, 'Pas une image.');
  expect(fs.statSync(files.big).size).toBeGreaterThan(5 * MB);
  expect(fs.statSync(files.big).size).toBeLessThan(10 * MB);
});

test.afterAll(async () => {
  if (madeIds.length) {
    const { data: images } = await db.from('article_images').select('image_url').in('article_id', madeIds);
    await db.from('articles').delete().in('id', madeIds);
    const paths = (images ?? []).flatMap((i) => imageFamily(i.image_url.split(`/${BUCKET}/`)[1] ?? '')).filter(Boolean);
    if (paths.length) await db.storage.from(BUCKET).remove(paths);
  }
  fs.rmSync(dir, { recursive: true, force: true });
});

test('an admin writes an article with two images (both stored as WebP), publishes it, readers see it; as a draft it disappears', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const title = `Le port de Lomé double sa capacité ${RUN}`;
  const adminId = (await (await clientAs(ADMIN)).auth.getUser()).data.user!.id;

  // Compression runs in our own bundled worker, never in one fetched from a CDN (docs/decisions.md#renditions-at-upload).
  const workers: string[] = [];
  const offsite: string[] = [];
  page.on('worker', (w) => workers.push(new URL(w.url()).pathname));
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (/^https?:$/.test(url.protocol) && url.hostname !== '127.0.0.1') offsite.push(r.url());
  });
  await useSession(page, ADMIN);
  await page.goto('/admin/articles/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Nouvel article' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Images (0)' })).toBeVisible();
  await expect(page.getByText('Les images sont facultatives')).toBeVisible();

  await test.step('the slug follows the title, and the hidden category is not offered', async () => {
    await page.getByRole('textbox', { name: 'Titre', exact: true }).fill(title);
    // The title's own slug, no suffix (docs/product.md#slugs).
    await expect(page.getByLabel('Slug (URL)')).toHaveValue(`le-port-de-lome-double-sa-capacite-${RUN}`);
    await page.getByRole('combobox', { name: /Catégorie/ }).click();
    const options = page.getByRole('option');
    await expect(options.filter({ hasText: 'Économie' })).toBeVisible();
    await expect(options.filter({ hasText: 'Actualité' }).first()).toBeVisible();
    await expect(options.filter({ hasText: 'Actualité mise à jour' })).toHaveCount(0);
    await page.getByRole('option', { name: 'Économie', exact: true }).click();
    await page.getByLabel('Extrait').fill('Le port autonome de Lomé inaugure un nouveau terminal.');
    // A new article opens in 'Mise en forme': this one is typed as text.
    await page.getByRole('button', { name: 'Texte brut' }).click();
    await page
      .getByLabel("Contenu de l'article")
      .fill(
        "Le port autonome de Lomé a inauguré lundi son nouveau terminal. Les armateurs saluent l'investissement. Le rapport est sur https://example.org/lome.",
      );
    await page.getByRole('radio', { name: 'Publié' }).check();
  });

  await test.step('two images upload with a progress bar, both stored as WebP', async () => {
    await page.locator('input[type=file]').setInputFiles([files.small, files.big]);
    await expect(page.getByRole('progressbar', { name: "Progression de l'upload" })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Enregistrer' })).toBeDisabled();
    await expect(alert(page, '2 image(s) téléversée(s)')).toBeVisible({ timeout: 60_000 });
    await expect(alert(page, '2 image(s) téléversée(s)')).toContainText('Succès');
    await expect(page.getByRole('heading', { name: 'Images (2)' })).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Enregistrer' })).toBeEnabled();
    expect(workers.some((w) => /compress\.worker/.test(w))).toBe(true);
    expect(offsite).toEqual([]);
  });

  await test.step('each image is described: Publié needs the alternative text of both', async () => {
    await page.getByRole('group', { name: 'Image 1', exact: true }).getByLabel('Texte alternatif').fill('Le quai du nouveau terminal');
    await page
      .getByRole('group', { name: 'Image 2', exact: true })
      .getByLabel('Texte alternatif')
      .fill('Des grues au-dessus des conteneurs');
  });

  await test.step("'Insérer' puts the first image in the body, with its alternative text", async () => {
    await page.getByRole('button', { name: "Insérer l'image 1 dans le contenu" }).click();
    await expect(page.getByLabel("Contenu de l'article")).toHaveValue(
      /<img src="http[^"]+\.\d+x\d+\.webp" alt="Le quai du nouveau terminal">/,
    );
  });

  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(alert(page, 'Article créé avec succès')).toBeVisible();
  // The editor stays on the new article (docs/product.md#editor-after-first-save), not the spec's dashboard.
  await expect(page).toHaveURL(/\/admin\/articles\/[0-9a-f-]{36}$/);

  const { data: article, error } = await db
    .from('articles')
    .select('id, slug, status, published_at, author_id, image_url, content, article_images(image_url, created_at)')
    .eq('title', title)
    .single();
  if (error) throw error;
  madeIds.push(article.id);
  const images = [...article.article_images].sort((a, b) => a.created_at.localeCompare(b.created_at)).map((i) => i.image_url);
  expect(article).toMatchObject({ status: 'published', author_id: adminId });
  expect(Date.now() - Date.parse(article.published_at!)).toBeLessThan(120_000);
  expect(images).toHaveLength(2);
  expect(article.image_url).toBe(images[0]);
  expect(article.content).toContain('<a href="https://example.org/lome" target="_blank" rel="noopener noreferrer">');
  // Masters named by the rendition rule (src/lib/renditions.ts): neither needs a cap at 2400 px.
  expect(images[0]).toMatch(/\/article-images\/\d+-[a-z0-9]{10}\.800x450\.webp$/);
  expect(images[1]).toMatch(/\/article-images\/\d+-[a-z0-9]{10}\.1700x1600\.webp$/);
  const stored = await fetch(images[1]);
  expect(stored.headers.get('content-type')).toBe('image/webp');
  expect(stored.headers.get('cache-control')).toContain('31536000');
  expect((await stored.arrayBuffer()).byteLength).toBeLessThanOrEqual(5 * MB);

  await test.step('readers find it on the home page and on its page, with its images', async () => {
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'À la une' }).getByRole('heading', { name: title })).toBeVisible();
    await page.goto(`/article/${article.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    // The first picture at once (as a rendition of its master), the carousel once it has had its 5 s.
    await expect(page.locator(`.article-media img[srcset*="${images[0]} "]`).first()).toBeVisible();
    const carousel = page.getByRole('region', { name: "Images de l'article" });
    await expect(carousel.locator(`img[srcset*="${images[1]} "]`).first()).toBeAttached({ timeout: 12_000 });
    await expect(page.locator(`.article-body img[src="${images[0]}"]`)).toBeVisible();
    await expect(page.locator('.article-body').getByRole('link', { name: 'https://example.org/lome' })).toHaveAttribute('target', '_blank');
  });

  await test.step("switched to 'Brouillon', it leaves the public site", async () => {
    await page.goto(`/admin/articles/${article.id}`);
    await expect(page.getByRole('heading', { level: 1, name: "Modifier l'article" })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Images (2)' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Titre', exact: true })).toHaveValue(title);
    await page.getByRole('radio', { name: 'Brouillon' }).check();
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(alert(page, 'Article mis à jour avec succès')).toBeVisible();
    const { data: after } = await db.from('articles').select('status, published_at').eq('id', article.id).single();
    expect(after).toEqual({ status: 'draft', published_at: null });

    await page.goto(`/article/${article.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Article introuvable' })).toBeVisible();
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'À la une' })).toBeVisible();
    await expect(page.getByText(title)).toHaveCount(0);
  });
});

test('an existing article records uploads at once; deleting an image removes its row, file and reference', async ({ page }) => {
  test.setTimeout(60_000);
  const admin = await clientAs(ADMIN);
  const { data: article, error } = await admin
    .from('articles')
    .insert({
      title: `Brouillon illustré ${RUN}`,
      slug: `brouillon-illustre-${RUN}`,
      content: '<p>Premier paragraphe.</p>',
      status: 'draft',
      editor_mode: 'html',
    })
    .select('id')
    .single();
  if (error) throw error;
  madeIds.push(article.id);

  await useSession(page, ADMIN);
  await page.goto(`/admin/articles/${article.id}`);
  await expect(page.getByRole('heading', { name: 'Images (0)' })).toBeVisible();
  await page.locator('input[type=file]').setInputFiles([files.small, files.text]);
  await expect(alert(page, 'Seules les images sont acceptées')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Images (1)' })).toBeVisible({ timeout: 20_000 });

  const { data: rows } = await db.from('article_images').select('id, image_url').eq('article_id', article.id);
  expect(rows).toHaveLength(1);
  const url = rows![0].image_url;
  const { data: withCover } = await db.from('articles').select('image_url').eq('id', article.id).single();
  expect(withCover!.image_url).toBe(url);

  await page.getByRole('button', { name: "Insérer l'image 1 dans le contenu" }).click();
  await expect(page.getByLabel("Contenu de l'article")).toHaveValue(`<p>Premier paragraphe.</p>\n<p><img src="${url}" alt=""></p>`);
  await page.getByRole('button', { name: "Supprimer l'image 1" }).click();
  await expect(page.getByRole('heading', { name: 'Images (0)' })).toBeVisible();
  await expect(page.getByLabel("Contenu de l'article")).toHaveValue('<p>Premier paragraphe.</p>');

  await expect.poll(async () => (await db.from('article_images').select('id').eq('article_id', article.id)).data).toEqual([]);
  const { data: cleared } = await db.from('articles').select('image_url').eq('id', article.id).single();
  expect(cleared!.image_url).toBeNull();
  // The file is gone from the bucket (storage answers a missing public object with an error status).
  const name = url.split('/').pop()!;
  const { data: left } = await db.storage.from(BUCKET).list('', { search: name });
  expect(left).toEqual([]);
  expect((await fetch(url)).ok).toBe(false);

  // Setting and clearing the main image moved the article's version on; the editor's own changes
  // must not make its next save look stale.
  await page.getByLabel("Contenu de l'article").fill('<p>Premier paragraphe, relu.</p>');
  await page.getByRole('combobox', { name: /Catégorie/ }).click();
  await page.getByRole('option', { name: 'Économie', exact: true }).click();
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(alert(page, 'Article mis à jour avec succès')).toBeVisible();
  await expect(page.getByTestId('stale-save')).toHaveCount(0);
  const { data: saved } = await db.from('articles').select('content, version').eq('id', article.id).single();
  expect(saved).toEqual({ content: '<p>Premier paragraphe, relu.</p>', version: 4 });
});

test('the editor requires title, slug, category and content, and saves nothing until they are given', async ({ page }) => {
  const writes: string[] = [];
  page.on('request', (r) => r.url().includes('/rest/v1/articles') && r.method() !== 'GET' && writes.push(r.method()));
  await useSession(page, ADMIN);
  await page.goto('/admin/articles/new');
  // The whole form first: a field not yet drawn has no rule for the submit to check.
  await expect(page.getByRole('group', { name: "Mode d'édition du contenu" })).toBeVisible();
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Le titre est requis')).toBeVisible();
  await expect(page.getByText('Le slug est requis')).toBeVisible();
  await expect(page.getByText('La catégorie est requise')).toBeVisible();
  await expect(page.getByText('Le contenu est requis')).toBeVisible();

  await page.getByRole('textbox', { name: 'Titre', exact: true }).fill('Un titre');
  await page.getByLabel('Slug (URL)').fill('Pas Un Slug !');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Le slug ne peut contenir que des lettres minuscules')).toBeVisible();
  expect(writes).toEqual([]);

  // Unsaved changes: leaving asks first; refusing stays, accepting goes back to the dashboard.
  const asked: string[] = [];
  const answers = [false, true];
  // Counted once answered: react-router ignores a second navigation while the first is still blocked,
  // and no one can click behind an open confirm.
  page.on('dialog', async (d) => {
    await (answers.shift() ? d.accept() : d.dismiss());
    asked.push(d.message());
  });
  await page.getByRole('link', { name: 'Annuler' }).click();
  await expect.poll(() => asked.length).toBe(1);
  await expect(page).toHaveURL(/\/admin\/articles\/new$/);
  // Let React render the reset blocker before leaving again (two frames: its scheduler runs first).
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await page.getByRole('link', { name: 'Annuler' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  expect(asked).toHaveLength(2);
  expect(asked[0]).toContain("n'ont pas été enregistrés");
});

test("'Mise en forme' loads the rich-text editor on demand, in French, and saves the HTML the reader renders", async ({ page }) => {
  test.setTimeout(60_000);
  const admin = await clientAs(ADMIN);
  const { data: culture } = await db.from('categories').select('id').eq('slug', 'culture').single();
  const { data: article, error } = await admin
    .from('articles')
    .insert({
      title: `Texte brut à mettre en forme ${RUN}`,
      slug: `mise-en-forme-${RUN}`,
      content: 'Une. Deux. Trois. Quatre. Cinq. Six.',
      status: 'draft',
      category_id: culture!.id,
    })
    .select('id')
    .single();
  if (error) throw error;
  madeIds.push(article.id);

  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
  await useSession(page, ADMIN);
  await page.goto(`/admin/articles/${article.id}`);
  await expect(page.getByLabel("Contenu de l'article")).toHaveValue('Une. Deux. Trois. Quatre. Cinq. Six.');
  expect(scripts.some((s) => /RichContentEditor/.test(s))).toBe(false);

  await page.getByRole('button', { name: 'Mise en forme' }).click();
  const editor = page.locator('.ProseMirror');
  await expect(editor).toBeVisible();
  expect(scripts.some((s) => /RichContentEditor/.test(s))).toBe(true);
  // Plain text became the paragraphs readers were shown (5 sentences each).
  await expect(editor.locator('p')).toHaveText(['Une. Deux. Trois. Quatre. Cinq.', 'Six.']);
  await expect(page.getByRole('button', { name: 'Gras' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Intertitre', exact: true })).toBeVisible();

  // To the end of the document, whatever the editor did with the selection while it mounted, once
  // the page's own loads are over: in one CI run on a busy machine the caret went back to the start
  // between its check below and the first key, while the page was still loading.
  await page.waitForLoadState('networkidle');
  await editor.locator('p').last().click();
  await page.keyboard.press('Control+End');
  await expect.poll(() => page.evaluate(() => window.getSelection()?.anchorNode?.textContent ?? '')).toContain('Six.');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Intertitre', exact: true }).click();
  await page.keyboard.type('Les enjeux');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Gras' }).click();
  await page.keyboard.type('Important');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(alert(page, 'Article mis à jour avec succès')).toBeVisible();

  const { data } = await db.from('articles').select('content').eq('id', article.id).single();
  expect(data!.content).toContain('<p>Une. Deux. Trois. Quatre. Cinq.</p><p>Six.</p><h2>Les enjeux</h2><p><strong>Important</strong></p>');
});
