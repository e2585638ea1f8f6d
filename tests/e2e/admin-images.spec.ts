import type { Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import sharp from 'sharp';
import { imageFamily, parseMaster, renditionHeight } from '../../src/lib/renditions.ts';
import { ADMIN, clientAs, serviceClient, useSession } from './adminSession.ts';
import { expect, test } from './fixtures.ts';

// Images added in the editor become a WebP master and its renditions, made in the browser, with
// no EXIF/GPS left; what the browser cannot read is refused by name and leaves nothing behind.
// Everything is checked in the real storage, downloaded as a reader would.
const RUN = Date.now().toString(36);
const BUCKET = 'article-images';
let db: SupabaseClient;
const madeIds: string[] = [];

const alert = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
const upload = (buffer: Buffer, name: string, mimeType: string) => ({ name, mimeType, buffer });

/** The EXIF block carries the GPS IFD pointer (tag 0x8825, little-endian here). */
const hasGps = (exif: Buffer | undefined) => Boolean(exif && exif.includes(Buffer.from([0x25, 0x88])));

async function draftArticle(title: string): Promise<string> {
  const admin = await clientAs(ADMIN);
  const { data, error } = await admin
    .from('articles')
    .insert({
      title: `${title} ${RUN}`,
      slug: `${title.toLowerCase().replace(/\W+/g, '-')}-${RUN}`,
      content: '<p>Texte.</p>',
      status: 'draft',
    })
    .select('id')
    .single();
  if (error) throw error;
  madeIds.push(data.id);
  return data.id;
}

const rootObjects = async () => {
  const { data, error } = await db.storage.from(BUCKET).list('', { limit: 10_000 });
  if (error) throw error;
  return new Set(data.map((o) => o.name));
};

const storedUrls = async (articleId: string) =>
  ((await db.from('article_images').select('image_url, created_at').eq('article_id', articleId).order('created_at')).data ?? []).map(
    (r) => r.image_url as string,
  );

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

test('a photo with GPS EXIF is stored as a WebP master capped at 2400 px and its renditions, none carrying metadata', async ({ page }) => {
  test.setTimeout(90_000);
  const photo = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#8a5a2b' } })
    .jpeg({ quality: 85 })
    .withExif({
      IFD0: { Make: 'Reporter', Model: 'Terrain', Copyright: 'Source protégée' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '14/1 41/1 2/1', GPSLongitudeRef: 'W', GPSLongitude: '17/1 26/1 3/1' },
    })
    .toBuffer();
  expect(hasGps((await sharp(photo).metadata()).exif), 'the test photo carries a GPS position').toBe(true);

  const articleId = await draftArticle('Photo geolocalisee');
  await useSession(page, ADMIN);
  await page.goto(`/admin/articles/${articleId}`);
  await expect(page.getByRole('heading', { name: 'Images (0)' })).toBeVisible();
  await page.getByTestId('image-input').setInputFiles(upload(photo, 'Marché de Sandaga.jpg', 'image/jpeg'));
  await expect(alert(page, '1 image(s) téléversée(s)')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('heading', { name: 'Images (1)' })).toBeVisible();

  const [url] = await storedUrls(articleId);
  expect(url).toMatch(/\/article-images\/\d+-[a-z0-9]{10}\.2400x1600\.webp$/);
  const master = parseMaster(url)!;
  const family = imageFamily(url);
  // The master, its 5 renditions and its 1200×630 share picture.
  expect(family).toHaveLength(7);
  for (const file of family) {
    const response = await fetch(file);
    expect(response.ok, file).toBe(true);
    const share = file.endsWith('.share.jpg');
    expect(response.headers.get('content-type')).toBe(share ? 'image/jpeg' : 'image/webp');
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    const width = Number(/\.w(\d+)\.webp$/.exec(file)?.[1] ?? master.width);
    expect(meta, file).toMatchObject(
      share ? { format: 'jpeg', width: 1200, height: 630 } : { format: 'webp', width, height: renditionHeight(master, width) },
    );
    expect(meta.exif, `${file} has no EXIF`).toBeUndefined();
    expect(meta.xmp, `${file} has no XMP`).toBeUndefined();
  }

  await test.step('deleting the image removes the master and every rendition from storage', async () => {
    await page.getByRole('button', { name: "Supprimer l'image 1" }).click();
    await expect(page.getByRole('heading', { name: 'Images (0)' })).toBeVisible();
    await expect.poll(async () => (await Promise.all(family.map(async (f) => (await fetch(f)).ok))).filter(Boolean).length).toBe(0);
  });
});

test('bad input: HEIC and a truncated JPEG are refused by name; CMYK, 16-bit PNG, animated GIF and a 12000×8000 photo are stored; no orphan file', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#1f6f8b' } });
  const whole = await solid(900, 600).jpeg().toBuffer();
  const frames = Buffer.alloc(60 * 120 * 3).map((_, i) => (Math.floor(i / (60 * 40 * 3)) * 100) & 255);
  const files = [
    upload(Buffer.from('ceci ressemble à un HEIC mais ne se décode pas'), 'x.heic', 'image/heic'),
    upload(whole.subarray(0, whole.length >> 1), 'tronquee.jpg', 'image/jpeg'),
    upload(await solid(800, 500).toColourspace('cmyk').jpeg().toBuffer(), 'cmjn.jpg', 'image/jpeg'),
    upload(await solid(700, 400).toColourspace('rgb16').png().toBuffer(), 'seize-bits.png', 'image/png'),
    upload(
      await sharp(frames, { raw: { width: 60, height: 120, channels: 3, pageHeight: 40 } })
        .gif()
        .toBuffer(),
      'anim.gif',
      'image/gif',
    ),
    upload(await solid(12000, 8000).jpeg({ quality: 70 }).toBuffer(), 'geante.jpg', 'image/jpeg'),
  ];

  const articleId = await draftArticle('Mauvaises images');
  const before = await rootObjects();
  await useSession(page, ADMIN);
  await page.goto(`/admin/articles/${articleId}`);
  await expect(page.getByRole('heading', { name: 'Images (0)' })).toBeVisible();
  await page.getByTestId('image-input').setInputFiles(files);

  const success = alert(page, '4 image(s) téléversée(s)');
  await expect(success).toBeVisible({ timeout: 90_000 });
  await expect(success).toContainText('Image animée : seule la première image est conservée (« anim.gif »)');
  const failure = alert(page, "Erreur d'upload");
  await expect(failure).toBeVisible({ timeout: 20_000 });
  await expect(failure).toContainText("Format d'image non pris en charge : enregistrez-la en JPEG ou PNG (« x.heic »)");
  await expect(failure).toContainText('Image illisible, fichier tronqué ou endommagé : « tronquee.jpg »');
  await expect(page.getByRole('heading', { name: 'Images (4)' })).toBeVisible();

  const urls = await storedUrls(articleId);
  expect(urls.map((u) => /\.(\d+x\d+)\.webp$/.exec(u)?.[1])).toEqual(['800x500', '700x400', '60x40', '2400x1600']);
  for (const url of urls) {
    const meta = await sharp(Buffer.from(await (await fetch(url)).arrayBuffer())).metadata();
    expect(meta.format, url).toBe('webp');
    expect(meta.pages ?? 1, `${url} is a still`).toBe(1);
  }
  // Exactly the families of the four stored images appeared: the refused files left nothing.
  const added = [...(await rootObjects())].filter((name) => !before.has(name)).sort();
  expect(added).toEqual(urls.flatMap((u) => imageFamily(u.split(`/${BUCKET}/`)[1])).sort());
});
