import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { chunksWith } from '../../scripts/bundleReport.ts';
import { serviceClient, signInAsReader } from './adminSession.ts';
import { makeArticle, type Made } from './articles.ts';
import { recordScripts } from './chunks.ts';
import { expect, test } from './fixtures.ts';

// "À lire plus tard": a reader saves an article on one device and finds it in "Mes articles" on
// another, where removing it removes it everywhere.

const RUN = Date.now().toString(36);
const READER = { email: `lectrice.${RUN}@example.test`, password: `lecture-${RUN}`, fullName: 'Mariam Koné' };
const TITLE = `Le port de Lomé double sa capacité ${RUN}`;
const PHONE = { viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true };

let db: SupabaseClient;
let article: Made;
const madeArticles: string[] = [];
let readerId: string | null = null;

test.beforeAll(async () => {
  db = serviceClient();
  const { data: category, error: categoryError } = await db.from('categories').select('id').eq('slug', 'economie').single();
  if (categoryError) throw categoryError;
  article = await makeArticle(
    db,
    {
      slug: `port-lome-${RUN}`,
      title: TITLE,
      excerpt: 'Un deuxième terminal à conteneurs ouvre ses portes.',
      content: 'Le port autonome de Lomé a inauguré lundi son nouveau terminal à conteneurs.',
      status: 'published',
      category_id: category.id,
    },
    madeArticles,
  );
  const { data, error } = await db.auth.admin.createUser({
    email: READER.email,
    password: READER.password,
    email_confirm: true,
    user_metadata: { full_name: READER.fullName },
  });
  if (error) throw error;
  readerId = data.user.id;
});

test.afterAll(async () => {
  if (madeArticles.length) await db.from('articles').delete().in('id', madeArticles);
  if (readerId) await db.auth.admin.deleteUser(readerId);
});

async function device(browser: Browser, options = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, ...options });
  return { context, page: await context.newPage() };
}

test('an anonymous reader gets no save button, and never downloads its code', async ({ page }) => {
  const scripts = recordScripts(page);
  await page.goto(`/article/${article.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('button', { name: /À lire plus tard|Enregistré/ })).toHaveCount(0);
  const saveCode = chunksWith(process.env.E2E_DIST_DIR!, /src\/public\/saved\/SaveButton\.tsx$/);
  expect(saveCode, 'the save button is a chunk of its own').not.toEqual([]);
  expect(scripts.filter((s) => saveCode.includes(s))).toEqual([]);
});

test('saved on one device, found and removed on a phone, gone on the first after a reload', async ({ browser }) => {
  const laptop = await device(browser);
  const phone = await device(browser, PHONE);
  try {
    // The first device: the reader saves the article from its page.
    await signInAsReader(laptop.page, READER);
    await laptop.page.goto(`/article/${article.slug}`);
    const toggle = laptop.page.getByRole('button', { name: 'À lire plus tard' });
    await expect(toggle).toBeEnabled();
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.click();
    const saved = laptop.page.getByRole('button', { name: 'Enregistré' });
    await expect(saved).toHaveAttribute('aria-pressed', 'true');
    await expect(saved).toBeEnabled();
    // Kept in the database, not the tab: a reload still says so.
    await laptop.page.reload();
    await expect(laptop.page.getByRole('button', { name: 'Enregistré' })).toHaveAttribute('aria-pressed', 'true');

    // Another device: signed in there, "Mes articles" from the header lists it.
    await signInAsReader(phone.page, READER);
    await phone.page.getByRole('link', { name: 'Mes articles' }).click();
    await expect(phone.page).toHaveURL(/\/mes-articles$/);
    await expect(phone.page.getByRole('heading', { level: 1, name: 'Mes articles' })).toBeVisible();
    const card = phone.page.getByRole('link', { name: TITLE });
    await expect(card).toBeVisible();
    await expect(card).toHaveAttribute('href', `/article/${article.slug}`);
    // Nothing runs off a phone's screen.
    const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await phone.page.getByRole('button', { name: `Retirer « ${TITLE} » de mes articles` }).click();
    await expect(phone.page.getByText("Vous n'avez encore enregistré aucun article.")).toBeVisible();
    await expect(card).toHaveCount(0);

    // Back on the first device: gone after a reload, from the article and from its list.
    await laptop.page.reload();
    const again = laptop.page.getByRole('button', { name: 'À lire plus tard' });
    await expect(again).toBeEnabled();
    await expect(again).toHaveAttribute('aria-pressed', 'false');
    await laptop.page.goto('/mes-articles');
    await expect(laptop.page.getByText("Vous n'avez encore enregistré aucun article.")).toBeVisible();
  } finally {
    await laptop.context.close();
    await phone.context.close();
  }
});

test('signed out, Mes articles asks the reader to sign in', async ({ page }) => {
  await page.goto('/mes-articles');
  await expect(page).toHaveTitle('Mes articles — Afrique Actu');
  await expect(page.getByText('Connectez-vous pour retrouver les articles que vous avez gardés pour plus tard')).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/auth$/);
});
