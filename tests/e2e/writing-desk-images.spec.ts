import type { Page } from '@playwright/test';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import sharp from 'sharp';
import ws from 'ws';
import { imageFamily } from '../../src/lib/renditions.ts';
import { ADMIN, clientAs, serviceClient, useSession } from './adminSession.ts';
import { expect, test } from './fixtures.ts';

// An article's photos with their facts, through the real editor and the real stack: two images
// uploaded, described (alternative text, caption, credit), reordered by dragging, the main image
// chosen; publishing is refused in French while one lacks its alternative text, then accepted;
// everything is still there after a reload, and readers get it (read back as the public would).
const RUN = Date.now().toString(36);
const BUCKET = 'article-images';
let db: SupabaseClient;
const madeIds: string[] = [];

const alert = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
const tile = (page: Page, n: number) => page.getByRole('group', { name: `Image ${n}`, exact: true });
const thumbnail = (page: Page, n: number) => tile(page, n).getByRole('img', { name: `Vignette ${n}` });
const photo = async (name: string, background: string) => ({
  name,
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width: 1200, height: 800, channels: 3, background } })
    .jpeg()
    .toBuffer(),
});

/**
 * Drags image `from`'s thumbnail onto image `to`'s with the mouse, as a person would: press, move
 * a little (the browser starts a drag only then), go over the target, let go.
 */
async function dragOnto(page: Page, from: number, to: number) {
  const source = page.getByTestId(`image-drag-${from}`);
  await source.hover();
  await page.mouse.down();
  const start = (await source.boundingBox())!;
  await page.mouse.move(start.x + start.width / 2 + 10, start.y + start.height / 2 + 10, { steps: 5 });
  const target = page.getByTestId(`image-drag-${to}`);
  await target.hover();
  const end = (await target.boundingBox())!;
  await page.mouse.move(end.x + end.width / 2, end.y + end.height / 2 + 5, { steps: 5 });
  await page.mouse.up();
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

test('photos get their alternative text, caption and credit, an order and a main image; publishing waits for every alternative text', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const admin = await clientAs(ADMIN);
  const { data: category } = await db.from('categories').select('id').eq('slug', 'economie').single();
  const { data: created, error } = await admin
    .from('articles')
    .insert({
      title: `Le port de Dakar s'agrandit ${RUN}`,
      slug: `port-dakar-${RUN}`,
      content: '<p>Les travaux du nouveau terminal commencent cette semaine.</p>',
      category_id: category!.id,
      status: 'draft',
    })
    .select('id, slug')
    .single();
  if (error) throw error;
  madeIds.push(created.id);

  await useSession(page, ADMIN);
  await page.goto(`/admin/articles/${created.id}`);
  await expect(page.getByRole('heading', { name: 'Images (0)' })).toBeVisible();
  await page.getByTestId('image-input').setInputFiles([await photo('quai.jpg', '#1f6f8b'), await photo('grue.jpg', '#b5542b')]);
  await expect(alert(page, '2 image(s) téléversée(s)')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('heading', { name: 'Images (2)' })).toBeVisible();
  const [quai, grue] = [await thumbnail(page, 1).getAttribute('src'), await thumbnail(page, 2).getAttribute('src')];
  // The first upload became the main image at once (the article had none).
  await expect(tile(page, 1).getByRole('radio', { name: 'Image principale' })).toBeChecked();

  await test.step('each image is described', async () => {
    await tile(page, 1).getByLabel('Texte alternatif').fill('Un quai du port de Dakar, des conteneurs empilés');
    await tile(page, 1).getByLabel('Légende').fill('Le quai nord, avant les travaux');
    await tile(page, 1).getByLabel('Crédit').fill('AFP / Aïssatou Ba');
    await tile(page, 2).getByLabel('Légende').fill('La grue du nouveau terminal');
    await tile(page, 2).getByLabel('Crédit').fill('Reuters');
    await expect(tile(page, 1).getByText('48/250')).toBeVisible();
  });

  await test.step('dragging the second photo onto the first puts it first; the first upload, now second, becomes the main image', async () => {
    await dragOnto(page, 2, 1);
    await expect(thumbnail(page, 1)).toHaveAttribute('src', grue!);
    await expect(thumbnail(page, 2)).toHaveAttribute('src', quai!);
    await expect(tile(page, 1).getByLabel('Légende')).toHaveValue('La grue du nouveau terminal');
    await tile(page, 2).getByRole('radio', { name: 'Image principale' }).check();
    await expect(tile(page, 2).locator('.MuiChip-root', { hasText: 'Image principale' })).toBeVisible();
    await expect(tile(page, 1).locator('.MuiChip-root')).toHaveCount(0);
  });

  await test.step('Publié is refused in French while the first image has no alternative text, and nothing typed is lost', async () => {
    await page.getByRole('radio', { name: 'Publié' }).check();
    await expect(tile(page, 1).getByText("Obligatoire pour publier : décrivez ce que montre l'image.")).toBeVisible();
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText("Ajoutez un texte alternatif à l'image 1 avant de publier l'article.")).toBeVisible();
    await expect(tile(page, 2).getByLabel('Légende')).toHaveValue('Le quai nord, avant les travaux');
    const { data } = await db.from('articles').select('status').eq('id', created.id).single();
    expect(data!.status).toBe('draft');
  });

  await test.step('with the alternative text written, the article is published', async () => {
    await tile(page, 1).getByLabel('Texte alternatif').fill('La grue du terminal à conteneurs, bras levé');
    await expect(page.getByText(/Ajoutez un texte alternatif/)).toHaveCount(0);
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(alert(page, 'Article mis à jour avec succès')).toBeVisible();
  });

  await test.step('readers get the images in that order, with their facts, and the chosen main image', async () => {
    const reader = createClient(process.env.E2E_API_URL!, process.env.E2E_ANON_KEY!, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: ws as never },
    });
    const { data: article } = await reader.from('articles').select('status, image_url, image_alt').eq('id', created.id).single();
    expect(article).toEqual({ status: 'published', image_url: quai, image_alt: 'Un quai du port de Dakar, des conteneurs empilés' });
    const { data: images } = await reader
      .from('article_images')
      .select('image_url, alt_text, caption, credit, position')
      .eq('article_id', created.id)
      .order('position');
    expect(images).toEqual([
      {
        image_url: grue,
        alt_text: 'La grue du terminal à conteneurs, bras levé',
        caption: 'La grue du nouveau terminal',
        credit: 'Reuters',
        position: 0,
      },
      {
        image_url: quai,
        alt_text: 'Un quai du port de Dakar, des conteneurs empilés',
        caption: 'Le quai nord, avant les travaux',
        credit: 'AFP / Aïssatou Ba',
        position: 1,
      },
    ]);
  });

  await test.step('after a reload the editor shows the same order, facts and main image', async () => {
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Images (2)' })).toBeVisible();
    await expect(thumbnail(page, 1)).toHaveAttribute('src', grue!);
    await expect(tile(page, 1).getByLabel('Texte alternatif')).toHaveValue('La grue du terminal à conteneurs, bras levé');
    await expect(tile(page, 1).getByLabel('Crédit')).toHaveValue('Reuters');
    await expect(tile(page, 2).getByLabel('Légende')).toHaveValue('Le quai nord, avant les travaux');
    await expect(tile(page, 2).getByRole('radio', { name: 'Image principale' })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'Publié' })).toBeChecked();
  });

  await test.step('« Insérer » puts the image into the text with its alternative text', async () => {
    await tile(page, 1).getByRole('button', { name: "Insérer l'image 1 dans le contenu" }).click();
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(alert(page, 'Article mis à jour avec succès')).toBeVisible();
    const { data } = await db.from('articles').select('content').eq('id', created.id).single();
    expect(data!.content).toContain(`<img src="${grue}" alt="La grue du terminal à conteneurs, bras levé"`);
  });
});
