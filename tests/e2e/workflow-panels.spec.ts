import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import sharp from 'sharp';
import { slugBase } from '../../src/lib/slug.ts';
import { ADMIN, clientAs, openBackOffice, READER, serviceClient, signInAsAdmin } from './adminSession.ts';
import { expect, test } from './fixtures.ts';

// The editor's workflow panels through the real UI and the real stack: Historique (view a
// revision's changes, restore it, save), presence of other editors on the private realtime
// channel, corrections on a public article, and the Aperçu button. Historique also follows the
// versions the image panel makes.
const RUN = Date.now().toString(36);
let db: SupabaseClient;
let admin: SupabaseClient;
let categoryId: string;
const madeIds: string[] = [];
const madeUsers: string[] = [];

const V1 = 'Le port autonome de Lomé a inauguré lundi son nouveau terminal à conteneurs.';
const V2 = `${V1} Les armateurs saluent l'investissement.`;
const V3 = V2.replace('lundi', 'mardi');

/** A second administrator, made with the service role as `npm run admin:create` does. */
const SECOND = { email: `awa.traore.${RUN}@afrique-actu.local`, password: `redaction-${RUN}`, fullName: 'Awa Traoré' };

test.beforeAll(async () => {
  db = serviceClient();
  admin = await clientAs(ADMIN);
  const { data: category } = await db.from('categories').select('id').eq('slug', 'economie').single();
  categoryId = category!.id;
  const { data: created, error } = await db.auth.admin.createUser({
    email: SECOND.email,
    password: SECOND.password,
    email_confirm: true,
    user_metadata: { full_name: SECOND.fullName },
  });
  if (error) throw error;
  madeUsers.push(created.user.id);
  const { error: roleError } = await db.from('user_roles').insert({ user_id: created.user.id, role: 'admin' });
  if (roleError) throw roleError;
});

test.afterAll(async () => {
  if (madeIds.length) await db.from('articles').delete().in('id', madeIds);
  for (const id of madeUsers) await db.auth.admin.deleteUser(id);
});

/** A published article written by the seeded admin through the API (its first revision is theirs). */
async function publishedArticle(title: string, content = V1): Promise<{ id: string; slug: string }> {
  const slug = slugBase(title);
  const { data, error } = await admin
    .from('articles')
    .insert({ title, slug, content, status: 'published', category_id: categoryId, excerpt: 'Un terminal de plus.' })
    .select('id, slug')
    .single();
  if (error) throw error;
  madeIds.push(data.id);
  return data;
}

const storedVersion = async (id: string) => (await db.from('articles').select('version').eq('id', id).single()).data?.version;

async function openEditor(page: Page, id: string) {
  await page.goto(`/admin/articles/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: "Modifier l'article" })).toBeVisible();
}

/** Saves and waits for the database to hold the next version and the form to be clean again. */
async function saveAndWait(page: Page, id: string, expected: number) {
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect.poll(() => storedVersion(id)).toBe(expected);
  await expect(page.getByRole('button', { name: 'Enregistrer' })).toBeEnabled();
}

test('Historique lists who saved each version; one opens with its changes, and Restaurer brings it back to be saved as a new version', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const article = await publishedArticle(`Historique du port ${RUN}`);
  await openBackOffice(page);
  await openEditor(page, article.id);
  const content = page.getByLabel("Contenu de l'article");
  const history = page.getByRole('region', { name: 'Historique' });

  await test.step('two edits, each saved, each a revision', async () => {
    await expect(content).toHaveValue(V1);
    await content.fill(V2);
    await saveAndWait(page, article.id, 2);
    await content.fill(V3);
    await saveAndWait(page, article.id, 3);
    // Saved as Publié, stamped by the server's clock just now: still open to corrections.
    await expect(page.getByRole('region', { name: 'Corrections' }).getByRole('button', { name: 'Ajouter une correction' })).toBeVisible();
  });

  await test.step('the history lists the three versions, newest first, with the editor and the time', async () => {
    const versions = history.getByRole('button', { name: /^Version \d/ });
    await expect(versions).toHaveCount(3);
    await expect(versions.nth(0)).toContainText('Version 3 · Publié (actuelle)');
    await expect(versions.nth(1)).toContainText('Version 2');
    await expect(versions.nth(2)).toContainText('Version 1');
    for (let i = 0; i < 3; i++) await expect(versions.nth(i)).toContainText('Aminata Diallo');
    // The newsroom's time zone (UTC unless VITE_NEWSROOM_TIME_ZONE says otherwise), French months.
    await expect(versions.nth(0)).toContainText(/\d{1,2} \S+\.? \d{4}.*\d{2}:\d{2} UTC/);
  });

  await test.step('version 1 against the form: what changed since, marked as insertions and deletions', async () => {
    await history.getByRole('button', { name: /^Version 1/ }).click();
    const dialog = page.getByRole('dialog', { name: /Version 1 · Publié/ });
    await expect(dialog).toContainText('Enregistrée le');
    await expect(dialog).toContainText('par Aminata Diallo');
    await expect(dialog).toContainText('Champs modifiés : Contenu.');
    const compared = dialog.getByRole('region', { name: 'Contenu comparé' });
    await expect(compared.locator('ins')).toHaveText(['[ajouté : mardi]', "[ajouté : Les armateurs saluent l'investissement.]"]);
    await expect(compared.locator('del')).toHaveText(['[supprimé : lundi]']);
    await expect(dialog).toContainText('Contenu : 5 mots ajoutés, 1 mot supprimé');

    await dialog.getByRole('button', { name: 'la version précédente' }).click();
    await expect(dialog).toContainText("C'est la première version enregistrée");
    await dialog.getByRole('button', { name: 'Fermer' }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('version 2 against the version before it: what that save changed', async () => {
    await history.getByRole('button', { name: /^Version 2/ }).click();
    const dialog = page.getByRole('dialog', { name: /Version 2/ });
    await dialog.getByRole('button', { name: 'la version précédente' }).click();
    await expect(dialog).toContainText('par rapport à la version 1');
    await expect(dialog.getByRole('region', { name: 'Contenu comparé' }).locator('ins')).toHaveText([
      "[ajouté : Les armateurs saluent l'investissement.]",
    ]);
    await expect(dialog.getByRole('region', { name: 'Contenu comparé' }).locator('del')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Fermer' }).click();
  });

  await test.step('Restaurer version 1 fills the form (unsaved); saving makes version 4 with the old text', async () => {
    // Unsaved text in the form is not in the history: restoring over it asks first.
    await page.getByLabel('Extrait').fill('Un extrait jamais enregistré.');
    await history.getByRole('button', { name: /^Version 1/ }).click();
    const dialog = page.getByRole('dialog', { name: /Version 1/ });
    await dialog.getByRole('button', { name: 'Restaurer' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remplacer vos modifications ?' });
    await expect(confirm).toContainText('Les modifications non enregistrées du formulaire seront remplacées par la version 1');
    await confirm.getByRole('button', { name: 'Restaurer' }).click();
    await expect(dialog).toBeHidden();
    await expect(content).toHaveValue(V1);
    await expect(page.getByLabel('Extrait')).toHaveValue('Un terminal de plus.');
    expect(await storedVersion(article.id)).toBe(3);
    await saveAndWait(page, article.id, 4);
    const { data } = await db.from('articles').select('content, title, status').eq('id', article.id).single();
    expect(data).toEqual({ content: V1, title: `Historique du port ${RUN}`, status: 'published' });
    await expect(history.getByRole('button', { name: /^Version \d/ })).toHaveCount(4);
    await expect(history.getByRole('button', { name: /^Version \d/ }).first()).toContainText('Version 4');
    const { data: revisions } = await db.from('article_revisions').select('version, content').eq('article_id', article.id).order('id');
    expect(revisions).toEqual([
      { version: 1, content: V1 },
      { version: 2, content: V2 },
      { version: 3, content: V3 },
      { version: 4, content: V1 },
    ]);
  });

  await test.step('a version the form already holds has nothing to restore', async () => {
    await history.getByRole('button', { name: /^Version 4/ }).click();
    const dialog = page.getByRole('dialog', { name: /Version 4/ });
    await expect(dialog).toContainText('Aucune différence.');
    await expect(dialog).toContainText('Le formulaire contient déjà le texte de cette version.');
    await expect(dialog.getByRole('button', { name: 'Restaurer' })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Fermer' }).click();
  });
});

test('an image added to a published article waits for its alternative text and the save (a new version, current in Historique); removing it is a new version at once; the next save passes', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const article = await publishedArticle(`Image du port ${RUN}`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-history-'));
  const file = path.join(dir, 'terminal.png');
  await sharp({ create: { width: 800, height: 450, channels: 3, background: '#0369a1' } })
    .png()
    .toFile(file);
  try {
    await openBackOffice(page);
    await openEditor(page, article.id);
    const versions = page.getByRole('region', { name: 'Historique' }).getByRole('button', { name: /^Version \d/ });
    await expect(versions).toHaveCount(1);
    await expect(versions.first()).toContainText('Version 1 · Publié (actuelle)');

    // The article is out: the image is held (readers never get a picture without its alternative
    // text), and the save records it, as the main image, in version 2.
    await page.locator('input[type=file]').setInputFiles(file);
    await expect(page.getByRole('heading', { name: 'Images (1)' })).toBeVisible({ timeout: 20_000 });
    expect(await storedVersion(article.id)).toBe(1);
    await page.getByRole('group', { name: 'Image 1', exact: true }).getByLabel('Texte alternatif').fill('Le terminal à conteneurs');
    await saveAndWait(page, article.id, 2);
    const { data: saved } = await db
      .from('articles')
      .select('image_url, article_images(image_url, alt_text)')
      .eq('id', article.id)
      .single();
    expect(saved!.article_images).toEqual([{ image_url: saved!.image_url, alt_text: 'Le terminal à conteneurs' }]);
    await expect(versions).toHaveCount(2);
    await expect(versions.first()).toContainText('Version 2 · Publié (actuelle)');
    await expect(versions.nth(1)).not.toContainText('(actuelle)');

    // Removing it clears the main image: version 3, current at once (the file goes with it).
    await page.getByRole('button', { name: "Supprimer l'image 1" }).click();
    await expect(page.getByRole('heading', { name: 'Images (0)' })).toBeVisible();
    await expect(versions).toHaveCount(3);
    await expect(versions.first()).toContainText('Version 3 · Publié (actuelle)');

    await page.getByLabel("Contenu de l'article").fill(V2);
    await saveAndWait(page, article.id, 4);
    await expect(page.getByTestId('stale-save')).toHaveCount(0);
    await expect(versions.first()).toContainText('Version 4 · Publié (actuelle)');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

/** A signed-in admin's own browser context (separate cookies and storage: another person). */
async function adminPage(browser: Browser, account: { email: string; password: string }) {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, locale: 'fr-FR' });
  const page = await context.newPage();
  // The seeded admin starts from the run's saved session; Awa, an account of this spec, has none.
  await (account === ADMIN ? openBackOffice(page) : signInAsAdmin(page, account));
  return { context, page };
}

test('two admins on the same article each see the other; a second tab of the same admin is named as such; leaving clears it', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const article = await publishedArticle(`Présence au port ${RUN}`);
  const aminata = await adminPage(browser, ADMIN);
  const awa = await adminPage(browser, SECOND);
  try {
    await openEditor(aminata.page, article.id);
    await openEditor(awa.page, article.id);
    await expect(aminata.page.getByText('Awa Traoré modifie aussi cet article')).toBeVisible({ timeout: 15_000 });
    await expect(awa.page.getByText('Aminata Diallo modifie aussi cet article')).toBeVisible({ timeout: 15_000 });
    // Nobody sees themselves named.
    await expect(aminata.page.getByText('Aminata Diallo modifie aussi')).toHaveCount(0);
    await expect(aminata.page.getByText('Vous modifiez aussi cet article dans un autre onglet')).toHaveCount(0);

    // Aminata opens the article in a second tab: both of her tabs say so, Awa still sees her once.
    const secondTab = await aminata.context.newPage();
    await openEditor(secondTab, article.id);
    await expect(secondTab.getByText('Vous modifiez aussi cet article dans un autre onglet')).toBeVisible({ timeout: 15_000 });
    await expect(aminata.page.getByText('Vous modifiez aussi cet article dans un autre onglet')).toBeVisible();
    await expect(secondTab.getByText('Awa Traoré modifie aussi cet article')).toBeVisible();
    await expect(awa.page.getByText('Aminata Diallo modifie aussi cet article')).toHaveCount(1);

    // Leaving the page (here: to the dashboard, unmounting the editor) leaves the channel.
    await secondTab.close();
    await expect(aminata.page.getByText('Vous modifiez aussi cet article dans un autre onglet')).toHaveCount(0, { timeout: 15_000 });
    await awa.page.goto('/admin/dashboard');
    await expect(aminata.page.getByText('Awa Traoré modifie aussi cet article')).toHaveCount(0, { timeout: 15_000 });

    // Another article is another channel: nobody is named there.
    const other = await publishedArticle(`Autre article ${RUN}`);
    await openEditor(awa.page, other.id);
    await expect(awa.page.getByRole('region', { name: 'Historique' })).toBeVisible();
    await expect(awa.page.getByText(/modifie aussi cet article/)).toHaveCount(0);
  } finally {
    await aminata.context.close();
    await awa.context.close();
  }
});

test('corrections: added on a published article in the editor, listed, seen by readers, deleted after confirmation; none on a draft or a scheduled article', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const article = await publishedArticle(`Correction au port ${RUN}`);
  const note = `Le terminal a coûté 2 milliards de francs CFA, et non 3 (${RUN}).`;
  await openBackOffice(page);
  await openEditor(page, article.id);
  const panel = page.getByRole('region', { name: 'Corrections' });
  await expect(panel).toContainText('Aucune correction.');

  await test.step('the French rules are checked before anything is sent', async () => {
    await panel.getByRole('button', { name: 'Ajouter une correction' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ajouter une correction' });
    await dialog.getByRole('button', { name: 'Ajouter' }).click();
    await expect(dialog).toContainText('Le texte de la correction est requis');
    await dialog.getByLabel('Texte de la correction').fill(note);
    await dialog.getByLabel('Date de la correction').fill('2099-01-01T08:00');
    await dialog.getByRole('button', { name: 'Ajouter' }).click();
    await expect(dialog).toContainText('La date de la correction ne peut pas être dans le futur');
    expect((await db.from('article_corrections').select('id').eq('article_id', article.id)).data).toEqual([]);
    await dialog.getByLabel('Date de la correction').fill('2026-01-15T09:30');
    await dialog.getByRole('button', { name: 'Ajouter' }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('the correction is stored and listed with its date; the article itself was not saved', async () => {
    await expect(panel.getByRole('list', { name: "Corrections de l'article" })).toContainText(note);
    await expect(panel).toContainText('15 janv. 2026');
    const { data } = await db.from('article_corrections').select('note, corrected_at').eq('article_id', article.id);
    expect(data).toEqual([{ note, corrected_at: '2026-01-15T09:30:00+00:00' }]);
    expect(await storedVersion(article.id)).toBe(1);
  });

  await test.step('readers see it at the end of the article, with "Mis à jour le" under the byline', async () => {
    const { data: visible } = await (await clientAs(READER)).from('article_corrections').select('note').eq('article_id', article.id);
    expect(visible).toEqual([{ note }]);
    const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, locale: 'fr-FR' });
    try {
      const reader = await context.newPage();
      await reader.goto(`/article/${article.slug}`);
      await expect(reader.getByRole('region', { name: 'Corrections' })).toContainText(note);
      await expect(reader.getByText('Mis à jour le 15 janvier 2026')).toBeVisible();
    } finally {
      await context.close();
    }
  });

  await test.step('deleting asks first, then removes it', async () => {
    await panel.getByRole('button', { name: /Supprimer la correction du 15 janv\. 2026/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Supprimer la correction' });
    await confirm.getByRole('button', { name: 'Annuler' }).click();
    await expect(panel).toContainText(note);
    await panel.getByRole('button', { name: /Supprimer la correction du/ }).click();
    await page.getByRole('dialog', { name: 'Supprimer la correction' }).getByRole('button', { name: 'Supprimer' }).click();
    await expect(panel).toContainText('Aucune correction.');
    expect((await db.from('article_corrections').select('id').eq('article_id', article.id)).data).toEqual([]);
  });

  await test.step('a correction refused because the article went offline meanwhile says why in French', async () => {
    await panel.getByRole('button', { name: 'Ajouter une correction' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ajouter une correction' });
    await dialog.getByLabel('Texte de la correction').fill(`Trop tard (${RUN}).`);
    // A colleague takes the article back to draft while the dialog is open.
    const { error } = await db
      .from('articles')
      .update({ status: 'draft', version: await storedVersion(article.id) })
      .eq('id', article.id);
    if (error) throw error;
    await dialog.getByRole('button', { name: 'Ajouter' }).click();
    // Said in the dialog, next to the note (a notification behind the modal is hidden from screen readers).
    const refused = dialog.getByRole('alert').filter({ hasText: "l'article n'est plus visible des lecteurs" });
    await expect(refused).toBeVisible();
    await expect(refused).not.toContainText('row-level security');
    // The note stays in the dialog, nothing was stored.
    await expect(dialog.getByLabel('Texte de la correction')).toHaveValue(`Trop tard (${RUN}).`);
    expect((await db.from('article_corrections').select('id').eq('article_id', article.id)).data).toEqual([]);
    await dialog.getByRole('button', { name: 'Annuler' }).click();
  });

  await test.step('a draft has no corrections to add, and says why', async () => {
    const { data: draft, error } = await admin
      .from('articles')
      .insert({
        title: `Brouillon ${RUN}`,
        slug: `brouillon-corrections-${RUN}`,
        content: 'Texte.',
        status: 'draft',
        category_id: categoryId,
      })
      .select('id')
      .single();
    if (error) throw error;
    madeIds.push(draft.id);
    await openEditor(page, draft.id);
    const closed = page.getByRole('region', { name: 'Corrections' });
    await expect(closed).toContainText("Les corrections s'ajoutent aux articles publiés");
    await expect(closed.getByRole('button', { name: 'Ajouter une correction' })).toHaveCount(0);

    const { data: scheduled, error: scheduleError } = await admin
      .from('articles')
      .insert({
        title: `Programmé ${RUN}`,
        slug: `programme-corrections-${RUN}`,
        content: 'Texte.',
        status: 'scheduled',
        published_at: new Date(Date.now() + 86_400_000).toISOString(),
        category_id: categoryId,
      })
      .select('id')
      .single();
    if (scheduleError) throw scheduleError;
    madeIds.push(scheduled.id);
    await openEditor(page, scheduled.id);
    await expect(page.getByRole('region', { name: 'Corrections' })).toContainText(
      "il est programmé et n'est pas encore visible des lecteurs",
    );
    await expect(page.getByRole('button', { name: 'Ajouter une correction' })).toHaveCount(0);
  });
});

test("Aperçu opens /apercu/<id> in a new tab, where the admin sees the unpublished article; a new article's is disabled until it is saved", async ({
  page,
}) => {
  const title = `Aperçu du port ${RUN}`;
  const { data: article, error } = await admin
    .from('articles')
    .insert({ title, slug: `apercu-du-port-${RUN}`, content: V1, status: 'draft', category_id: categoryId })
    .select('id')
    .single();
  if (error) throw error;
  madeIds.push(article.id);
  await openBackOffice(page);
  await openEditor(page, article.id);
  const preview = page.getByRole('link', { name: 'Aperçu' });
  await expect(preview).toHaveAttribute('href', `/apercu/${article.id}`);
  await expect(preview).toHaveAttribute('target', '_blank');

  const [tab] = await Promise.all([page.context().waitForEvent('page'), preview.click()]);
  await expect(tab).toHaveURL(new RegExp(`/apercu/${article.id}$`));
  await expect(tab.getByText('Aperçu — non publié')).toBeVisible();
  await expect(tab.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await tab.close();

  // What the preview shows is what is saved: unsaved changes are said to be missing from it.
  await expect(page.getByText("L'aperçu montre la dernière version enregistrée")).toHaveCount(0);
  await page.getByLabel('Extrait').fill('Un extrait pas encore enregistré.');
  await expect(page.getByText("L'aperçu montre la dernière version enregistrée")).toBeVisible();

  page.once('dialog', (d) => void d.accept()); // leaving with unsaved changes asks first
  await page.goto('/admin/articles/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Nouvel article' })).toBeVisible();
  const disabled = page.getByRole('button', { name: 'Aperçu' });
  await expect(disabled).toBeDisabled();
  await expect(page.getByRole('link', { name: 'Aperçu' })).toHaveCount(0);
  await disabled.locator('..').hover();
  await expect(page.getByRole('tooltip')).toHaveText("Enregistrez d'abord l'article");
});
