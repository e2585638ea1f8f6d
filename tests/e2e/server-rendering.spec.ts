import type { Page } from '@playwright/test';
import { expect, gotoFreshRender, isHarnessWarning, test, waitOnPageClock } from './fixtures.ts';
import { serviceClient } from './adminSession.ts';

// The server sends each reader page whole; the browser takes it over where it stands (hydration)
// and the single-page app carries on from there.

/** Console errors and warnings, and uncaught errors, of a page (React reports hydration problems there). */
function watchConsole(page: Page): string[] {
  const messages: string[] = [];
  page.on(
    'console',
    (m) => (m.type() === 'error' || m.type() === 'warning') && !isHarnessWarning(m.text()) && messages.push(`${m.type()}: ${m.text()}`),
  );
  page.on('pageerror', (e) => messages.push(`uncaught: ${e.message}`));
  return messages;
}

/** Marks the server's headline before any script runs; a page re-rendered from scratch loses it. */
async function markServerHeadline(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const h1 = document.querySelector('h1');
      (window as unknown as { serverH1: Element | null }).serverH1 = h1;
    });
  });
}
const headlineKept = (page: Page) =>
  page.evaluate(() => {
    const kept = (window as unknown as { serverH1: Element | null }).serverH1;
    return !!kept && kept.isConnected && kept === document.querySelector('h1');
  });

async function multiImageArticle(): Promise<{ slug: string; title: string }> {
  const { data, error } = await serviceClient()
    .from('articles')
    .select('slug, title, content, article_images(id)')
    .eq('status', 'published')
    .order('published_at', { ascending: false });
  if (error) throw error;
  // An HTML body and a carousel: the two parts the browser loads after hydrating.
  return data.find((a) => a.article_images.length >= 2 && a.content.startsWith('<'))!;
}

test('reader pages hydrate without errors or warnings and keep the server HTML', async ({ page }) => {
  const article = await multiImageArticle();
  const messages = watchConsole(page);
  await page.clock.install(); // the carousel's 5 s go by on the page's clock
  await markServerHeadline(page);
  const paths = ['/', '/category/politique', `/article/${article.slug}`, '/search?q=dakar', '/about', '/contact'];
  for (const path of paths) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(await headlineKept(page), `${path}: the server's <h1> was replaced`).toBe(true);
  }
  // The sign-in page waits for the stored session (a signed-in visitor is sent on), then shows its forms.
  await page.goto('/auth');
  await expect(page.getByRole('heading', { level: 1, name: 'Votre espace Afrique Actu' })).toBeVisible();
  // The article's carousel and HTML body took over after hydration.
  await page.goto(`/article/${article.slug}`);
  await waitOnPageClock(page, page.locator('.article-carousel'));
  expect(messages).toEqual([]);
});

test("a server-rendered page does not fetch its data again: the browser starts from the server's", async ({ page }) => {
  const article = await multiImageArticle();
  const reads: string[] = [];
  page.on('request', (r) => r.url().includes('/rest/v1/') && !r.url().includes('/rpc/record_') && reads.push(r.url()));
  await gotoFreshRender(page, `/article/${article.slug}`, () => (reads.length = 0));
  await page.waitForLoadState('networkidle');
  expect(reads).toEqual([]);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(article.title);
});

test('after the first page the app navigates in place, loading only data', async ({ page }) => {
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  const documents: string[] = [];
  page.on('request', (r) => r.resourceType() === 'document' && documents.push(r.url()));
  const card = page.locator('.home-featured .card__title a');
  const title = await card.textContent();
  const href = await card.getAttribute('href');
  await card.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title!);
  // The phone's share sheet and link previews read the head: it follows the page shown.
  await expect(page).toHaveTitle(`${title} — Afrique Actu`);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new URL(href!, page.url()).href);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', title!);
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
  await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Culture' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Culture');
  expect(documents).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
});

test('without JavaScript a reader still gets the article, its links and its share card tags', async ({ browser, baseURL }) => {
  const article = await multiImageArticle();
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  const res = await page.goto(`/article/${article.slug}`);
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(article.title);
  await expect(page.locator('.article-body p').first()).not.toBeEmpty();
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /^http/);
  await page.getByRole('link', { name: 'Politique' }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Politique');
  await context.close();
});
