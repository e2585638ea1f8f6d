import type { Browser, Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { formatLongDate } from '../../src/lib/dates.ts';
import { ADMIN, clientAs, openBackOffice, openSiteSignedIn, serviceClient } from './adminSession.ts';
import { makeArticle as insertArticle, type Made } from './articles.ts';
import { expect, openInApp, test } from './fixtures.ts';
import { sitemapText } from './sitemaps.ts';

// The newsroom's workflow as readers meet it: old links of renamed articles, scheduled articles,
// the preview, corrections. The articles are made here as the admin through supabase-js against
// the real stack, in a category of our own; letters only in RUN, so search reads it as one word.
const RUN = Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
const CATEGORY = { name: `Rédaction E2E ${RUN}`, slug: `redaction-e2e-${RUN}` };

let admin: SupabaseClient;
let categoryId: string;
const made: string[] = [];

const makeArticle = (slug: string, title: string, fields: { status?: 'draft' | 'scheduled' | 'published'; published_at?: string } = {}) =>
  insertArticle(
    admin,
    {
      slug: `${slug}-${RUN}`,
      title,
      excerpt: `Résumé : ${title}`,
      content: `Premier paragraphe de « ${title} ». Deuxième phrase du texte.`,
      category_id: categoryId,
      status: fields.status ?? 'published',
      published_at: fields.published_at,
    },
    made,
  );

/** An edit as the editor makes it: based on the version it loaded. */
async function update(id: string, changes: Record<string, unknown>): Promise<Made> {
  const { data: row, error: readError } = await admin.from('articles').select('version').eq('id', id).single();
  if (readError) throw readError;
  const { data, error } = await admin
    .from('articles')
    .update({ ...changes, version: row.version })
    .eq('id', id)
    .select('id, slug, title')
    .single();
  if (error) throw error;
  return data;
}

test.beforeAll(async () => {
  admin = await clientAs(ADMIN);
  const { data, error } = await admin.from('categories').insert(CATEGORY).select('id').single();
  if (error) throw error;
  categoryId = data.id;
});

test.afterAll(async () => {
  const svc = serviceClient();
  if (made.length) await svc.from('articles').delete().in('id', made);
  if (categoryId) await svc.from('categories').delete().eq('id', categoryId);
  await admin?.auth.signOut({ scope: 'local' }); // this client's session only: the run's saved sessions stay
});

/** The page's address is exactly this path (and query) on the site. */
const at = (path: string) => new RegExp(`^https?://[^/]+${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/** A browser context of its own, signed in (the seeded account's saved session). */
async function signedIn(browser: Browser, baseURL: string | undefined, as: 'admin' | 'reader'): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await (as === 'admin' ? openBackOffice(page) : openSiteSignedIn(page));
  return page;
}

test("a renamed article's old link lands on its new address: 301 on a first load, counted under its link's channel; replaced in the app", async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const article = await makeArticle('ancien-titre', `Le port de Lomé double sa capacité ${RUN}`);
  const old = article.slug;
  await page.goto(`/article/${old}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(article.title);

  const renamed = await update(article.id, { title: `Le port de Lomé triple sa capacité ${RUN}`, slug: `nouveau-titre-${RUN}` });
  const moved = await request.get(`/article/${old}?utm_source=whatsapp`, { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(moved.headers().location).toBe(`/article/${renamed.slug}?utm_source=whatsapp`);
  // Kept a minute, never served stale: a rename undone later must not leave a loop in caches.
  expect(moved.headers()['cache-control']).toBe('public, max-age=60');

  // A first load of the old link from a WhatsApp message, in a reader's own browser (a reader of
  // their own: views are told apart by address and agent). The tag comes through the 301, so the
  // view counts under WhatsApp; once counted, the tag leaves the address bar (issue 41).
  const whatsappViews = async () => {
    // A view recorded while another transaction folds waits in the inbox for the next fold (the server's, each minute).
    await serviceClient().rpc('views_fold');
    const { data, error } = await admin.rpc('article_channels', { p_article_id: article.id, p_days: 1 });
    if (error) throw error;
    return (data as { channel: string; views: number }[]).find((c) => c.channel === 'whatsapp')?.views ?? 0;
  };
  const fresh = await browser.newContext({
    baseURL,
    serviceWorkers: 'block',
    userAgent: `Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36 ancien-lien-${RUN}`,
  });
  const reader = await fresh.newPage();
  // Its answer, not only its sending: a context closed meanwhile would cancel the view.
  const viewed = reader.waitForResponse((r) => r.url().includes('/rpc/record_article_view'));
  const response = await reader.goto(`/article/${old}?utm_source=whatsapp`);
  expect((await response!.request().redirectedFrom()?.response())?.status()).toBe(301);
  expect(response!.status()).toBe(200);
  expect(response!.url()).toMatch(at(`/article/${renamed.slug}?utm_source=whatsapp`));
  await expect(reader.getByRole('heading', { level: 1 })).toHaveText(renamed.title);
  expect(JSON.parse((await viewed).request().postData() ?? '{}')).toMatchObject({ p_channel: 'whatsapp' });
  await expect(reader).toHaveURL(at(`/article/${renamed.slug}`));
  await fresh.close();
  await expect.poll(whatsappViews).toBe(1);

  // In the app: the router asks for the old slug, learns the new one and replaces the address.
  await page.goto('/');
  const documents: string[] = [];
  page.on('request', (r) => r.resourceType() === 'document' && documents.push(r.url()));
  await openInApp(page, `/article/${old}`);
  await expect(page).toHaveURL(at(`/article/${renamed.slug}`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(renamed.title);
  await expect(page).toHaveTitle(`${renamed.title} — Afrique Actu`);
  expect(documents).toEqual([]);
  // Replaced, not pushed: going back leaves the article, it does not return to the old address.
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);

  // Sitemap and feeds know the current address only.
  const sitemap = await sitemapText(request);
  expect(sitemap).toContain(`/article/${renamed.slug}</loc>`);
  expect(sitemap).not.toContain(`/article/${old}<`);
  expect(await (await request.get(`/category/${CATEGORY.slug}/rss.xml`)).text()).not.toContain(`/article/${old}<`);
});

test('a scheduled article is nowhere before its moment, also for an admin browsing the site, and everywhere after it with a reload', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const neighbour = await makeArticle('voisin', `Article déjà en ligne ${RUN}`);
  const adminPage = await signedIn(browser, baseURL, 'admin');
  await adminPage.goto('/');
  await adminPage.waitForLoadState('networkidle');

  // The server's clock decides, so this wait is real: long enough for the checks below on a busy
  // machine (E2E runs two workers), which must all happen before the moment.
  const goesOut = Date.now() + 25_000;
  const scheduled = await makeArticle('edition-du-matin', `Édition du matin ${RUN}`, {
    status: 'scheduled',
    published_at: new Date(goesOut).toISOString(),
  });
  const title = scheduled.title;
  const feedsList = async () => {
    const [rss, categoryRss, sitemap] = await Promise.all([
      ...['/rss.xml', `/category/${CATEGORY.slug}/rss.xml`].map(async (p) => (await request.get(p)).text()),
      sitemapText(request),
    ]);
    return {
      rss: rss.includes(`/article/${scheduled.slug}<`),
      categoryRss: categoryRss.includes(`/article/${scheduled.slug}<`),
      sitemap: sitemap.includes(`/article/${scheduled.slug}<`),
    };
  };

  // Before: anon.
  expect((await request.get(`/article/${scheduled.slug}`)).status()).toBe(404);
  await page.goto(`/article/${scheduled.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Article introuvable');
  await page.goto(`/category/${CATEGORY.slug}`);
  await expect(page.getByRole('link', { name: neighbour.title })).toBeVisible();
  await expect(page.getByText(title)).toHaveCount(0);
  await page.goto('/');
  await expect(page.getByRole('link', { name: neighbour.title }).first()).toBeVisible();
  await expect(page.getByText(title)).toHaveCount(0);
  await page.goto(`/search?q=${RUN}`);
  await expect(page.getByRole('link', { name: neighbour.title })).toBeVisible();
  await expect(page.getByText(title)).toHaveCount(0);
  expect(await feedsList()).toEqual({ rss: false, categoryRss: false, sitemap: false });
  // Before: an administrator, whose session may read every article, on pages the browser loads itself.
  await openInApp(adminPage, `/category/${CATEGORY.slug}`);
  await expect(adminPage.getByRole('link', { name: neighbour.title })).toBeVisible();
  await expect(adminPage.getByText(title)).toHaveCount(0);
  await openInApp(adminPage, `/article/${scheduled.slug}`);
  await expect(adminPage.getByRole('heading', { level: 1 })).toHaveText('Article introuvable');
  expect(Date.now(), 'the checks above ran before the article went out').toBeLessThan(goesOut);

  // After its moment: no job has run, a reload shows it.
  await page.waitForTimeout(goesOut - Date.now() + 500);
  expect((await request.get(`/article/${scheduled.slug}`)).status()).toBe(200);
  await page.goto(`/article/${scheduled.slug}`);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  for (const path of [`/category/${CATEGORY.slug}`, '/', `/search?q=${RUN}`]) {
    await page.goto(path);
    await page.reload();
    await expect(page.getByRole('link', { name: title }).first(), path).toBeVisible();
  }
  expect(await feedsList()).toEqual({ rss: true, categoryRss: true, sitemap: true });
  await adminPage.reload();
  await expect(adminPage.getByRole('heading', { level: 1 })).toHaveText(title);
  await adminPage.context().close();
});

test('preview: anon and a reader get the 404 page (HTTP 404, no-store, noindex); an admin sees the draft as its page will be, under a banner', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const draft = await makeArticle('brouillon-apercu', `Brouillon à relire ${RUN}`, { status: 'draft' });
  const later = await makeArticle('programme-apercu', `Programmé pour demain ${RUN}`, {
    status: 'scheduled',
    published_at: new Date(Date.now() + 24 * 3600_000).toISOString(),
  });
  const live = await makeArticle('en-ligne-apercu', `Déjà en ligne ${RUN}`);

  const res = await request.get(`/apercu/${draft.id}`);
  expect(res.status()).toBe(404);
  expect(res.headers()['cache-control']).toBe('no-store');
  expect(res.headers()['x-robots-tag']).toBe('noindex');
  const shell = await res.text();
  expect(shell).toContain('Chargement de l&#x27;aperçu…');
  expect(shell).toMatch(/<meta name="robots" content="noindex"/);
  expect(shell).not.toContain(draft.title);

  // Anonymous visitor.
  const anon = await page.goto(`/apercu/${draft.id}`);
  expect(anon!.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page introuvable');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expect(page.getByText(draft.title)).toHaveCount(0);

  // A signed-in reader: not even a public article.
  const reader = await signedIn(browser, baseURL, 'reader');
  for (const id of [draft.id, live.id]) {
    await reader.goto(`/apercu/${id}`);
    await expect(reader.getByRole('heading', { level: 1 })).toHaveText('Page introuvable');
  }
  await expect(reader.getByText(draft.title)).toHaveCount(0);
  await reader.context().close();

  // An administrator: the article page's own view, under its banner.
  const editor = await signedIn(browser, baseURL, 'admin');
  const shown = await editor.goto(`/apercu/${draft.id}`);
  expect(shown!.status()).toBe(404);
  const banner = editor.getByRole('complementary', { name: 'Aperçu' });
  await expect(banner).toContainText('Aperçu — non publié');
  await expect(banner).toContainText('Brouillon');
  await expect(editor.getByRole('heading', { level: 1 })).toHaveText(draft.title);
  await expect(editor.locator('.article-body')).toContainText(`Premier paragraphe de « ${draft.title} »`);
  await expect(editor.getByText(`Par ${ADMIN.fullName}`, { exact: true })).toBeVisible();
  await expect(editor.locator('.article__header').getByRole('link', { name: CATEGORY.name })).toBeVisible();
  await expect(editor.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expect(editor).toHaveTitle(`Aperçu : ${draft.title} — Afrique Actu`);

  await editor.goto(`/apercu/${later.id}`);
  await expect(banner).toContainText('Aperçu — non publié');
  // In the newsroom's time zone (UTC unless VITE_NEWSROOM_TIME_ZONE says otherwise), named as the back office names it.
  await expect(banner).toContainText(/Programmé : en ligne le \d{1,2} \S+\.? \d{4}, \d{2}:\d{2} UTC\b/);
  await expect(editor.getByRole('heading', { level: 1 })).toHaveText(later.title);

  await editor.goto(`/apercu/${live.id}`);
  await expect(banner).toContainText('article publié');
  await banner.getByRole('link', { name: 'voir la page publique' }).click();
  await expect(editor).toHaveURL(at(`/article/${live.slug}`));
  await expect(editor.getByRole('heading', { level: 1 })).toHaveText(live.title);

  // An unknown id is the 404 page for an administrator too.
  await editor.goto('/apercu/00000000-0000-4000-8000-000000000000');
  await expect(editor.getByRole('heading', { level: 1 })).toHaveText('Page introuvable');
  await editor.context().close();
});

test('a correction shows under the byline, at the end of the article and in its JSON-LD, and on /corrections (footer, sitemap)', async ({
  page,
  request,
}) => {
  const article = await makeArticle('corrige', `Le budget de la santé en hausse ${RUN}`);
  const note = `Une version précédente indiquait une hausse de 12 %, il s'agit de 21 % (${RUN}).`;
  const { data: correction, error } = await admin
    .from('article_corrections')
    .insert({ article_id: article.id, note })
    .select('corrected_at')
    .single();
  if (error) throw error;
  const correctedAt = new Date(correction.corrected_at).toISOString();

  await page.goto(`/article/${article.slug}`);
  const story = page.getByRole('article').filter({ has: page.getByRole('heading', { level: 1 }) });
  await expect(story.getByText(`Mis à jour le ${formatLongDate(correctedAt)}`)).toBeVisible();
  const corrections = story.getByRole('region', { name: 'Corrections' });
  await expect(corrections.getByRole('listitem')).toHaveText([`${formatLongDate(correctedAt)}${note}`]);
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
  expect(new Date(ld.dateModified).toISOString()).toBe(correctedAt);
  expect(new Date(ld.datePublished).getTime()).toBeLessThan(new Date(ld.dateModified).getTime());

  await page.getByRole('contentinfo').getByRole('link', { name: 'Corrections' }).click();
  await expect(page).toHaveURL(/\/corrections$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Corrections');
  const item = page.getByRole('listitem').filter({ hasText: note });
  await expect(item.getByRole('link', { name: article.title })).toHaveAttribute('href', `/article/${article.slug}`);
  // Server-rendered too, and in the sitemap.
  const listed = await request.get('/corrections');
  expect(listed.status()).toBe(200);
  expect(await listed.text()).toContain(`(${RUN}).`);
  expect(await sitemapText(request)).toContain('/corrections</loc>');

  await item.getByRole('link', { name: article.title }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(article.title);
});
