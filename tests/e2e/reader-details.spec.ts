import type { SupabaseClient } from '@supabase/supabase-js';
import { ADMIN, JOURNALIST, READER, serviceClient, useSession } from './adminSession.ts';
import { makeArticle } from './articles.ts';
import { expect, test, waitOnPageClock } from './fixtures.ts';

// The reader's small things: read times, category pages, the live home dropping what is withdrawn,
// the phone header, the menu's Escape key, a quiet console and long searches.
const RUN = Date.now().toString(36);
let svc: SupabaseClient;
const made: string[] = [];
let category: { id: string; slug: string; name: string };

test.beforeAll(async () => {
  svc = serviceClient();
  const { data, error } = await svc
    .from('categories')
    .insert({ name: `Archives ${RUN}`, slug: `archives-${RUN}` })
    .select('id, slug, name')
    .single();
  if (error) throw error;
  category = data;
});

test.afterAll(async () => {
  if (made.length) await svc.from('articles').delete().in('id', made);
  await svc.from('categories').delete().eq('id', category.id);
});

const words = (n: number) => `<p>${Array.from({ length: n }, (_, i) => `mot${i}`).join(' ')}</p>`;

test('category pages: 12 cards with their own read time, then a crawlable numbered pager to page 2 and back', async ({ page }) => {
  // 14 articles, an hour apart; the newest 700 words long (4 min at 230 a minute).
  for (let n = 0; n < 14; n++) {
    await makeArticle(
      svc,
      {
        slug: `archives-${RUN}-${n}`,
        title: `Archive ${n} ${RUN}`,
        content: n === 0 ? words(700) : words(50),
        status: 'published',
        published_at: new Date(Date.now() - (n + 1) * 3_600_000).toISOString(),
        category_id: category.id,
      },
      made,
    );
  }
  const path = `/category/${category.slug}`;
  const response = await page.goto(path);
  // The server's HTML carries the link and the head's rel="next": crawlers need no script.
  const html = await response!.text();
  expect(html).toContain(`href="${path}?page=2"`);
  expect(html).toMatch(new RegExp(`<link rel="next" href="[^"]+${path}\\?page=2"`));
  expect(html).not.toContain('rel="prev"');

  const cards = page.locator('main article.card');
  await expect(cards).toHaveCount(12);
  await expect(cards.first().locator('.card__read-time')).toHaveText('4 min');
  await expect(cards.nth(1).locator('.card__read-time')).toHaveText('1 min');
  const pager = page.getByRole('navigation', { name: `Pages de la rubrique ${category.name}` });
  await expect(pager.getByText('1', { exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(pager.getByRole('link', { name: 'Précédent' })).toHaveCount(0);
  const more = pager.getByRole('link', { name: 'Suivant' });
  await expect(more).toHaveAttribute('rel', 'next');

  await more.click();
  await expect(page).toHaveURL(`${path}?page=2`);
  await expect(cards).toHaveCount(2);
  await expect(cards.first().getByRole('heading')).toHaveText(`Archive 12 ${RUN}`);
  await expect(pager.getByRole('link', { name: 'Suivant' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: `${category.name}, page 2` })).toBeVisible();
  await expect(pager.getByRole('link', { name: 'Précédent' })).toHaveAttribute('href', path);
  await expect(pager.getByRole('link', { name: '1', exact: true })).toHaveAttribute('href', path);
  await expect(page).toHaveTitle(`${category.name}, page 2 — Afrique Actu`);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${path}\\?page=2$`));

  // Served directly, page 2 says where it stands; past the last page there is nothing: a 404.
  const second = await page.goto(`${path}?page=2`);
  expect(await second!.text()).toMatch(new RegExp(`<link rel="prev" href="[^"]+${path}"`));
  const beyond = await page.goto(`${path}?page=3`);
  expect(beyond!.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page introuvable' })).toBeVisible();
  expect((await page.goto(`${path}?page=abc`))!.status()).toBe(404);
});

test('live home: an article unpublished or deleted while the page is open leaves it without a reload', async ({ page }) => {
  test.setTimeout(60_000);
  const culture = (await svc.from('categories').select('id').eq('slug', 'culture').single()).data!;
  const article = (title: string, n: number) =>
    makeArticle(
      svc,
      {
        slug: `retrait-${RUN}-${n}`,
        title,
        content: '<p>Bientôt retiré.</p>',
        status: 'published',
        published_at: new Date(Date.now() - n * 60_000).toISOString(),
        category_id: culture.id,
      },
      made,
    );
  const unpublished = await article(`À dépublier ${RUN}`, 1);
  const deleted = await article(`À supprimer ${RUN}`, 2);
  let subscribed = false;
  page.on('websocket', (socket) =>
    socket.on('framereceived', (f) => {
      if (String(f.payload).includes('"postgres_changes"')) subscribed = true;
    }),
  );
  await page.clock.install(); // the reader's stay goes by on the page's clock
  await page.goto('/');
  const link = (title: string) => page.locator('main').getByRole('link', { name: title });
  await expect(link(unpublished.title).first()).toBeVisible();
  await expect(link(deleted.title).first()).toBeAttached();
  // The live connection opens once the reader has stayed on the page; its subscription is
  // acknowledged before anything is withdrawn (a loaded machine takes longer to connect: 40 page seconds).
  await waitOnPageClock(page, () => subscribed, 40_000);
  const navigations: string[] = [];
  page.on('framenavigated', (f) => f === page.mainFrame() && navigations.push(f.url()));

  const { error } = await svc.from('articles').update({ status: 'draft' }).eq('id', unpublished.id);
  if (error) throw error;
  await expect(link(unpublished.title)).toHaveCount(0, { timeout: 10_000 });
  await expect(link(deleted.title).first()).toBeAttached();

  await svc.from('articles').delete().eq('id', deleted.id);
  await expect(link(deleted.title)).toHaveCount(0, { timeout: 10_000 });
  expect(navigations).toEqual([]);
});

for (const width of [360, 412]) {
  test(`phone header at ${width} px, signed in: the search field keeps a usable width, nothing runs off the screen`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    for (const account of [READER, JOURNALIST, ADMIN]) {
      await useSession(page, account);
      await page.goto('/');
      const header = page.locator('header.site-header');
      await expect(header.getByRole('button', { name: 'Se déconnecter' })).toBeVisible();
      // Two rows, however many buttons the account has (a journalist's « Admin » among them): the
      // logo, the account's buttons and the menu's on the first, the search on the second.
      const logo = (await header.locator('.site-logo').boundingBox())!;
      // At 360 px only a reader's buttons fit beside the logo; the newsroom's « Admin » takes a row.
      if (width >= 412 || account === READER) {
        for (const control of [
          header.getByRole('button', { name: 'Ouvrir le menu' }),
          header.getByRole('link', { name: 'Mes articles' }),
        ]) {
          const b = (await control.boundingBox())!;
          expect(b.y, `${account.email}: on the logo's row`).toBeLessThan(logo.y + logo.height);
        }
        const search = (await header.locator('.search-box').boundingBox())!;
        expect(search.y, `${account.email}: the search is the second row`).toBeLessThan(logo.y + logo.height + 40);
      }
      if (account !== READER) await expect(header.getByRole('link', { name: 'Admin' })).toBeVisible();
      const box = await header.getByRole('searchbox', { name: 'Rechercher un article' }).boundingBox();
      expect(box!.width, `${account.email}: search field width`).toBeGreaterThanOrEqual(140);
      for (const control of [
        header.getByRole('button', { name: 'Se déconnecter' }),
        header.getByRole('button', { name: 'Ouvrir le menu' }),
      ]) {
        const b = (await control.boundingBox())!;
        expect(b.x + b.width).toBeLessThanOrEqual(width);
      }
      const beyond = await header.evaluate((el, w) => {
        const out = [...el.querySelectorAll('*')].filter((e) => e.getBoundingClientRect().right > w && e.getClientRects().length > 0);
        return out.map((e) => `${e.tagName}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`);
      }, width);
      expect(beyond, `${account.email}: header parts past the screen's edge`).toEqual([]);
      await header.getByRole('button', { name: 'Se déconnecter' }).click();
      await expect(header.getByRole('link', { name: 'Se connecter' })).toBeVisible();
    }
  });
}

// On a laptop the data-saver switch never sits over the logo, the search or the account's buttons.
for (const width of [1024, 1280])
  test(`at ${width} px the data-saver switch covers neither the search box nor the account buttons`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    for (const account of [null, JOURNALIST, ADMIN]) {
      if (account) await useSession(page, account);
      await page.goto('/');
      const header = page.locator('header.site-header');
      if (account) await expect(header.getByRole('button', { name: 'Se déconnecter' })).toBeVisible();
      const toggle = header.locator('[data-saver-toggle]');
      for (const on of [false, true]) {
        if (on) await toggle.click();
        await expect(toggle).toHaveText(on ? 'Mode léger : activé' : 'Mode léger : désactivé');
        const pill = (await header.locator('.data-saver').boundingBox())!;
        for (const part of ['.site-logo', '.search-box', '.account'])
          for (const box of await header.locator(part).evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON())))
            expect(overlap(pill, box), `${account?.email ?? 'signed out'}, mode léger ${on}: the switch over ${part}`).toBe(false);
        if (on) await toggle.click();
      }
    }
  });

test('Escape closes the mobile menu and gives the focus back to its button', async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 800 });
  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'Ouvrir le menu' });
  await toggle.click();
  const nav = page.getByRole('navigation', { name: 'Navigation principale' });
  await expect(nav.getByRole('link', { name: 'Politique' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(nav.getByRole('link', { name: 'Accueil' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(nav.getByRole('link', { name: 'Politique' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Ouvrir le menu' })).toBeFocused();
  await expect(page.getByRole('button', { name: 'Ouvrir le menu' })).toHaveAttribute('aria-expanded', 'false');
});

test('a search from the header logs no error in the console', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  const box = page.getByRole('searchbox', { name: 'Rechercher un article' });
  await box.fill('Dakar');
  await box.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Résultats pour « Dakar »');
  await expect(page.getByText(/articles? trouvés?/)).toBeVisible();
  expect(errors).toEqual([]);
});

test('a very long search wraps: neither the heading nor the search box runs off a phone screen', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/');
  const box = page.getByRole('searchbox', { name: 'Rechercher un article' });
  await box.fill('x'.repeat(3000));
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=x+/);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toContainText('Résultats pour « xxx');
  await expect(page.getByText(/Aucun article ne correspond/)).toBeVisible();
  for (const element of [heading, page.getByText(/Aucun article ne correspond/), box]) {
    const b = (await element.boundingBox())!;
    expect(b.x + b.width).toBeLessThanOrEqual(360);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  // Served directly too (the server renders the same page).
  await page.goto(`/search?q=${'mot '.repeat(750)}${'y'.repeat(3000)}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Résultats pour');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
