import type { Page } from '@playwright/test';
import { ADMIN, pageTitle, serviceClient, useSession } from './adminSession.ts';
import { expect, test } from './fixtures.ts';
import { expectNoSidewaysScroll } from './sideways.ts';

// Every screen fits (issue 46): no back-office screen and no reader page type scrolls sideways on
// a 360 or 412 px phone or a 1280 px laptop. The back office is walked through its menu as it is
// when the test runs (a screen added later is measured without touching this file), each list's
// « create » screen and the editor of a real article with it; the reader's page types are listed.
const WIDTHS = [360, 412, 1280] as const;

/** Where the side menu leads (the back office's own screens: not « Voir le site »), read at 1280 px where it is open. */
async function menuScreens(page: Page): Promise<string[]> {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/admin/dashboard');
  await expect(pageTitle(page)).toContainText('Tableau de bord', { timeout: 15_000 });
  const menu = page.getByRole('menu').getByRole('menuitem');
  await expect(menu.first()).toBeVisible();
  const paths = await menu.evaluateAll((items) => items.flatMap((a) => (a instanceof HTMLAnchorElement ? [new URL(a.href).pathname] : [])));
  return [...new Set(paths.filter((path) => path.startsWith('/admin/')))];
}

/** A screen's own « create » screen, if it links to one (« Nouvel article », « Nouvelle rubrique »…). */
const createScreens = (page: Page) =>
  page
    .locator('#main-content a[href$="/create"], #main-content a[href$="/new"]')
    .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));

async function measure(page: Page, path: string) {
  await page.goto(path);
  await expect(pageTitle(page)).not.toBeEmpty({ timeout: 15_000 });
  // Lists and charts fill in after the title: measured once the page has its data.
  await page.waitForLoadState('networkidle');
  await expectNoSidewaysScroll(page, path);
  // A screen in tabs (« Statistiques »): each tab is a view of its own, measured once chosen.
  const tabs = page.locator('#main-content').getByRole('tab');
  for (let i = 1; i < (await tabs.count()); i++) {
    const tab = tabs.nth(i);
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await page.waitForLoadState('networkidle');
    await expectNoSidewaysScroll(page, `${path}, tab « ${await tab.textContent()} »`);
  }
}

for (const width of WIDTHS) {
  test(`no back-office screen scrolls sideways at ${width} px`, async ({ page }) => {
    test.setTimeout(180_000);
    await useSession(page, ADMIN);
    const screens = await menuScreens(page);
    expect(screens).toEqual(expect.arrayContaining(['/admin/dashboard', '/admin/articles']));
    const { data: article } = await serviceClient()
      .from('articles')
      .select('id')
      .eq('status', 'published')
      .order('published_at', { ascending: false })
      .limit(1)
      .single();
    const { data: category } = await serviceClient().from('categories').select('id').limit(1).single();
    // The newest published article's editor has the most to show (history, corrections, images).
    const forms = [`/admin/articles/${article!.id}`, `/admin/categories/${category!.id}`];
    await page.setViewportSize({ width, height: 800 });
    const seen = new Set<string>();
    for (const path of [...screens, ...forms]) {
      if (seen.has(path)) continue;
      seen.add(path);
      await measure(page, path);
      for (const create of await createScreens(page)) if (!seen.has(create)) screens.push(create);
    }
  });
}

/** One page of each type the reader is shown, found from the home page's own links. */
async function readerPages(page: Page): Promise<Record<string, string>> {
  await page.goto('/');
  const first = async (selector: string) => new URL((await page.locator(selector).first().getAttribute('href'))!, page.url()).pathname;
  const article = await first('main a[href^="/article/"]');
  const category = await first('a[href^="/category/"]');
  const author = await authorOfAnArticle(page);
  return {
    home: '/',
    article,
    category,
    author,
    search: '/search?q=Dakar',
    about: '/about',
    contact: '/contact',
    corrections: '/corrections',
    'sign-in': '/auth',
    'saved articles': '/mes-articles',
    'not found': '/nulle-part-ici',
  };
}

/**
 * An author page, from the byline of one of the stories the page shows (the home page, rendered by the
 * server): the newest may be another spec's story, written with no author page, so the next ones are tried.
 */
async function authorOfAnArticle(page: Page): Promise<string> {
  const articles = [
    ...new Set(await page.locator('main a[href^="/article/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href')!))),
  ];
  for (const article of articles) {
    await page.goto(article);
    const byline = page.locator('a[href^="/auteur/"]');
    if (await byline.count()) return new URL((await byline.first().getAttribute('href'))!, page.url()).pathname;
  }
  throw new Error(`none of the home page's ${articles.length} stories names an author with a page`);
}

const READER_TYPES = [
  'home',
  'article',
  'category',
  'author',
  'search',
  'about',
  'contact',
  'corrections',
  'sign-in',
  'saved articles',
  'not found',
] as const;

for (const width of WIDTHS) {
  test(`no reader page type scrolls sideways at ${width} px`, async ({ page }) => {
    test.setTimeout(120_000);
    const pages = await readerPages(page);
    await page.setViewportSize({ width, height: 800 });
    for (const type of READER_TYPES) {
      await page.goto(pages[type]);
      await page.waitForLoadState('networkidle');
      await expectNoSidewaysScroll(page, `the reader's ${type} page (${pages[type]})`);
    }
  });

  // « Mode léger » as a phone asking to save data gets it: the server's lite pages, each its own case.
  for (const type of ['home', 'article'] as const) {
    test(`the lite ${type} page does not scroll sideways at ${width} px`, async ({ page }) => {
      const pages = await readerPages(page);
      await page.setExtraHTTPHeaders({ 'Save-Data': 'on' });
      await page.setViewportSize({ width, height: 800 });
      await page.goto(pages[type]);
      await page.waitForLoadState('networkidle');
      await expectNoSidewaysScroll(page, `the lite ${type} page (${pages[type]})`);
    });
  }
}
