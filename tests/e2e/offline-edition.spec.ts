import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { formatDayMonth } from '../../src/lib/dates.ts';
import { previewPath } from '../../src/lib/previewPath.ts';
import type { Edition } from '../../src/offline/edition.ts';
import { ADMIN, clientAs, useSession } from './adminSession.ts';
import { makeArticle as insertArticle, type Made } from './articles.ts';
import { expect, test } from './fixtures.ts';

// Offline reading as a reader meets it: an installable site, "Télécharger l'édition du jour", the
// pages offline with their banner, and what the service worker must never keep or keep too long.
test.use({ serviceWorkers: 'allow' });

const RUN = Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
let admin: SupabaseClient;
let categoryId: string;
const made: string[] = [];

const makeArticle = (slug: string, title: string, status: 'draft' | 'published') =>
  insertArticle(
    admin,
    {
      slug: `${slug}-${RUN}`,
      title,
      excerpt: `Résumé : ${title}`,
      content: `Premier paragraphe de « ${title} ».`,
      category_id: categoryId,
      status,
    },
    made,
  );

test.beforeAll(async () => {
  admin = await clientAs(ADMIN);
  const { data, error } = await admin.from('categories').select('id').eq('slug', 'politique').single();
  if (error) throw error;
  categoryId = data.id;
});

test.afterAll(async () => {
  if (made.length) await admin.from('articles').delete().in('id', made);
  await admin?.auth.signOut({ scope: 'local' }); // this client's session only: the run's saved sessions stay
});

/** Waits until the service worker controls the page (it claims the page that installed it). */
async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** Every cache of the origin with the addresses it holds. */
const cacheContents = (page: Page) =>
  page.evaluate(async () => {
    const contents: Record<string, string[]> = {};
    for (const name of await caches.keys()) contents[name] = (await (await caches.open(name)).keys()).map((r) => r.url);
    return contents;
  });

/** Everything the caches hold, as text. */
const cachedText = (page: Page) =>
  page.evaluate(async () => {
    const texts: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) texts.push(request.url, (await (await cache.match(request))?.text()) ?? '');
    }
    return texts.join('\n');
  });

test('installable: the manifest is served and valid, its icons exist, and a service worker controls the page', async ({
  page,
  request,
}) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const response = await request.get(href!);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await response.json()) as Record<string, unknown> & { icons: { src: string; sizes: string; purpose: string }[] };
  expect(manifest).toMatchObject({ name: 'Afrique Actu', short_name: 'Afrique Actu', lang: 'fr', start_url: '/', display: 'standalone' });
  expect(manifest.theme_color).toBe('#b45309');
  expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  for (const icon of manifest.icons) {
    const file = await request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()['content-type']).toBe('image/png');
  }
  const worker = await request.get('/sw.js');
  expect(worker.headers()['cache-control']).toBe('no-cache');
  expect(worker.headers()['content-type']).toContain('javascript');
  await controlled(page);
  expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL)).toMatch(/\/sw\.js$/);
});

test('download the edition (its size shown first), then offline the home page and an article show with the offline banner', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  await page.goto('/');
  await controlled(page);
  const size = page.locator('.edition__size');
  await expect(size).toHaveText(/^≈ \d+(,\d)? Ko · \d+ articles$/);
  const edition = (await (await page.request.get('/edition.json')).json()) as Edition;
  expect(edition.pages[0].url).toBe('/');
  expect(edition.images.length).toBeGreaterThan(0);
  // The list is kept a few minutes: an article deleted by an earlier spec may still be on it. A
  // plain article: a stored live page opened offline is a case of its own (docs/product.md#en-direct).
  const { data: live } = await admin.from('articles').select('slug').eq('format', 'live');
  const plain = edition.pages.slice(1).filter((p) => !(live ?? []).some((a) => p.url.endsWith(`/${a.slug}`)));
  const online = await Promise.all(plain.map(async (p) => (await page.request.get(p.url)).ok()));
  const article = plain[online.indexOf(true)];

  await page.getByRole('button', { name: "Télécharger l'édition du jour" }).click();
  const today = formatDayMonth(new Date());
  // Other specs delete articles meanwhile: one listed a moment ago may be gone, and is not stored.
  await expect(page.locator('.edition__status')).toHaveText(
    new RegExp(`^Édition du ${today} enregistrée : \\d+ articles? à lire hors ligne\\.$`),
  );

  await context.setOffline(true);
  await page.goto('/');
  const banner = page.locator('[data-offline-banner]');
  await expect(banner).toContainText(`Hors ligne — édition du ${today}`);
  await expect(page.getByRole('heading', { level: 1, name: "L'actualité africaine autrement" })).toBeVisible();
  // The reader's stylesheet came from the cache too.
  expect(await page.evaluate(() => [...document.styleSheets].some((s) => s.cssRules.length > 0))).toBe(true);
  await banner.locator('summary').click();
  // The page refreshes its data from the network, which fails offline: tried, and kept quiet.
  const refreshTried = page.waitForEvent('console', (m) => m.text().includes('served from the offline store failed'));
  await banner.getByRole('link', { name: article.title }).click();
  await expect(page).toHaveURL(new RegExp(`${article.url}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(article.title);
  await refreshTried;
  // No « Erreur lors du chargement » for a page that works (issue 25).
  await expect(page.locator('.toast--error')).toHaveCount(0);
  await expect(page.locator('[data-offline-banner]')).toContainText(`Hors ligne — édition du ${today}`);
  // Its picture, stored at a small width, shows in place of whatever width the page asks for.
  await expect
    .poll(() =>
      page
        .locator('main img')
        .first()
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
    )
    .toBeGreaterThan(0);

  // A page never read says so, with what can be read.
  await page.goto('/category/sport?page=9');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Cette page n'est pas disponible hors ligne");
  // Under the site's header, with the stored articles listed openly (issue 25).
  await expect(page.getByRole('banner').getByRole('link', { name: 'AfriqueActu' })).toHaveAttribute('href', '/');
  await expect(page.locator('[data-offline-banner] details')).toHaveAttribute('open', '');
  await expect(page.locator('[data-offline-banner] details li').first()).toBeVisible();
  await context.setOffline(false);
});

test('a draft never enters the cache: an administrator previewing it leaves no trace there, while the pages read are kept', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const draft = await makeArticle('brouillon-hors-ligne', `Brouillon jamais en cache ${RUN}`, 'draft');
  await page.goto('/');
  await controlled(page);
  await useSession(page, ADMIN);
  await page.goto(previewPath(draft.id));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(draft.title);
  await page.goto(`/article/${draft.slug}`);
  await page.goto('/admin/articles');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: "L'actualité africaine autrement" })).toBeVisible();

  await expect.poll(async () => Object.values(await cacheContents(page)).flat()).toContain(new URL('/', page.url()).href);
  const keys = Object.values(await cacheContents(page)).flat();
  expect(keys.filter((url) => /\/(apercu|admin|auth)\b|\/rest\/v1|\/auth\/v1/.test(url))).toEqual([]);
  expect(keys.filter((url) => url.includes(draft.slug))).toEqual([]);
  expect(await cachedText(page)).not.toContain(draft.title);
  // No back-office file either: only what the reader's pages load.
  expect(keys.filter((url) => /AdminApp|RichContentEditor|ViewsChart/.test(url))).toEqual([]);
});

test('a new build replaces the old worker: it takes over and the old build’s cache goes', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/');
  await controlled(page);
  await page.goto('/'); // a page the worker answers, so its files go into the build's cache
  const assetsCache = async () => Object.keys(await cacheContents(page)).find((name) => name.startsWith('afrique-actu-assets-'));
  await expect.poll(assetsCache).toBeTruthy();
  const before = (await assetsCache())!;
  const oldId = before.replace('afrique-actu-assets-', '');

  // A deploy: the same worker with another build's id, as the next `npm run build` writes it.
  const file = path.join(process.env.E2E_DIST_DIR!, 'sw.js');
  const original = fs.readFileSync(file, 'utf8');
  expect(original).toContain(oldId);
  const newId = 'f'.repeat(oldId.length);
  fs.writeFileSync(file, original.replaceAll(oldId, newId));
  try {
    await page.reload();
    await expect.poll(assetsCache, { timeout: 15_000 }).toBe(`afrique-actu-assets-${newId}`);
    expect(Object.keys(await cacheContents(page))).not.toContain(before);
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state)).toBe('activated');
    // The page is still served, its files from the new build's cache.
    await expect(page.getByRole('heading', { level: 1, name: "L'actualité africaine autrement" })).toBeVisible();
  } finally {
    fs.writeFileSync(file, original);
  }
});

test('an article unpublished since it was read leaves the cache at the next online visit', async ({ page }) => {
  test.setTimeout(60_000);
  const article: Made = await makeArticle('lu-puis-retire', `Lu puis retiré ${RUN}`, 'published');
  await page.goto('/');
  await controlled(page);
  await page.goto(`/article/${article.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(article.title);
  const isCached = async () =>
    Object.values(await cacheContents(page))
      .flat()
      .some((url) => url.endsWith(`/article/${article.slug}`));
  await expect.poll(isCached).toBe(true);

  const { data: row } = await admin.from('articles').select('version').eq('id', article.id).single();
  const { error } = await admin.from('articles').update({ status: 'draft', version: row!.version }).eq('id', article.id);
  if (error) throw error;
  // The site learns of the withdrawal at its next content-version read (a second, POLL_MS): a visit
  // in that second still finds the kept page, and a busy machine's whole run made one. The next
  // visit after it must forget the article.
  await expect
    .poll(async () => {
      await page.goto('/');
      return isCached();
    })
    .toBe(false);
});
