import type { Page, Request } from '@playwright/test';
import { serviceClient } from './adminSession.ts';
import { expect, isHarnessWarning, test } from './fixtures.ts';

// Light pages for metered phones: pictures sized for the screen, and data-saver mode
// (« Mode léger ») asked for by the phone (Save-Data) or by the reader's toggle.

const PHONE = { width: 412, height: 915 };
const isStorageImage = (r: Request) => r.method() === 'GET' && r.url().includes('/storage/v1/object/public/article-images/');
const isAppChunk = (r: Request) => /\/assets\/index-[\w-]+\.js$/.test(r.url());

/** Everything the page asks for, from now on. */
function watchRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on('request', (r) => requests.push(r));
  return requests;
}

/** Console errors and warnings, and uncaught errors (React reports hydration problems there). */
function watchConsole(page: Page): string[] {
  const messages: string[] = [];
  page.on(
    'console',
    (m) => (m.type() === 'error' || m.type() === 'warning') && !isHarnessWarning(m.text()) && messages.push(`${m.type()}: ${m.text()}`),
  );
  page.on('pageerror', (e) => messages.push(`uncaught: ${e.message}`));
  return messages;
}

const openMenu = (page: Page) => page.getByRole('button', { name: 'Ouvrir le menu' }).click();

/** A mark on the window: still there afterwards means the page was never reloaded. */
const markWindow = (page: Page) => page.evaluate(() => ((window as unknown as { kept: boolean }).kept = true));
const windowKept = (page: Page) => page.evaluate(() => (window as unknown as { kept?: boolean }).kept === true);

test.describe('on a 412 px phone', () => {
  test.use({ viewport: PHONE });

  test('the featured card downloads a rendition at most 640 px wide, never the master', async ({ page }) => {
    const requests = watchRequests(page);
    await page.goto('/');
    const img = page.locator('.card--featured img');
    await expect(img).toBeVisible();
    await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
    const { currentSrc, naturalWidth } = await img.evaluate((i: HTMLImageElement) => ({
      currentSrc: i.currentSrc,
      naturalWidth: i.naturalWidth,
    }));
    expect(currentSrc).toMatch(/\.w(320|640)\.webp$/);
    // The master, by the renditions' naming rule (src/lib/renditions.ts).
    const master = currentSrc.replace(/\.w\d+\.webp$/, '.webp');
    expect(naturalWidth).toBeLessThanOrEqual(640);
    expect(requests.filter(isStorageImage).map((r) => r.url())).not.toContain(master);
  });

  test('Save-Data: on gets pages whose pictures wait for a tap, and whose data-saver switch shows their weight', async ({ page }) => {
    await page.setExtraHTTPHeaders({ 'Save-Data': 'on' });
    const messages = watchConsole(page);
    const requests = watchRequests(page);
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(requests.filter(isStorageImage), 'no picture before a tap').toEqual([]);
    expect(requests.filter(isAppChunk), 'no reader app on a lite page').toEqual([]);
    await expect(page.locator('[data-page-weight]')).toHaveText(/^Cette page : \d+(,\d)? Ko$/);
    const weight = Number((await page.locator('[data-page-weight]').textContent())!.match(/\d+/)![0]);
    expect(weight, 'a lite page stays under 60 Ko').toBeLessThan(60);

    const tap = page.locator('.card--featured button.tap-image');
    await expect(tap).toHaveText(/^Afficher l'image · \d+(,\d)? Ko$/);
    await tap.click();
    const shown = page.locator('.card--featured img.tap-image__img');
    await expect(shown).toBeVisible();
    await expect.poll(() => shown.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
    expect(requests.filter(isStorageImage)).toHaveLength(1);
    expect(messages).toEqual([]);
  });

  test('the toggle turns data-saver mode on and off, remembered, without a reload', async ({ page }) => {
    const messages = watchConsole(page);
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await markWindow(page);
    // The switch is in the header's menu (issue 25), folded away on a phone until the menu opens.
    await openMenu(page);
    const toggle = page.locator('[data-saver-toggle]');
    await expect(toggle).toHaveText('Mode léger : désactivé');

    await toggle.click();
    await expect(toggle).toHaveText('Mode léger : activé');
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('.card--featured button.tap-image')).toBeVisible();
    await expect(page.locator('.carousel')).toHaveCount(0);
    await expect(page.locator('[data-page-weight]')).toHaveText(/^Cette page : /);
    expect(await windowKept(page), 'turning it on reloads nothing').toBe(true);

    // Remembered: the next page comes from the server in data-saver mode, lite.
    const requests = watchRequests(page);
    await page.reload();
    await page.waitForLoadState('networkidle');
    expect(requests.filter(isStorageImage)).toEqual([]);
    expect(requests.filter(isAppChunk)).toEqual([]);
    await openMenu(page);
    await expect(toggle).toHaveText('Mode léger : activé');

    await markWindow(page);
    await toggle.click();
    await expect(toggle).toHaveText('Mode léger : désactivé');
    const featured = page.locator('.card--featured img');
    await expect(featured).toBeVisible();
    await expect.poll(() => featured.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
    await expect(page.locator('.carousel').first()).toBeVisible();
    expect(await windowKept(page), 'turning it off reloads nothing').toBe(true);
    expect(requests.some(isAppChunk), 'the reader app arrived').toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('data-saver'))).toBe('off');
    expect(messages).toEqual([]);
  });

  test('a lite article is readable, its menu opens, and its pictures come on request', async ({ page }) => {
    await page.setExtraHTTPHeaders({ 'Save-Data': 'on' });
    await page.goto('/');
    const href = await page.locator('.card--featured .card__title a').getAttribute('href');
    const requests = watchRequests(page);
    await page.goto(href!);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('h1')).toBeVisible();
    await expect(page.locator('.article-body p').first()).toBeVisible();
    expect(requests.filter(isStorageImage)).toEqual([]);
    // Without the app, the lite script still counts the page and the article.
    const rpcs = requests.filter((r) => r.method() === 'POST').map((r) => new URL(r.url()).pathname);
    expect(rpcs).toEqual(expect.arrayContaining(['/rest/v1/rpc/record_page_view', '/rest/v1/rpc/record_article_view']));
    await page.locator('.menu-toggle').click();
    await expect(page.locator('#site-nav')).toBeVisible();
    await expect(page.locator('.menu-toggle')).toHaveAttribute('aria-expanded', 'true');
    // Its pictures: one button in the body (issue 25), showing them when pressed.
    await page.locator('.article-body button[data-tap-gallery]').click();
    await expect(page.locator('.tap-gallery img').first()).toBeVisible();
  });
});

test.describe('pictures inside an article body', () => {
  test.use({ viewport: PHONE });
  let article: { id: string; slug: string };
  let master = '';

  test.beforeAll(async () => {
    const sb = serviceClient();
    const { data: seeded } = await sb.from('articles').select('image_url, category_id').like('image_url', '%x675.webp').limit(1).single();
    master = seeded!.image_url as string;
    const { data, error } = await sb
      .from('articles')
      .insert({
        slug: `photos-du-port-${Date.now()}`,
        title: 'Le port en photos',
        content: `<p>Premier paragraphe du reportage.</p><img src="${master}" alt="Le port au matin"><p>Suite.</p>`,
        status: 'published',
        category_id: seeded!.category_id,
      })
      .select('id, slug')
      .single();
    if (error) throw error;
    article = data;
  });
  test.afterAll(async () => {
    if (article) await serviceClient().from('articles').delete().eq('id', article.id);
  });

  test('come as a rendition the screen needs, or in data-saver mode only when tapped', async ({ page }) => {
    await page.goto(`/article/${article.slug}`);
    const inline = page.locator('.article-body img');
    await expect.poll(() => inline.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
    expect(await inline.evaluate((i: HTMLImageElement) => i.currentSrc)).toMatch(/\.w(320|640)\.webp$/);

    await page.setExtraHTTPHeaders({ 'Save-Data': 'on' });
    const requests = watchRequests(page);
    await page.goto(`/article/${article.slug}`);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('.article-body p').first()).toHaveText('Premier paragraphe du reportage.');
    expect(requests.filter(isStorageImage), 'no picture before a tap').toEqual([]);
    const tap = page.locator('.article-body button.tap-image');
    await expect(tap).toHaveText(/^Afficher l'image · \d+(,\d)? Ko$/);
    await tap.click();
    await expect(page.locator('.article-body img')).toHaveAttribute('alt', 'Le port au matin');
    expect(requests.filter(isStorageImage).map((r) => r.url())).toEqual([master.replace(/\.webp$/, '.w640.webp')]);
  });
});

test.describe("an article's own pictures in data-saver mode", () => {
  test.use({ viewport: PHONE });
  let article: { id: string; slug: string };

  test.beforeAll(async () => {
    const sb = serviceClient();
    const { data: seeded } = await sb.from('articles').select('image_url, category_id').like('image_url', '%x675.webp').limit(30);
    const masters = [...new Set(seeded!.map((a) => a.image_url as string))].slice(0, 3);
    expect(masters).toHaveLength(3);
    const { data, error } = await sb
      .from('articles')
      .insert({
        slug: `galerie-du-port-${Date.now()}`,
        title: 'Le port en trois photos',
        content: '<p>Premier paragraphe de la galerie.</p><p>Suite du reportage.</p>',
        image_url: masters[0],
        status: 'published',
        category_id: seeded![0].category_id,
      })
      .select('id, slug')
      .single();
    if (error) throw error;
    article = data;
    const rows = masters.map((image_url, i) => ({ article_id: data.id, image_url, position: i, alt_text: `Photo ${i + 1}` }));
    const { error: imagesError } = await sb.from('article_images').insert(rows);
    if (imagesError) throw imagesError;
  });
  test.afterAll(async () => {
    if (!article) return;
    await serviceClient().from('article_images').delete().eq('article_id', article.id);
    await serviceClient().from('articles').delete().eq('id', article.id);
  });

  test('are one button after the first paragraph, priced at what the three copies weigh, showing them all when pressed', async ({
    page,
  }) => {
    await page.setExtraHTTPHeaders({ 'Save-Data': 'on' });
    const messages = watchConsole(page);
    const requests = watchRequests(page);
    await page.goto(`/article/${article.slug}`);
    await page.waitForLoadState('networkidle');
    expect(requests.filter(isStorageImage), 'no picture before a press').toEqual([]);
    expect(requests.filter(isAppChunk), 'the lite page').toEqual([]);
    // Nothing of them before the text: no frame, no bars.
    await expect(page.locator('article.article .article-media:not(.tap-gallery *)')).toHaveCount(0);

    const gallery = page.locator('.article-body button[data-tap-gallery]');
    await expect(gallery).toHaveText(/^Afficher les 3 images · \d+(,\d)? Ko$/);
    const before = await gallery.evaluate((b) => b.closest('.tap-gallery')?.previousElementSibling?.textContent);
    expect(before).toBe('Premier paragraphe de la galerie.');
    // The figure is the sum of the copies it shows (1 Ko = 1024 octets, rounded as shown).
    const copies = await page
      .locator('.tap-gallery button[data-tap-src]')
      .evaluateAll((buttons) => buttons.map((b) => (b as HTMLElement).dataset.tapSrc!));
    expect(copies).toHaveLength(3);
    const sizes = await Promise.all(copies.map(async (url) => Number((await page.request.head(url)).headers()['content-length'])));
    const shownKo = Number((await gallery.textContent())!.match(/· ([\d,]+) Ko/)![1].replace(',', '.'));
    expect(Math.abs(shownKo - sizes.reduce((a, b) => a + b, 0) / 1024)).toBeLessThanOrEqual(0.5);

    await gallery.click();
    await expect(gallery).toHaveCount(0);
    const shown = page.locator('.tap-gallery img');
    await expect(shown).toHaveCount(3);
    expect(await shown.evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).alt))).toEqual(['Photo 1', 'Photo 2', 'Photo 3']);
    await expect
      .poll(() =>
        shown.evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0)),
      )
      .toBe(true);
    expect(
      requests
        .filter(isStorageImage)
        .map((r) => r.url())
        .sort(),
    ).toEqual([...copies].sort());
    expect(messages).toEqual([]);
  });
});
