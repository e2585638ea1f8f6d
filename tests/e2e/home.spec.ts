import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Locator, Page } from '@playwright/test';
import ws from 'ws';
import { LOCAL_ACCOUNTS } from '../../supabase/seed/accounts.ts';
import { loadTimingOnPageClock, recordScripts, scriptsOf } from './chunks.ts';
import { expect, openInApp, test, waitOnPageClock } from './fixtures.ts';

// The home page against the real stack and its seed. What the page should show is asked of the
// database (the same home_page call, as a visitor), since other specs may add articles.
const RUN = Date.now().toString(36);
const ADMIN = LOCAL_ACCOUNTS.find((a) => a.role === 'admin')!;
const HERO_TITLE = "L'actualité africaine autrement";

interface Card {
  id: string;
  slug: string;
  title: string;
}
interface Home {
  featured: Card | null;
  sections: { category: { id: string; name: string; slug: string }; articles: Card[] }[];
}

const client = () =>
  createClient(process.env.E2E_API_URL!, process.env.E2E_ANON_KEY!, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws as never },
  });

let visitor: SupabaseClient;
let admin: SupabaseClient;
const made: string[] = [];

async function home(): Promise<Home> {
  const { data, error } = await visitor.rpc('home_page', { p_per_category: 10 });
  if (error) throw error;
  return data as Home;
}

test.beforeAll(async () => {
  visitor = client();
  admin = client();
  const { error } = await admin.auth.signInWithPassword({ email: ADMIN.email, password: ADMIN.password });
  if (error) throw error;
});

test.afterAll(async () => {
  if (made.length) await admin.from('articles').delete().in('id', made);
  await admin?.auth.signOut({ scope: 'local' }); // this client's session only: the run's saved sessions stay
});

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const featured = (page: Page) => page.getByRole('region', { name: 'À la une' });

/** Cards of a carousel lying entirely inside its visible box. */
async function cardsInView(carousel: Locator): Promise<number> {
  return carousel.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return [...el.querySelectorAll('li')].filter((li) => {
      const r = li.getBoundingClientRect();
      return r.width > 0 && r.left >= box.left - 1 && r.right <= box.right + 1;
    }).length;
  });
}

/** The first section with more cards than fit at once, so its carousel has somewhere to go. */
async function sectionToTurn(): Promise<Home['sections'][number]> {
  const s = (await home()).sections.find((x) => x.articles.length > 3);
  if (!s) throw new Error('the seed needs a category with at least 4 published articles');
  return s;
}

/**
 * Brings a section's carousel into view and reaches for it (the pointer over it): swiper is fetched
 * and takes over where it stands (useCarouselStart). The section is scrolled to, not the carousel:
 * the static row is swapped for swiper's meanwhile.
 */
async function startCarousel(page: Page, name: string): Promise<void> {
  await section(page, name).scrollIntoViewIfNeeded();
  const carousel = section(page, name).getByRole('group', { name });
  await carousel.hover();
  await expect(carousel.locator('.swiper-initialized')).toBeVisible();
}

test('the home page shows the hero, the latest article featured and one carousel per category', async ({ page }) => {
  const expected = await home();
  expect(expected.featured).not.toBeNull();
  expect(expected.sections.length).toBeGreaterThanOrEqual(3);

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: HERO_TITLE })).toBeVisible();
  await expect(featured(page).getByRole('heading', { name: expected.featured!.title })).toBeVisible();
  await expect(featured(page).getByText(/^\d+ min$/)).toBeVisible();
  await expect(featured(page).locator('img')).toHaveAttribute('loading', 'eager');

  for (const { category, articles } of expected.sections) {
    const s = section(page, category.name);
    await expect(s.getByRole('heading', { level: 2, name: category.name })).toBeVisible();
    await expect(s.getByRole('listitem')).toHaveCount(articles.length);
    await expect(s.getByRole('link', { name: articles[0].title })).toHaveAttribute('href', `/article/${articles[0].slug}`);
    await expect(s.getByRole('link', { name: 'Voir plus' })).toHaveAttribute('href', `/category/${category.slug}`);
    // No read time on home carousels (docs/product.md#home); images wait until they are needed.
    await expect(s.getByText(/^\d+ min$/)).toHaveCount(0);
    await expect(s.locator('img').first()).toHaveAttribute('loading', 'lazy');
    await expect(s.locator('img').first()).toHaveAttribute('width', '1200');
  }
  await expect(page.getByRole('heading', { level: 2, name: 'Notre rédaction' })).toBeVisible();

  const politique = expected.sections.find((x) => x.category.slug === 'politique') ?? expected.sections[0];
  await section(page, politique.category.name).getByRole('link', { name: 'Voir plus' }).click();
  await expect(page).toHaveURL(new RegExp(`/category/${politique.category.slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: politique.category.name })).toBeVisible();
});

test('an anonymous reader downloads no auth and no swiper until scrolling to a carousel; realtime waits for the load', async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 600 });
  const scripts = recordScripts(page);
  // The reader's waits go by on the page's clock (Playwright's); the moments the page loaded and
  // asked for realtime are read on it.
  await page.clock.install();
  const realtimeTiming = await loadTimingOnPageClock(page, 'realtime');
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  // Realtime (live home) connects once the reader has stayed 10 s after the load, never during it.
  await waitOnPageClock(page, () => scriptsOf('realtime', scripts).length > 0);
  const realtime = await realtimeTiming();
  expect(Math.min(...realtime.requested)).toBeGreaterThanOrEqual(realtime.loadEnd + 10_000);

  const first = page.locator('.home-section').first();
  const carousel = first.locator('.carousel');
  // The premise: the first carousel starts well below the screen (further than the 200 px margin).
  expect(await carousel.evaluate((el) => el.getBoundingClientRect().top - window.innerHeight)).toBeGreaterThan(200);
  await page.waitForTimeout(500);
  expect(scriptsOf('auth', scripts), 'auth-js for a visitor without a session').toEqual([]);
  expect(scriptsOf('swiper', scripts), 'swiper before any carousel is near the screen').toEqual([]);
  await expect(carousel.locator('.carousel__track--static')).toBeVisible();

  // Near the screen, it starts once its first card has had its 5 s (and moves on at once).
  await first.scrollIntoViewIfNeeded();
  await page.clock.fastForward(3000);
  await page.waitForTimeout(300);
  expect(scriptsOf('swiper', scripts), 'swiper before the carousel has had its 5 s').toEqual([]);
  await waitOnPageClock(page, carousel.locator('.swiper-initialized'));
  expect(scriptsOf('swiper', scripts).length).toBeGreaterThan(0);
  expect(scriptsOf('auth', scripts)).toEqual([]);
});

test('carousels show 3 cards at 1280 px and 1 at 375 px, and turn with the buttons', async ({ page }) => {
  const { category } = await sectionToTurn();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  const carousel = section(page, category.name).getByRole('group', { name: category.name });
  await startCarousel(page, category.name);
  expect(await cardsInView(carousel)).toBe(3);

  await page.setViewportSize({ width: 375, height: 800 });
  await expect.poll(() => cardsInView(carousel)).toBe(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // Keyboard access: the buttons turn it, and it wraps from the first card back to the last.
  const firstVisible = () =>
    carousel.evaluate((el) => {
      const box = el.getBoundingClientRect();
      return [...el.querySelectorAll('li')].findIndex((li) => Math.abs(li.getBoundingClientRect().left - box.left) < 2);
    });
  expect(await firstVisible()).toBe(0);
  await carousel.getByRole('button', { name: 'Article suivant' }).click();
  await expect.poll(firstVisible).toBe(1);
  await carousel.getByRole('button', { name: 'Article précédent' }).click();
  await expect.poll(firstVisible).toBe(0);
  await carousel.getByRole('button', { name: 'Article précédent' }).click();
  await expect.poll(firstVisible).toBeGreaterThan(1);
});

test('a card reached with the keyboard is slid into view', async ({ page }) => {
  const { category, articles } = await sectionToTurn();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  const carousel = section(page, category.name).getByRole('group', { name: category.name });
  await startCarousel(page, category.name);
  const fourth = carousel.getByRole('link', { name: articles[3].title });
  await fourth.focus();
  await expect
    .poll(() =>
      fourth.evaluate((a) => {
        const box = a.closest('.carousel')!.getBoundingClientRect();
        const r = a.getBoundingClientRect();
        return r.left >= box.left && r.right <= box.right;
      }),
    )
    .toBe(true);
});

test('carousels move on by themselves every 5 s, unless the reader asks for less motion', async ({ browser, baseURL }) => {
  const { category } = await sectionToTurn();
  const firstVisibleAfter = async (reducedMotion: 'reduce' | 'no-preference', wait: number) => {
    const page = await browser.newPage({ baseURL, reducedMotion, viewport: { width: 1280, height: 900 } });
    await page.clock.install(); // the reader's wait goes by on the page's clock
    await page.goto('/');
    const carousel = section(page, category.name).getByRole('group', { name: category.name });
    await startCarousel(page, category.name);
    await page.mouse.move(0, 0);
    const first = () => carousel.locator('.swiper-slide-active').evaluate((li) => [...li.parentElement!.children].indexOf(li));
    const before = await first();
    if (reducedMotion === 'reduce') await expect(carousel.getByRole('button', { name: 'Mettre le carrousel en pause' })).toBeHidden();
    await page.clock.fastForward(wait);
    const after = await first();
    await page.close();
    return [before, after];
  };
  // Not before 5 s…
  expect(await firstVisibleAfter('no-preference', 4000)).toEqual([0, 0]);
  // …but by 6 s.
  expect(await firstVisibleAfter('no-preference', 6000)).toEqual([0, 1]);
  expect(await firstVisibleAfter('reduce', 6000)).toEqual([0, 0]);
});

test('the pause button stops a carousel for good', async ({ page }) => {
  const { category } = await sectionToTurn();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.clock.install(); // the reader's wait goes by on the page's clock
  await page.goto('/');
  const carousel = section(page, category.name).getByRole('group', { name: category.name });
  await startCarousel(page, category.name);
  await carousel.getByRole('button', { name: 'Mettre le carrousel en pause' }).click();
  await expect(carousel.getByRole('button', { name: 'Relancer le carrousel' })).toBeVisible();
  await page.mouse.move(0, 0);
  await page.getByRole('heading', { level: 1 }).click(); // focus leaves the carousel too
  await page.clock.fastForward(5800);
  expect(await carousel.locator('.swiper-slide-active').evaluate((li) => [...li.parentElement!.children].indexOf(li))).toBe(0);
});

for (const [width, height] of [
  [375, 740],
  [1280, 900],
]) {
  test(`the page does not jump while it loads on a slow network (CLS ≈ 0 at ${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await page.clock.install(); // the carousels' 5 s go by on the page's clock
    await page.addInitScript(() => {
      const w = window as unknown as { __cls: number };
      w.__cls = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!e.hadRecentInput) w.__cls += e.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // Swiper's chunk arrives late: the server's page shows the static rows, then the browser
    // hydrates it and Swiper takes over. None of these steps may move what is on screen.
    await page.route('**/assets/{CategoryCarousel,swiper}*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2500));
      await route.continue();
    });
    await page.goto('/');
    await expect(featured(page)).toBeVisible();
    await expect(page.locator('.carousel__track--static').first()).toBeVisible();
    // Look at the first carousels while Swiper replaces their static rows.
    await page
      .locator('.home-section')
      .first()
      .evaluate((el) => el.scrollIntoView());
    await waitOnPageClock(page, page.locator('.swiper-initialized').first());
    await page.waitForTimeout(300);
    // ≈ 0: a placeholder 20 % off Swiper's slide width already scores about 0.015 here.
    expect(await page.evaluate(() => (window as unknown as { __cls: number }).__cls)).toBeLessThan(0.005);
  });
}

test('a failed home load is only logged: the hero and the editorial block still show', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  // The browser's own load (after the first page, which the server rendered with its data).
  await page.goto('/about');
  await page.route('**/rest/v1/rpc/home_page*', (route) => route.abort('failed'));
  await openInApp(page, '/');
  await expect(page.getByRole('heading', { level: 1, name: HERO_TITLE })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Notre rédaction' })).toBeVisible();
  await expect.poll(() => errors.length).toBeGreaterThan(0);
  await expect(page.getByRole('region', { name: 'À la une' })).toHaveCount(0);
});

test('live home: an article published by the newsroom appears on the open page without a reload', async ({ page }) => {
  const homeCalls: string[] = [];
  page.on('request', (r) => r.url().includes('/rpc/home_page') && homeCalls.push(r.url()));
  let sockets = 0;
  page.on('websocket', () => sockets++);
  await page.clock.install(); // the reader's stay goes by on the page's clock
  await page.goto('/');
  const before = await home();
  await expect(featured(page).getByRole('heading', { name: before.featured!.title })).toBeVisible();
  // The live connection opens once the reader has stayed on the page (LIVE_AFTER_MS); give the
  // subscription its round trip to the server before writing.
  await waitOnPageClock(page, () => sockets > 0);
  await page.waitForTimeout(1000);
  const navigations: string[] = [];
  page.on('framenavigated', (f) => f === page.mainFrame() && navigations.push(f.url()));

  const { data: category } = await admin.from('categories').select('id, name').eq('slug', 'culture').single();
  const title = `En direct : la Biennale de Dakar ouvre ses portes ${RUN}`;
  const { data: article, error } = await admin
    .from('articles')
    .insert({
      slug: `en-direct-biennale-${RUN}`,
      title,
      excerpt: 'Publié pendant que la page est ouverte.',
      content: '<p>La Biennale de Dakar ouvre ses portes ce soir.</p>',
      category_id: category!.id,
      status: 'published',
    })
    .select('id')
    .single();
  if (error) throw error;
  made.push(article.id);

  await expect(featured(page).getByRole('heading', { name: title })).toBeVisible({ timeout: 5000 });
  // It leads the page, so its category's row below does not repeat it.
  await expect(section(page, category!.name)).toBeVisible();
  await expect(section(page, category!.name).getByRole('link', { name: title })).toHaveCount(0);
  expect(navigations).toEqual([]);

  // Reads of published articles are counted outside the articles table: no reload for those.
  const { data: old } = await admin
    .from('articles')
    .select('id')
    .eq('status', 'published')
    .lt('updated_at', new Date(Date.now() - 30_000).toISOString())
    .limit(1)
    .single();
  await page.waitForTimeout(1500);
  const calls = homeCalls.length;
  for (let i = 0; i < 3; i++) {
    const { error: viewError } = await visitor.rpc('record_article_view', { p_article_id: old!.id });
    if (viewError) throw viewError;
  }
  await page.waitForTimeout(2000);
  expect(homeCalls.length).toBe(calls);

  // An edit of a published article does refresh it.
  const edited = `${title} (mis à jour)`;
  const { error: editError } = await admin.from('articles').update({ title: edited }).eq('id', article.id);
  if (editError) throw editError;
  await expect(featured(page).getByRole('heading', { name: edited })).toBeVisible({ timeout: 5000 });
  expect(navigations).toEqual([]);
});
