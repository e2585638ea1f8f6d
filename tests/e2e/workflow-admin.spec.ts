import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import sharp from 'sharp';
import { toWallClock } from '../../src/lib/newsroomTime.ts';
import { imageFamily } from '../../src/lib/renditions.ts';
import { slugBase } from '../../src/lib/slug.ts';
import { ADMIN, clientAs, fr, openBackOffice, serviceClient, useSession } from './adminSession.ts';
import { makeArticle as insertArticle } from './articles.ts';
import { expect, test } from './fixtures.ts';

// The newsroom's workflow in the back office, through the real UI and the real stack: scheduling
// an article that readers see at its moment and not before, two admins saving the same article,
// the warning before a live article's address changes, and deletion taking the article's files.
const RUN = Date.now().toString(36);
const BUCKET = 'article-images';
const STALE = "Quelqu'un d'autre a enregistré cet article pendant que vous le modifiiez";
const SLUG_NOTICE = "L'adresse publique va changer ; l'ancienne redirigera vers la nouvelle";
let db: SupabaseClient;
let admin: SupabaseClient;
let categoryId: string;
const madeIds: string[] = [];

const alert = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
/** « Date et heure de publication »: MUI's date-time field, one section (day, month…) per part. */
const scheduleField = (page: Page) => page.getByRole('group', { name: 'Date et heure de publication' });

/** Types a newsroom wall clock (YYYY-MM-DDTHH:mm:ss) into the field as a person would: jj mm aaaa hh mm ss. */
async function typeSchedule(page: Page, wall: string) {
  const [day, time] = wall.split('T');
  const [y, m, d] = day.split('-');
  await scheduleField(page).getByRole('spinbutton').first().click();
  // Whatever it held goes first: every section selected, then cleared.
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Backspace');
  await page.keyboard.type(`${d}${m}${y}${time.replaceAll(':', '')}`);
}
const card = (page: Page, label: string) => page.getByRole('region', { name: label, exact: true }).getByTestId('stat-value');

test.beforeAll(async () => {
  db = serviceClient();
  admin = await clientAs(ADMIN);
  const { data } = await db.from('categories').select('id').eq('slug', 'economie').single();
  categoryId = data!.id;
});

test.afterAll(async () => {
  if (madeIds.length) await db.from('articles').delete().in('id', madeIds);
  const { data } = await db.storage.from(BUCKET).list('', { search: RUN, limit: 1000 });
  if (data?.length) await db.storage.from(BUCKET).remove(data.map((f) => f.name));
});

const makeArticle = (title: string, status: 'draft' | 'published', extra: Record<string, unknown> = {}) =>
  insertArticle(
    admin,
    { title, slug: `flux-${RUN}-${madeIds.length}`, content: 'Premier texte.', status, category_id: categoryId, ...extra },
    madeIds,
  );

/** A context signed in as the seeded admin (its saved session), as a second tab or window would be. */
async function adminTab(
  browser: Browser,
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, locale: 'fr-FR', ...options });
  const page = await context.newPage();
  await openBackOffice(page);
  return { context, page };
}

test('an article scheduled in the editor shows as Programmé, stays 404 for readers until its moment, then appears by itself', async ({
  page,
  browser,
}) => {
  test.setTimeout(210_000);
  const title = `Édition de 6 heures ${RUN}`;
  await useSession(page, ADMIN);
  await page.goto('/admin/articles/new');
  await page.getByRole('textbox', { name: 'Titre', exact: true }).fill(title);
  await page.getByRole('combobox', { name: /Catégorie/ }).click();
  await page.getByRole('option', { name: 'Économie', exact: true }).click();
  // A new article opens in 'Mise en forme': this one is typed as text.
  await page.getByRole('button', { name: 'Texte brut' }).click();
  await page.getByLabel("Contenu de l'article").fill("Le conseil des ministres s'ouvre ce matin à Accra.");

  const zone = await test.step("'Programmé' asks for a moment to come, in the newsroom's time zone", async () => {
    await expect(scheduleField(page)).toHaveCount(0);
    await page.getByRole('radio', { name: 'Programmé' }).check();
    await expect(scheduleField(page)).toBeVisible();
    // The zone the input speaks in is named under it (until an error takes its place).
    const zone = /Heure de la rédaction \(([^)]+)\)/.exec((await page.getByText(/Heure de la rédaction/).textContent()) ?? '')![1];
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText("Indiquez la date et l'heure de publication.")).toBeVisible();
    await typeSchedule(page, toWallClock(new Date(Date.now() - 60_000), zone));
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Cette heure est déjà passée')).toBeVisible();
    const { count } = await db.from('articles').select('id', { count: 'exact', head: true }).eq('title', title);
    expect(count).toBe(0);
    return zone;
  });

  // Whole seconds: the input shows seconds, and the stored time is exactly the one typed. The
  // checks before the moment take some 20 s alone, up to 40 s on a machine running other specs.
  const goLive = new Date(Math.ceil((Date.now() + 60_000) / 1000) * 1000);
  await typeSchedule(page, toWallClock(goLive, zone));
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(alert(page, 'Article créé avec succès')).toBeVisible();
  // The editor stays on the new article (docs/product.md#editor-after-first-save).
  await expect(page).toHaveURL(/\/admin\/articles\/[0-9a-f-]{36}$/);
  // Shown back in French, on the newsroom's clock: jj/mm/aaaa hh:mm:ss.
  const [day, time] = toWallClock(goLive, zone).split('T');
  const [y, m, d] = day.split('-');
  await expect(scheduleField(page).locator('input')).toHaveValue(`${d}/${m}/${y} ${time}`);

  const { data: stored, error } = await db.from('articles').select('id, slug, status, published_at').eq('title', title).single();
  if (error) throw error;
  madeIds.push(stored.id);
  expect(stored.status).toBe('scheduled');
  expect(Date.parse(stored.published_at!)).toBe(goLive.getTime());

  // Every check of "before" must happen before the moment, or it proves nothing.
  const beforeMoment = () => expect(Date.now(), 'the machine was too slow to check before the moment').toBeLessThan(goLive.getTime() - 500);

  const reader = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, locale: 'fr-FR' });
  const anon = await reader.newPage();
  await test.step('anonymous readers get 404 before the moment', async () => {
    const response = await anon.goto(`/article/${stored.slug}`);
    expect(response!.status()).toBe(404);
    await expect(anon.getByRole('heading', { level: 1, name: 'Article introuvable' })).toBeVisible();
    beforeMoment();
  });

  await test.step('the dashboard counts it among the Programmés, the list shows its badge and filter', async () => {
    // Specs on the other worker schedule articles too: the card must show what the database counts
    // at the same moment, so a count that moved meanwhile is read again with the dashboard.
    // The editor stayed on the article after its first save: the dashboard is a visit away.
    await page.goto('/admin/dashboard');
    let reload = false;
    await expect(async () => {
      if (reload) await page.reload();
      reload = true;
      const { data: stats } = await admin.rpc('dashboard_stats');
      expect(stats.scheduled).toBeGreaterThanOrEqual(1);
      await expect(card(page, 'Programmés')).toHaveText(fr(stats.scheduled), { timeout: 3000 });
    }).toPass({ timeout: 20_000 });
    await page.goto('/admin/articles');
    await page.getByPlaceholder('Rechercher par titre').fill(RUN);
    const row = page.getByRole('row').filter({ hasText: title });
    await expect(row.getByText(/^Programmé · /)).toBeVisible();
    await page.getByRole('combobox', { name: 'Statut' }).click();
    await page
      .getByRole('listbox')
      .getByRole('option')
      .filter({ hasText: /^Programmé$/ })
      .click();
    await expect(row).toBeVisible();
    beforeMoment();
  });

  await test.step('at the moment readers see it, with no job run: a reload is enough', async () => {
    await expect
      .poll(async () => (await anon.request.get(`/article/${stored.slug}`)).status(), { timeout: 120_000, intervals: [1000] })
      .toBe(200);
    expect(Date.now()).toBeGreaterThanOrEqual(goLive.getTime());
    // At its moment, not whenever a kept 404 happened to expire.
    expect(Date.now() - goLive.getTime(), 'readers got it late').toBeLessThan(30_000);
    await anon.reload();
    await expect(anon.getByRole('heading', { level: 1, name: title })).toBeVisible();
    // Now live: Publié in the list (the status filter says so too).
    await page.reload();
    await page.getByRole('combobox', { name: 'Statut' }).click();
    await page
      .getByRole('listbox')
      .getByRole('option')
      .filter({ hasText: /^Publié$/ })
      .click();
    await expect(page.getByRole('row').filter({ hasText: title }).getByText('Publié', { exact: true })).toBeVisible();
  });
  await reader.close();
});

test('two admins edit the same article: the second save is refused in French and nothing of the first is lost', async ({ browser }) => {
  test.setTimeout(90_000);
  const article = await makeArticle(`Deux onglets ${RUN}`, 'draft');
  const first = await adminTab(browser);
  const second = await adminTab(browser, { permissions: ['clipboard-read', 'clipboard-write'] });
  try {
    for (const { page } of [first, second]) {
      await page.goto(`/admin/articles/${article.id}`);
      await expect(page.getByLabel("Contenu de l'article")).toHaveValue('Premier texte.');
    }

    await test.step('the first saves, twice in a row (each save is based on the one before)', async () => {
      await first.page.getByLabel("Contenu de l'article").fill('Texte du premier onglet.');
      await first.page.getByRole('button', { name: 'Enregistrer' }).click();
      await expect(alert(first.page, 'Article mis à jour avec succès')).toBeVisible();
      await first.page.getByLabel('Extrait').fill('Résumé du premier onglet.');
      await first.page.getByRole('button', { name: 'Enregistrer' }).click();
      await expect
        .poll(async () => (await db.from('articles').select('content, excerpt, version').eq('id', article.id).single()).data)
        .toEqual({ content: 'Texte du premier onglet.', excerpt: 'Résumé du premier onglet.', version: 3 });
      await expect(first.page.getByRole('button', { name: 'Enregistrer' })).toBeEnabled();
      await expect(first.page.getByTestId('stale-save')).toHaveCount(0);
    });

    const notice = second.page.getByTestId('stale-save');
    await test.step('the second, based on the older version, is refused with the way out', async () => {
      await second.page.getByRole('textbox', { name: 'Titre', exact: true }).fill(`Deux onglets ${RUN} (second)`);
      await second.page.getByLabel("Contenu de l'article").fill('Texte du second onglet.');
      await second.page.getByRole('button', { name: 'Enregistrer' }).click();
      await expect(notice).toBeVisible();
      await expect(notice).toContainText(STALE);
      await expect(notice).toContainText('votre texte non enregistré sera perdu');
      await expect(alert(second.page, 'Article mis à jour avec succès')).toHaveCount(0);
      const { data } = await db.from('articles').select('title, content, excerpt, version').eq('id', article.id).single();
      expect(data).toEqual({ title: article.title, content: 'Texte du premier onglet.', excerpt: 'Résumé du premier onglet.', version: 3 });
      // The second keeps its text in the form.
      await expect(second.page.getByLabel("Contenu de l'article")).toHaveValue('Texte du second onglet.');
    });

    await test.step("'Copier mon texte' puts title and content on the clipboard, the form keeps them", async () => {
      await notice.getByRole('button', { name: 'Copier mon texte' }).click();
      await expect(alert(second.page, 'Texte copié')).toBeVisible();
      const copied = await second.page.evaluate(() => navigator.clipboard.readText());
      expect(copied).toBe(`Deux onglets ${RUN} (second)\n\nTexte du second onglet.`);
      await expect(second.page.getByRole('textbox', { name: 'Titre', exact: true })).toHaveValue(`Deux onglets ${RUN} (second)`);
    });

    await test.step("'Recharger l'article' shows the saved version, and a save from there passes", async () => {
      await notice.getByRole('button', { name: "Recharger l'article" }).click();
      await expect(second.page.getByLabel("Contenu de l'article")).toHaveValue('Texte du premier onglet.');
      await expect(second.page.getByLabel('Extrait')).toHaveValue('Résumé du premier onglet.');
      await expect(notice).toHaveCount(0);
      await second.page.getByLabel("Contenu de l'article").fill('Texte du premier onglet, relu par le second.');
      await second.page.getByRole('button', { name: 'Enregistrer' }).click();
      await expect(alert(second.page, 'Article mis à jour avec succès')).toBeVisible();
      const { data } = await db.from('articles').select('content, version').eq('id', article.id).single();
      expect(data).toEqual({ content: 'Texte du premier onglet, relu par le second.', version: 4 });
    });
  } finally {
    await first.context.close();
    await second.context.close();
  }
});

test("a draft's slug follows its title; a live article keeps its address unless changed by hand, with a warning", async ({ page }) => {
  const live = await makeArticle(`Article en ligne ${RUN}`, 'published');
  const draft = await makeArticle(`Brouillon renommé ${RUN}`, 'draft');
  await useSession(page, ADMIN);

  await page.goto(`/admin/articles/${draft.id}`);
  await page.getByRole('textbox', { name: 'Titre', exact: true }).fill(`Brouillon au nouveau titre ${RUN}`);
  await expect(page.getByLabel('Slug (URL)')).toHaveValue(slugBase(`Brouillon au nouveau titre ${RUN}`));
  await expect(page.getByText(SLUG_NOTICE)).toHaveCount(0);

  await page.goto(`/admin/articles/${live.id}`);
  await expect(page.getByRole('textbox', { name: 'Titre', exact: true })).toHaveValue(live.title);
  await page.getByRole('textbox', { name: 'Titre', exact: true }).fill(`Article en ligne au nouveau titre ${RUN}`);
  // Readers have its address: a new title leaves it, so there is nothing to warn about.
  await expect(page.getByLabel('Slug (URL)')).toHaveValue(live.slug);
  const notice = page.getByRole('status').filter({ hasText: SLUG_NOTICE });
  await expect(notice).toHaveCount(0);
  const newSlug = `article-en-ligne-nouvelle-adresse-${RUN}`;
  await page.getByLabel('Slug (URL)').fill(newSlug);
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(`/article/${live.slug} →`);
  // Back to the stored slug: nothing changes, nothing to say.
  await page.getByLabel('Slug (URL)').fill(live.slug);
  await expect(notice).toHaveCount(0);
  await page.getByLabel('Slug (URL)').fill(newSlug);
  await expect(notice).toBeVisible();

  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(alert(page, 'Article mis à jour avec succès')).toBeVisible();
  // Saved: the stored slug is the new one, the notice is gone, and the old address is remembered.
  await expect(notice).toHaveCount(0);
  const { data } = await db.from('articles').select('slug').eq('id', live.id).single();
  expect(data!.slug).toBe(newSlug);
  const { data: old } = await db.from('article_slugs').select('article_id').eq('slug', live.slug).single();
  expect(old!.article_id).toBe(live.id);
});

test('deleting an article from the list removes its image files, renditions included', async ({ page }) => {
  const webp = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#b45309' } })
    .webp()
    .toBuffer();
  const prefix = `${process.env.E2E_API_URL}/storage/v1/object/public/${BUCKET}/`;
  const store = async (stem: string) => {
    const master = `${stem}.1700x1600.webp`;
    for (const name of imageFamily(master)) {
      const { error } = await admin.storage.from(BUCKET).upload(name, webp, { contentType: 'image/webp' });
      if (error) throw error;
    }
    return master;
  };
  const cover = await store(`${RUN}-suppr-cover`);
  const inText = await store(`${RUN}-suppr-texte`);
  const article = await makeArticle(`Article et ses images ${RUN}`, 'published', {
    image_url: prefix + cover,
    content: `<p>Texte.</p><p><img src="${prefix + inText}" alt=""></p>`,
  });
  await admin.from('article_images').insert({ article_id: article.id, image_url: prefix + cover });
  const files = [...imageFamily(cover), ...imageFamily(inText)];
  const listed = async () =>
    ((await db.storage.from(BUCKET).list('', { search: `${RUN}-suppr`, limit: 100 })).data ?? []).map((f) => f.name);
  expect((await listed()).sort()).toEqual([...files].sort());

  await useSession(page, ADMIN);
  await page.goto('/admin/articles');
  await page.getByPlaceholder('Rechercher par titre').fill(`images ${RUN}`);
  // The filtered list first: a row the filter then redraws would take the button, and its notice, with it.
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await page.getByRole('button', { name: `Supprimer « ${article.title} »` }).click();
  await expect(page.getByRole('dialog').getByText('Êtes-vous sûr de vouloir supprimer cet article ?')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirmer' }).click();
  await expect(alert(page, 'Article supprimé')).toBeVisible();

  await expect.poll(listed).toEqual([]);
  expect((await fetch(prefix + cover)).ok).toBe(false);
  const { data } = await db.from('articles').select('id').eq('id', article.id);
  expect(data).toEqual([]);
});

test('when storage refuses to remove the files, the article is deleted all the same and the editor is warned in French', async ({
  page,
}) => {
  const webp = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#1d4ed8' } })
    .webp()
    .toBuffer();
  const prefix = `${process.env.E2E_API_URL}/storage/v1/object/public/${BUCKET}/`;
  const cover = `${RUN}-reste.800x450.webp`;
  for (const name of imageFamily(cover)) {
    const { error } = await admin.storage.from(BUCKET).upload(name, webp, { contentType: 'image/webp' });
    if (error) throw error;
  }
  const article = await makeArticle(`Article aux images tenaces ${RUN}`, 'draft', { image_url: prefix + cover });

  await useSession(page, ADMIN);
  await page.goto('/admin/articles');
  await page.getByPlaceholder('Rechercher par titre').fill(`tenaces ${RUN}`);
  // The filtered list first: a row the filter then redraws would take the button, and its notice, with it.
  await expect(page.locator('tbody tr')).toHaveCount(1);
  // Storage is unreachable for removals (supabase-js removes with DELETE on the bucket).
  await page.route(
    (url) => url.pathname.endsWith(`/storage/v1/object/${BUCKET}`),
    (route) => (route.request().method() === 'DELETE' ? route.abort('failed') : route.continue()),
  );
  await page.getByRole('button', { name: `Supprimer « ${article.title} »` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirmer' }).click();
  const warning = alert(page, "Certaines de ses images n'ont pas pu être effacées du stockage.");
  await expect(warning).toBeVisible();
  await expect(warning).toContainText('Article supprimé');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('row').filter({ hasText: article.title })).toHaveCount(0);
  expect((await db.from('articles').select('id').eq('id', article.id)).data).toEqual([]);
  // The files are still there, for maintenance to collect.
  const left = ((await db.storage.from(BUCKET).list('', { search: `${RUN}-reste`, limit: 100 })).data ?? []).map((f) => f.name);
  expect(left.sort()).toEqual(imageFamily(cover).sort());
});
