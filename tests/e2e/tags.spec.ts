import type { SupabaseClient } from '@supabase/supabase-js';
import { LOCAL_ACCOUNTS } from '../../supabase/seed/accounts.ts';
import { startTestPushService, type TestDevice, type TestPushService } from '../push/pushService.ts';
import { clientAs, serviceClient, useSession } from './adminSession.ts';
import { expect, test } from './fixtures.ts';
import { fakePushService } from './pushFake.ts';
import { expectNoSidewaysScroll } from './sideways.ts';

// Countries and topics (docs/product.md#tags): a journalist tags their draft « Sénégal » from a
// 412 px phone with the editor's type-ahead (typed without its accent); once it is out, a reader
// opens « Sénégal » from the article, pages through the country's articles and follows the country
// for alerts from its page (the browser's push service played as in push-alerts.spec.ts).
test.use({ serviceWorkers: 'allow', permissions: ['notifications'] });
const RUN = Date.now().toString(36);
const JOURNALIST = LOCAL_ACCOUNTS.find((a) => a.role === 'journalist')!;
const PHONE = { width: 412, height: 915 };
let db: SupabaseClient;
let article: { id: string; slug: string; title: string };
let senegal: string;
const madeIds: string[] = [];
let pushService: TestPushService;
let device: TestDevice;

test.beforeAll(async () => {
  db = serviceClient();
  pushService = await startTestPushService();
  device = pushService.device();
  const journalist = await clientAs(JOURNALIST);
  const { data: category } = await db.from('categories').select('id').eq('slug', 'politique').single();
  const title = `Dakar vote son budget participatif ${RUN}`;
  const { data, error } = await journalist
    .from('articles')
    .insert({
      title,
      slug: `dakar-budget-${RUN}`,
      content: 'Les quartiers de Dakar choisissent leurs projets.',
      status: 'draft',
      category_id: category!.id,
    })
    .select('id, slug, title')
    .single();
  if (error) throw error;
  article = data;
  madeIds.push(data.id);
  senegal = (await db.from('tags').select('id').eq('slug', 'senegal').single()).data!.id;
  // Enough older articles about Sénégal for a second page (12 a page), published before the story.
  const older = Array.from({ length: 13 }, (_, i) => ({
    title: `Sénégal, archive ${i} ${RUN}`,
    slug: `senegal-archive-${i}-${RUN}`,
    content: 'Archive.',
    status: 'published',
    published_at: new Date(Date.now() - (400 + i) * 86_400_000).toISOString(),
    category_id: category!.id,
  }));
  const made = await db.from('articles').insert(older).select('id');
  if (made.error) throw made.error;
  madeIds.push(...made.data.map((a) => a.id));
  const tagged = await db.from('article_tags').insert(made.data.map((a) => ({ article_id: a.id, tag_id: senegal })));
  if (tagged.error) throw tagged.error;
});

test.afterAll(async () => {
  await db.from('articles').delete().in('id', madeIds);
  await db.from('push_subscriptions').delete().eq('endpoint', device.endpoint);
  await pushService?.close();
});

test('a journalist tags a draft « Sénégal » on a 412 px phone; a reader opens « Sénégal » from the article and its page 2, and follows it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(PHONE);

  await test.step('the journalist finds « Sénégal » by typing « senegal » and the choice is saved at once', async () => {
    await useSession(page, JOURNALIST);
    await page.goto(`/admin/articles/${article.id}`);
    const tags = page.getByRole('combobox', { name: 'Pays et thèmes' });
    await expect(tags).toBeEnabled();
    await tags.fill('senegal');
    await page.getByRole('option', { name: 'Sénégal · Pays' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Étiquettes enregistrées' })).toBeVisible();
    await expectNoSidewaysScroll(page, 'the editor with its tags');
    const { data } = await db.from('article_tags').select('tag_id').eq('article_id', article.id);
    expect(data).toEqual([{ tag_id: senegal }]);
  });

  await test.step('once published, a reader follows « Sénégal » from the article to the country’s page and its page 2', async () => {
    const out = await db.from('articles').update({ status: 'published' }).eq('id', article.id);
    expect(out.error).toBeNull();
    await page.context().clearCookies();
    await page.goto(`/article/${article.slug}`);
    await page.getByRole('navigation', { name: "Pays et sujets de l'article" }).getByRole('link', { name: 'Sénégal' }).click();
    await expect(page).toHaveURL(/\/pays\/senegal$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sénégal' })).toBeVisible();
    await expect(page.getByRole('link', { name: article.title }).first()).toBeVisible();
    await expectNoSidewaysScroll(page, 'the country page');
    await page.getByRole('navigation', { name: 'Pages du sujet Sénégal' }).getByRole('link', { name: '2', exact: true }).click();
    await expect(page).toHaveURL(/\/pays\/senegal\?page=2$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sénégal, page 2' })).toBeVisible();
    await expect(page.locator('.category-page a[href^="/article/senegal-archive-"]').first()).toBeVisible();
  });

  await test.step('the reader follows « Sénégal » for alerts from its page: this device follows the country alone', async () => {
    await fakePushService(page, { endpoint: device.endpoint, keys: device.keys });
    await page.goto('/pays/senegal');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.getByRole('button', { name: 'Suivre ce pays' }).click();
    await expect(page.getByRole('checkbox', { name: 'Sénégal' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: /À la une/ })).not.toBeChecked();
    await page.getByRole('button', { name: 'Activer les alertes' }).click();
    await expect(page.locator('.alerts-panel').getByRole('status')).toHaveText('C’est fait : cet appareil recevra les alertes choisies.');
    await expectNoSidewaysScroll(page, 'the country page with its alerts panel');
    const { data } = await db.from('push_subscriptions').select('follows_front, categories, tags').eq('endpoint', device.endpoint);
    expect(data).toEqual([{ follows_front: false, categories: [], tags: [senegal] }]);
  });
});
