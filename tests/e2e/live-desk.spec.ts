import type { Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { LOCAL_ACCOUNTS } from '../../supabase/seed/accounts.ts';
import { ADMIN, clientAs, serviceClient, useSession } from './adminSession.ts';
import { outboxKey } from '../../src/admin/live/outbox.ts';
import { makeArticle, type Made } from './articles.ts';
import { expect, test } from './fixtures.ts';

// The live desk (issue 40) on a phone: a journalist feeds an administrator's published live
// coverage from a 412 px screen without ever scrolling sideways; an entry typed without network
// waits in the phone's outbox and is stored once when the network returns, even when a first try
// reached the database and only its answer was lost; an administrator pauses the coverage and a
// post is then refused in French and kept on the phone.
const RUN = Date.now().toString(36);
const JOURNALIST = LOCAL_ACCOUNTS.find((a) => a.role === 'journalist')!;
let db: SupabaseClient;
let article: Made;
const madeIds: string[] = [];

const entries = (page: Page) => page.getByRole('list', { name: 'Entrées du direct' }).getByTestId('live-entry');
const entry = (page: Page, text: string) => entries(page).filter({ hasText: text });
const newEntryBox = (page: Page) => page.getByRole('textbox', { name: 'Nouvelle entrée' });
const storedRows = async (body: string) => {
  const { data, error } = await db.from('live_entries').select('id, body, author_id').eq('article_id', article.id).eq('body', body);
  if (error) throw error;
  return data;
};

test.beforeAll(async () => {
  db = serviceClient();
  const admin = await clientAs(ADMIN);
  const { data } = await db.from('categories').select('id').eq('slug', 'politique').single();
  article = await makeArticle(
    admin,
    {
      title: `Soirée électorale ${RUN}`,
      slug: `soiree-electorale-${RUN}`,
      content: 'Les résultats, bureau par bureau.',
      status: 'published',
      published_at: new Date().toISOString(),
      category_id: data!.id,
      format: 'live',
    },
    madeIds,
  );
});

test.afterAll(async () => {
  if (madeIds.length) await db.from('articles').delete().in('id', madeIds);
});

/** The phone's outbox of this account (each account its own: src/admin/live/outbox.ts). */
async function outboxKeyOf(account: { email: string }): Promise<string> {
  const { data, error } = await db.auth.admin.listUsers();
  const user = data.users.find((u) => u.email === account.email);
  if (error || !user) throw new Error(`the account of ${account.email}: ${error?.message ?? 'not found'}`);
  return outboxKey(user.id);
}

async function openDesk(page: Page, account: { email: string }) {
  await page.setViewportSize({ width: 412, height: 915 });
  await useSession(page, account);
  await page.goto(`/admin/articles/${article.id}`);
  await expect(page.getByRole('heading', { name: 'En direct', level: 2 })).toBeVisible();
}

test('a journalist on a 412 px phone posts an entry with Ctrl+Enter, sees it listed newest first, and the page never scrolls sideways', async ({
  page,
}) => {
  await openDesk(page, JOURNALIST);
  const first = `Bureau 12 de Dakar-Plateau : participation de 54 % (${RUN})`;
  const second = `Premiers résultats attendus vers 23 h (${RUN})`;

  await newEntryBox(page).fill(first);
  await expect(page.getByText(`${first.length} / 1 000`)).toBeVisible();
  await page.getByRole('button', { name: "Publier l'entrée" }).click();
  await expect(entry(page, first)).toBeVisible();
  await expect(newEntryBox(page)).toHaveValue('');

  await newEntryBox(page).fill(second);
  await newEntryBox(page).press('Control+Enter');
  await expect(entries(page).first()).toContainText(second);
  await expect(entries(page).nth(1)).toContainText(first);
  // The journalist's own entries are theirs to change; marking and pinning are the administrators'.
  await expect(entry(page, second).getByRole('button', { name: 'Modifier' })).toBeVisible();
  await expect(entry(page, second).getByRole('button', { name: 'Épingler' })).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'État de la couverture' })).toHaveCount(0);

  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, 'the desk scrolls sideways at 412 px').toBeLessThanOrEqual(412);
  expect(await storedRows(first)).toHaveLength(1);
  expect(await storedRows(second)).toHaveLength(1);

  // « Modifier » → « Correction »: the new text, and the correction shown under the entry.
  await entry(page, first).getByRole('button', { name: 'Modifier' }).click();
  const dialog = page.getByRole('dialog', { name: "Modifier l'entrée" });
  const corrected = first.replace('54 %', '45 %');
  await dialog.getByRole('textbox', { name: "Texte de l'entrée" }).fill(corrected);
  await dialog.getByRole('radio', { name: /Correction/ }).check();
  await dialog.getByRole('textbox', { name: 'Texte de la correction' }).fill('La participation était de 45 %, non de 54 %.');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(entry(page, corrected)).toContainText(/Correction à \d\d:\d\d : La participation était de 45 %, non de 54 %\./);
  const [row] = await storedRows(corrected);
  const { data } = await db.from('live_entries').select('correction').eq('id', row.id).single();
  expect(data?.correction).toBe('La participation était de 45 %, non de 54 %.');
});

test('an entry posted offline waits in the outbox, then is stored exactly once when the network returns, even after a try whose answer was lost', async ({
  page,
  context,
}) => {
  await openDesk(page, JOURNALIST);
  const offline = `Coupure de réseau au centre de vote de Pikine (${RUN})`;

  await context.setOffline(true);
  await newEntryBox(page).fill(offline);
  await page.getByRole('button', { name: "Publier l'entrée" }).click();
  await expect(entry(page, offline)).toContainText('En attente de réseau');
  const keyOf = await outboxKeyOf(JOURNALIST);
  const kept = await page.evaluate((key) => localStorage.getItem(key), keyOf);
  expect(kept).toContain(offline);
  expect(await storedRows(offline)).toHaveLength(0);

  // The network returns, but the first try's answer is lost on the way back: it reached the database.
  let tries = 0;
  let lostAnswer = false;
  await page.route('**/rest/v1/rpc/live_post', async (route) => {
    if (tries++) return route.continue();
    await route.fetch();
    lostAnswer = true;
    await route.abort('internetdisconnected');
  });
  await context.setOffline(false);
  await expect.poll(() => lostAnswer, { timeout: 20_000 }).toBe(true);
  expect(await storedRows(offline)).toHaveLength(1);
  // The next try (the outbox's timer, or the `online` event sent again) carries the same id.
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(entry(page, offline)).not.toContainText('En attente de réseau', { timeout: 30_000 });
  await expect(entry(page, offline)).toHaveCount(1);
  expect(tries).toBeGreaterThanOrEqual(2);
  expect(await storedRows(offline)).toHaveLength(1);
  expect(await page.evaluate((key) => localStorage.getItem(key), keyOf)).toBeNull();
});

test('an administrator pauses the coverage: a post is refused in French and kept on the phone to edit, not sent again; a key event offers its alert', async ({
  page,
}) => {
  await openDesk(page, ADMIN);
  // The administrator's editor of the article, under the desk: its « Format » is « Direct ».
  await expect(page.getByRole('radio', { name: 'Direct' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Article' })).not.toBeChecked();
  expect(await page.evaluate(() => document.documentElement.scrollWidth), 'the coverage controls at 412 px').toBeLessThanOrEqual(412);
  const states = page.getByRole('group', { name: 'État de la couverture' });
  await states.getByRole('button', { name: 'En pause' }).click();
  await expect(states.getByRole('button', { name: 'En pause' })).toHaveAttribute('aria-pressed', 'true');
  await expect
    .poll(async () => (await db.from('live_coverages').select('state').eq('article_id', article.id).single()).data?.state)
    .toBe('paused');
  const paused = page.getByText('La couverture est en pause : un administrateur la rouvre pour publier.');
  await expect(paused).toBeVisible();

  // A phone that had not seen the pause yet: the database refuses, the entry stays with the reason.
  const adminOutbox = await outboxKeyOf(ADMIN);
  await page.evaluate(
    ([key, id, body]) =>
      localStorage.setItem(
        key,
        JSON.stringify({
          [id]: {
            id,
            articleId: body.articleId,
            body: body.text,
            imageUrl: null,
            imageAlt: null,
            queuedAt: new Date().toISOString(),
            refusal: null,
          },
        }),
      ),
    [adminOutbox, crypto.randomUUID(), { articleId: article.id, text: `Écrit avant la pause (${RUN})` }] as const,
  );
  await page.reload();
  const refused = entry(page, `Écrit avant la pause (${RUN})`);
  await expect(refused).toContainText('Refusée : Ce direct est en pause : reprenez-le pour publier.');
  await expect(refused.getByRole('button', { name: 'Reprendre' })).toBeVisible();
  expect(await storedRows(`Écrit avant la pause (${RUN})`)).toHaveLength(0);

  await states.getByRole('button', { name: 'Ouvert' }).click();
  await expect(paused).toBeHidden();
  await refused.getByRole('button', { name: 'Reprendre' }).click();
  await page.getByRole('button', { name: 'Renvoyer' }).click();
  await expect(entry(page, `Écrit avant la pause (${RUN})`)).not.toContainText(/Refusée|En attente de réseau/);
  await expect.poll(async () => (await storedRows(`Écrit avant la pause (${RUN})`)).length).toBe(1);

  // A key event: marked by the administrator, it offers the push alert with its own text.
  const resent = entry(page, `Écrit avant la pause (${RUN})`);
  await expect(resent.getByRole('button', { name: 'Envoyer une alerte' })).toHaveCount(0);
  await resent.getByRole('button', { name: 'Point clé' }).click();
  await expect(resent.getByText('Point clé', { exact: true })).toBeVisible();
  await resent.getByRole('button', { name: 'Envoyer une alerte' }).click();
  const dialog = page.getByRole('dialog', { name: 'Envoyer une alerte' });
  await expect(dialog.getByRole('textbox', { name: 'Texte' })).toHaveValue(`Écrit avant la pause (${RUN})`);
  await expect(dialog.getByRole('textbox', { name: 'Titre' })).toHaveValue(article.title);
  await dialog.getByRole('button', { name: 'Annuler' }).click();
});
