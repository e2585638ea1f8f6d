import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import sharp from 'sharp';
import { imageFamily } from '../../src/lib/renditions.ts';
import { GALLERY_ARTICLE_SLUGS, IMAGELESS_ARTICLE_SLUGS } from '../../supabase/seed/plan.ts';
import { ADMIN, clientAs, serviceClient, useSession } from './adminSession.ts';
import { makeArticle } from './articles.ts';
import { expect, test } from './fixtures.ts';

// The WhatsApp kit: « Points clés » written in the editor and shown on the article, the ready
// message WhatsApp and the phone's share sheet send, and a share picture for every article.
const RUN = Date.now().toString(36);
const BUCKET = 'article-images';
const POINTS = ['Le port traitera 2 millions de conteneurs par an.', 'Les travaux ont duré 30 mois & coûté 450 milliards.'];
const made: string[] = [];
let db: SupabaseClient;
let dir: string;
let photo: string;
let shared: { slug: string; title: string };

test.beforeAll(async () => {
  db = serviceClient();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-whatsapp-'));
  // A 4:3 photo: its share picture is the centre band, cropped to 1200×630.
  photo = path.join(dir, 'quai.png');
  await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#0e7490' } })
    .png()
    .toFile(photo);
  const { data: category } = await db.from('categories').select('id').eq('slug', 'economie').single();
  shared = await makeArticle(
    db,
    {
      title: `Le *nouveau* quai de Lomé ${RUN}`,
      slug: `nouveau-quai-lome-${RUN}`,
      content: '<p>Le port ouvre son troisième quai.</p>',
      category_id: category!.id,
      status: 'published',
      key_points: POINTS,
    },
    made,
  );
});

test.afterAll(async () => {
  if (made.length) {
    const { data: images } = await db.from('article_images').select('image_url').in('article_id', made);
    await db.from('articles').delete().in('id', made);
    const paths = (images ?? []).flatMap((i) => imageFamily(i.image_url.split(`/${BUCKET}/`)[1] ?? '')).filter(Boolean);
    if (paths.length) await db.storage.from(BUCKET).remove(paths);
  }
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The share card's picture as a crawler sees it: the tags of the server's HTML, then the file itself. */
async function shareCardOf(baseURL: string, slug: string) {
  const html = await (await fetch(new URL(`/article/${slug}`, baseURL))).text();
  const tag = (property: string) => new RegExp(`<meta property="${property}" content="([^"]*)"`).exec(html)?.[1] ?? null;
  const url = tag('og:image')!.replaceAll('&amp;', '&');
  const twitter = /<meta name="twitter:image" content="([^"]*)"/.exec(html)?.[1]?.replaceAll('&amp;', '&');
  const response = await fetch(url);
  expect(response.ok, url).toBe(true);
  const bytes = Buffer.from(await response.arrayBuffer());
  const { width, height, format } = await sharp(bytes).metadata();
  return { url, twitter, declared: [tag('og:image:width'), tag('og:image:height')], width, height, format, size: bytes.length };
}

test('an admin writes the key points in the editor and uploads a photo; readers see the points, the preview a 1200×630 picture', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const admin = await clientAs(ADMIN);
  const { data: category } = await db.from('categories').select('id').eq('slug', 'economie').single();
  const article = await makeArticle(
    admin,
    {
      title: `Lomé agrandit son port ${RUN}`,
      slug: `lome-agrandit-son-port-${RUN}`,
      content: '<p>Texte.</p>',
      category_id: category!.id,
      status: 'draft',
      editor_mode: 'html',
    },
    made,
  );

  await useSession(page, ADMIN);
  await page.goto(`/admin/articles/${article.id}`);
  await page.locator('input[type=file]').setInputFiles(photo);
  await expect(page.getByRole('heading', { name: 'Images (1)' })).toBeVisible({ timeout: 30_000 });

  // Required before it goes out.
  await page.getByRole('group', { name: 'Image 1', exact: true }).getByLabel('Texte alternatif').fill('Le nouveau quai');
  await page.getByLabel('Point clé 1').fill(POINTS[0]);
  await page.getByLabel('Point clé 3').fill('x'.repeat(141));
  await expect(page.getByText('141 / 140')).toBeVisible();
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Un point clé ne peut pas dépasser 140 caractères : raccourcissez-le.')).toBeVisible();
  await page.getByLabel('Point clé 3').fill(POINTS[1]);
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Article mis à jour avec succès' })).toBeVisible();
  // The second field was left empty: the points are stored in order, without it.
  const { data: saved } = await db.from('articles').select('key_points, image_url').eq('id', article.id).single();
  expect(saved!.key_points).toEqual(POINTS);

  // The upload made the share picture beside the master, in the browser.
  const master = saved!.image_url as string;
  expect(master).toMatch(/\.\d+x\d+\.webp$/);
  const { error } = await db.from('articles').update({ status: 'published' }).eq('id', article.id);
  expect(error).toBeNull();

  await page.goto(`/article/${article.slug}`);
  const points = page.getByRole('region', { name: 'Points clés' });
  await expect(points.getByRole('listitem')).toHaveText(POINTS);

  const card = await shareCardOf(baseURL!, article.slug);
  expect(card.url).toBe(master.replace(/\.webp$/, '.share.jpg'));
  expect(card.twitter).toBe(card.url);
  expect(card.declared).toEqual(['1200', '630']);
  expect({ width: card.width, height: card.height, format: card.format }).toEqual({ width: 1200, height: 630, format: 'jpeg' });
  expect(card.size).toBeLessThan(300 * 1024);
});

test('the WhatsApp button sends the bold title, the key points as a list, then the link', async ({ page, context }) => {
  await context.route(/^https:\/\/wa\.me\//, (route) => route.fulfill({ contentType: 'text/html', body: '<title>partage</title>' }));
  await page.goto(`/article/${shared.slug}`);
  await expect(page.getByRole('region', { name: 'Points clés' }).getByRole('listitem')).toHaveText(POINTS);
  const link = new URL(`/article/${shared.slug}`, page.url()).href;
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: 'Partager sur WhatsApp' }).first().click(),
  ]);
  await popup.waitForLoadState();
  // The asterisks of the title would end WhatsApp's bold early: they are left out. The link carries
  // WhatsApp's channel tag, so the readers it brings are counted as WhatsApp's.
  expect(new URL(popup.url()).searchParams.get('text')).toBe(
    `*Le nouveau quai de Lomé ${RUN}*\n\n- ${POINTS[0]}\n- ${POINTS[1]}\n\n${link}?s=wa`,
  );
  // A mouse: the system share sheet is not offered.
  await expect(page.getByRole('button', { name: 'Partager…' })).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 412, height: 915 } });

  test('the share button opens the system share sheet with the same message', async ({ page }) => {
    // navigator.share is the browser's: this one records what the page hands it, as the sheet would get it.
    await page.addInitScript(() => {
      const w = window as unknown as { __shared: unknown[] };
      w.__shared = [];
      Object.defineProperty(navigator, 'share', {
        configurable: true,
        value: (data: unknown) => {
          w.__shared.push(data);
          return Promise.resolve();
        },
      });
    });
    await page.goto(`/article/${shared.slug}`);
    const link = new URL(`/article/${shared.slug}`, page.url()).href;
    await page.getByRole('button', { name: 'Partager…' }).first().click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __shared: unknown[] }).__shared))
      .toEqual([{ title: shared.title, text: `*Le nouveau quai de Lomé ${RUN}*\n\n- ${POINTS[0]}\n- ${POINTS[1]}`, url: link }]);
  });
});

test('seeded articles have their own share picture, an imageless one the site’s: 1200×630, under 300 KB', async ({ baseURL }) => {
  for (const slug of [GALLERY_ARTICLE_SLUGS[0], IMAGELESS_ARTICLE_SLUGS[0]]) {
    const card = await shareCardOf(baseURL!, slug);
    expect(card.declared, slug).toEqual(['1200', '630']);
    expect({ width: card.width, height: card.height, format: card.format }, slug).toEqual({ width: 1200, height: 630, format: 'jpeg' });
    expect(card.size, slug).toBeLessThan(300 * 1024);
    if (slug === IMAGELESS_ARTICLE_SLUGS[0]) expect(card.url).toMatch(/share-default[^/]*\.jpg$/);
    else expect(card.url).toMatch(/\/article-images\/seed\/.+\.share\.jpg$/);
  }
});
