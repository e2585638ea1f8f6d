import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { ADMIN, clientAs, serviceClient } from './adminSession.ts';
import { makeArticle, type Made } from './articles.ts';
import { expect, test, waitOnPageClock } from './fixtures.ts';
import { LOCAL_ACCOUNTS } from '../../supabase/seed/accounts.ts';

// A reader following a live coverage (« En direct ») in Chromium against the real stack: entries a
// journalist posts through the API arrive on the open page without a reload, within one interval
// (the administrator sets the shortest, 10 s, and the page's clock is moved on rather than waited
// for); a reader further down gets « 1 nouveau message » instead of a jump; in data-saver mode
// nothing is asked until the reader presses « Vérifier les nouveautés », which says what it found
// and what it cost.
const RUN = Date.now().toString(36);
const JOURNALIST = LOCAL_ACCOUNTS.find((a) => a.role === 'journalist')!;
const POLL_SECONDS = 10;
/** What the page waits before it starts following (afterPageLoad's idle moment, at most 2 s), plus one interval. */
const ONE_INTERVAL_MS = 2_000 + POLL_SECONDS * 1000;
const PHONE = { width: 412, height: 915 };
/** The delta address (GET /article/<slug>/live/<revision>). */
const isDeltaCheck = (url: string) => /\/article\/[^/]+\/live\/\d+$/.test(new URL(url).pathname);

let db: SupabaseClient;
let journalist: SupabaseClient;
let admin: SupabaseClient;
let categoryId: string;
const madeIds: string[] = [];

test.use({ viewport: PHONE });

test.beforeAll(async () => {
  db = serviceClient();
  [journalist, admin] = await Promise.all([clientAs(JOURNALIST), clientAs(ADMIN)]);
  const { data, error } = await db
    .from('categories')
    .insert({ name: `Direct E2E ${RUN}`, slug: `direct-e2e-${RUN}` })
    .select('id')
    .single();
  if (error) throw error;
  categoryId = data.id;
});

test.afterAll(async () => {
  if (!db) return;
  if (madeIds.length) await db.from('articles').delete().in('id', madeIds);
  if (categoryId) await db.from('categories').delete().eq('id', categoryId);
});

/** A public live article, its coverage open and asked every POLL_SECONDS, with `entries` posted already. */
async function liveArticle(key: string, entries: string[] = []): Promise<Made> {
  const article = await makeArticle(
    db,
    {
      slug: `${key}-${RUN}`,
      title: `Soirée électorale ${key} ${RUN}`,
      excerpt: 'Les résultats bureau par bureau.',
      content: 'Suivez avec nous la soirée électorale.',
      category_id: categoryId,
      status: 'published',
      format: 'live',
    },
    madeIds,
  );
  const { error } = await admin.rpc('live_set_state', { p_article_id: article.id, p_state: 'open', p_poll_seconds: POLL_SECONDS });
  if (error) throw error;
  for (const body of entries) await post(article, body);
  return article;
}

/** The journalist posts an entry, as the desk does (a client-made id). */
async function post(article: Made, body: string): Promise<{ seq: number }> {
  const { data, error } = await journalist.rpc('live_post', { p_id: randomUUID(), p_article_id: article.id, p_body: body });
  if (error) throw error;
  return data as { seq: number };
}

/** The page's revision (the live section's cursor), as the server rendered it. */
const pageRevision = async (page: Page) => Number(await page.locator('section[data-live-revision]').getAttribute('data-live-revision'));

/**
 * Waits until the delta address the page will ask answers with entry `seq`: the purge has reached
 * the server's kept answers (about a second), so what is measured next is the page's own pace.
 */
async function deltaServes(page: Page, slug: string, revision: number, seq: number): Promise<void> {
  const url = new URL(`/article/${slug}/live/${revision}`, page.url()).href;
  await expect
    .poll(async () => ((await (await fetch(url)).json()) as { entries: { seq: number }[] }).entries.map((e) => e.seq), { timeout: 10_000 })
    .toContain(seq);
}

/** A mark on the window: still there afterwards means the page was never reloaded. */
const markWindow = (page: Page) => page.evaluate(() => ((window as unknown as { kept: boolean }).kept = true));
const windowKept = (page: Page) => page.evaluate(() => (window as unknown as { kept?: boolean }).kept === true);

test('a reader at the top of an open live page sees a new entry arrive without a reload, within one interval', async ({ page }) => {
  const article = await liveArticle('en-haut', ['Les bureaux de vote ferment à 18 h.']);
  await page.clock.install();
  await page.goto(`/article/${article.slug}`);
  await expect(page.locator('[data-live-entries] .live-entry')).toHaveCount(1);
  await page.waitForLoadState('networkidle');
  await markWindow(page);

  const { seq } = await post(article, 'Premiers résultats : le taux de participation atteint 61 %.');
  await deltaServes(page, article.slug, await pageRevision(page), seq);
  const entry = page.locator(`#entree-${seq}`);
  await waitOnPageClock(page, entry, ONE_INTERVAL_MS);
  await expect(entry).toContainText('le taux de participation atteint 61 %');
  await expect(page.locator('[data-live-entries] .live-entry').first()).toHaveAttribute('id', `entree-${seq}`);
  await expect(page.getByRole('button', { name: /nouveaux? messages?/ })).toHaveCount(0);
  expect(await windowKept(page), 'the page was not reloaded').toBe(true);
});

test('a reader further down is not moved: « 1 nouveau message » shows, counted in the tab title, until pressed', async ({ page }) => {
  const article = await liveArticle(
    'plus-bas',
    Array.from({ length: 8 }, (_, i) => `Bureau ${i + 1} : dépouillement en cours, les assesseurs comptent les bulletins un par un.`),
  );
  await page.clock.install();
  await page.goto(`/article/${article.slug}`);
  await page.waitForLoadState('networkidle');
  const title = await page.title();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(0);

  const { seq } = await post(article, 'Un bureau de Dakar annonce ses résultats.');
  await deltaServes(page, article.slug, await pageRevision(page), seq);
  const notice = page.getByRole('button', { name: '1 nouveau message' });
  await waitOnPageClock(page, notice, ONE_INTERVAL_MS);
  await expect(page).toHaveTitle(`(1) ${title}`);
  await expect(page.locator(`#entree-${seq}`)).toHaveCount(0);
  expect(await page.evaluate(() => window.scrollY), 'the reader was not moved').toBe(scrolled);

  await notice.click();
  await expect(page.locator(`#entree-${seq}`)).toBeInViewport();
  await expect(page).toHaveTitle(title);
  await expect(notice).toHaveCount(0);
});

test('in data-saver mode nothing is asked by itself; « Vérifier les nouveautés » says what came and what it cost', async ({ page }) => {
  const article = await liveArticle('economie', ['Ouverture des bureaux de vote.']);
  await page.setExtraHTTPHeaders({ 'Save-Data': 'on' });
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  await page.goto(`/article/${article.slug}`);
  const button = page.getByRole('button', { name: 'Vérifier les nouveautés' });
  await expect(button).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The lite page: no reader app, no poller, nothing asked of the delta address by itself (page
  // clocks stand in for the resource timings this story reads, so the proof is the code's absence).
  expect(requests.filter((u) => /\/assets\/(index|liveClient)-[\w-]+\.js$/.test(u))).toEqual([]);
  expect(requests.filter(isDeltaCheck)).toEqual([]);

  const { seq } = await post(article, 'Le dépouillement commence dans les bureaux de Thiès.');
  await deltaServes(page, article.slug, await pageRevision(page), seq);
  await expect(page.locator(`#entree-${seq}`)).toHaveCount(0);
  const status = page.locator('[data-live-status]');
  await button.click();
  await expect(status).toHaveText(/^1 nouveau message · \d+(,\d)? Ko$/);
  await expect(page.locator(`#entree-${seq}`)).toContainText('Le dépouillement commence dans les bureaux de Thiès.');
  expect(requests.filter(isDeltaCheck)).toHaveLength(1);

  await button.click();
  await expect(status).toHaveText(/^Rien de nouveau depuis \d\d:\d\d$/);
  expect(requests.filter(isDeltaCheck)).toHaveLength(2);
  // What each check cost as the browser reports it, which is what the button priced: Chromium's
  // transferSize (the compressed body and a fixed 300 bytes for the headers). The real headers are
  // counted on the socket by src/public/live/checkCost.int.test.ts.
  const [full, empty] = await page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((e) => /\/live\/\d+$/.test(e.name))
      .map((e) => e.transferSize),
  );
  console.log(`the browser's transfer sizes: a check with one entry ${full} bytes, an empty check ${empty} bytes`);
  expect(full).toBeGreaterThan(empty);
  expect(empty).toBeGreaterThan(0);
});
