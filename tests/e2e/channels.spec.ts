import type { SupabaseClient } from '@supabase/supabase-js';
import { ADMIN, clientAs, serviceClient, useSession } from './adminSession.ts';
import { makeArticle } from './articles.ts';
import { expect, test } from './fixtures.ts';

// « D'où viennent nos lecteurs » (issue 41): a link from the WhatsApp share text, opened in a fresh
// browser, shows in « En ce moment » as WhatsApp with the time it was read once the tab is hidden;
// a lite page read without JavaScript counts too. Each reader has a user agent of its own: readers
// are told apart by address and agent, and every E2E browser comes from 127.0.0.1.
const RUN = Date.now().toString(36);
const AGENT = (who: string) =>
  `Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36 ${who}-${RUN}`;
const made: string[] = [];
let db: SupabaseClient;
let story: { slug: string; title: string; id: string };

test.beforeAll(async () => {
  db = serviceClient();
  const { data: category } = await db.from('categories').select('id').eq('slug', 'economie').single();
  story = await makeArticle(
    db,
    {
      title: `Le cacao de Soubré ${RUN}`,
      slug: `cacao-soubre-${RUN}`,
      content: `<p>${'Les planteurs attendent la pluie. '.repeat(40)}</p>`,
      category_id: category!.id,
      status: 'published',
      key_points: ['La récolte commence en octobre.'],
    },
    made,
  );
});

test.afterAll(async () => {
  if (made.length) await db.from('articles').delete().in('id', made);
});

test('a WhatsApp share link opened fresh shows in « En ce moment » as WhatsApp, with its reading time once the tab is hidden', async ({
  page,
  browser,
}) => {
  // The share button's ready message: its link carries WhatsApp's tag.
  await page.addInitScript(() => {
    (window as unknown as { __opened: string[] }).__opened = [];
    window.open = (url) => ((window as unknown as { __opened: string[] }).__opened.push(String(url)), null);
  });
  await page.goto(`/article/${story.slug}`);
  await page.getByRole('button', { name: 'Partager sur WhatsApp' }).first().click();
  const [shared] = await page.evaluate(() => (window as unknown as { __opened: string[] }).__opened);
  const link = new URL(shared!).searchParams.get('text')!.split('\n').pop()!;
  expect(link).toMatch(new RegExp(`/article/${story.slug}\\?s=wa$`));

  // A fresh browser opens it: the view goes with its channel, then the tag leaves the address bar.
  const fresh = await browser.newContext({ userAgent: AGENT('lecteur'), serviceWorkers: 'block' });
  const reader = await fresh.newPage();
  const viewed = reader.waitForRequest((r) => r.url().includes('/rpc/record_article_view'));
  await reader.goto(link);
  expect(JSON.parse((await viewed).postData() ?? '{}')).toMatchObject({ p_channel: 'whatsapp', p_kind: 'full' });
  await expect.poll(() => new URL(reader.url()).search).toBe('');
  await reader.bringToFront();
  await reader.waitForTimeout(3000);
  // The tab is hidden (the reader switches apps): one reading goes, with the seconds it was read.
  // Its answer is awaited: closing the browser below would cut a request still on its way.
  const read = reader.waitForResponse((r) => r.url().includes('/rpc/record_reading'));
  await reader.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  const answered = await read;
  expect(answered.ok(), 'the reading is taken').toBe(true);
  const reading = JSON.parse(answered.request().postData() ?? '{}') as { p_engaged_seconds: number; p_channel: string };
  expect(reading.p_channel).toBe('whatsapp');
  expect(reading.p_engaged_seconds).toBeGreaterThanOrEqual(2);
  expect(new TextEncoder().encode(JSON.stringify(reading)).length).toBeLessThanOrEqual(300);
  await fresh.close();

  // The editor's « En ce moment »: the story, read through WhatsApp, with its average reading time.
  await useSession(page, ADMIN);
  await page.goto('/admin/analytics');
  await page.getByRole('tab', { name: 'En ce moment' }).click();
  const row = page.getByRole('region', { name: 'Articles les plus lus' }).getByRole('row').filter({ hasText: story.title });
  await expect(async () => {
    await page.getByRole('tab', { name: "Vue d'ensemble" }).click();
    await page.getByRole('tab', { name: 'En ce moment' }).click();
    // (The page that pressed « Partager » counts too: opened with no referrer, it is « Messageries ».)
    await expect(row.getByRole('cell').nth(2)).toHaveText(/(^| · )WhatsApp 1 \((\d+) s\)( · |$)/, { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  const seconds = Number(/WhatsApp 1 \((\d+) s\)/.exec((await row.getByRole('cell').nth(2).textContent()) ?? '')?.[1]);
  expect(seconds).toBeGreaterThanOrEqual(2);
  await expect(page.getByRole('link', { name: story.title })).toHaveAttribute('href', `/admin/articles/${story.id}`);
});

test('the lite page counts a reader without JavaScript, with the tag of the link they followed', async ({ browser }) => {
  const api = await clientAs(ADMIN);
  const matinale = async () => {
    const { data, error } = await api.rpc('article_channels', { p_article_id: story.id, p_days: 1 });
    if (error) throw error;
    return (data as { channel: string; views: number; lite_views: number }[]).find((c) => c.channel === 'matinale');
  };
  const before = (await matinale())?.lite_views ?? 0;
  const context = await browser.newContext({
    javaScriptEnabled: false,
    userAgent: AGENT('sans-js'),
    extraHTTPHeaders: { 'Save-Data': 'on' },
  });
  const page = await context.newPage();
  const counted = page.waitForResponse((r) => r.url().includes(`/api/lu/${story.id}`));
  await page.goto(`/article/${story.slug}?s=nl`);
  await expect(page.getByRole('heading', { level: 1, name: story.title })).toBeVisible();
  expect(new URL((await counted).url()).searchParams.get('k')).toBe('lite');
  await context.close();
  await expect.poll(async () => (await matinale())?.lite_views ?? 0).toBe(before + 1);
});
