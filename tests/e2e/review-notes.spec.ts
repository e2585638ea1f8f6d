import type { Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { ADMIN, openBackOffice, serviceClient, signInAsAdmin } from './adminSession.ts';
import { expect, test } from './fixtures.ts';

// Review that talks (issue 46, item 1), on two 412 px phones: a journalist submits with a note; the
// editor, whose « À traiter » is open, sees the notice arrive live, opens the story with the note on
// top and sends it back with remarks; the journalist's count moves live, their list shows it first
// as « Renvoyé avec remarques » with the remarks, and the editor shows them.
// A journalist of this run's own, so their list holds only this story's articles.
const RUN = Date.now().toString(36);
const REPORTER = { email: `awa.sarr.${RUN}@example.test`, password: 'reporter-412-phone', fullName: `Awa Sarr ${RUN}` };
const PHONE = { width: 412, height: 915 };
const SUBMIT_NOTE = 'Premier jet : le chiffre du port reste à confirmer.';
const REMARKS = 'Sourcez le chiffre du deuxième paragraphe, puis renvoyez-le.';
let db: SupabaseClient;
let reporterId = '';

const alert = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
const noticesButton = (page: Page) => page.getByTestId('notices-count');

test.beforeAll(async () => {
  db = serviceClient();
  const { data, error } = await db.auth.admin.createUser({
    email: REPORTER.email,
    password: REPORTER.password,
    email_confirm: true,
    user_metadata: { full_name: REPORTER.fullName },
  });
  if (error) throw error;
  reporterId = data.user.id;
  const role = await db.from('user_roles').insert({ user_id: reporterId, role: 'journalist' });
  if (role.error) throw role.error;
});

test.afterAll(async () => {
  if (!reporterId) return;
  await db.from('articles').delete().eq('author_id', reporterId);
  await db.auth.admin.deleteUser(reporterId);
});

test('a journalist submits with a note, the editor is told live and sends it back with remarks, the journalist finds it first « Renvoyé avec remarques » with the remarks', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const title = `Le port de Dakar agrandi ${RUN}`;
  await page.setViewportSize(PHONE);
  const editor = await browser.newPage({ viewport: PHONE });

  await test.step('the editor keeps « À traiter » open', async () => {
    await openBackOffice(editor, ADMIN);
    await noticesButton(editor).click();
    await expect(editor.getByRole('heading', { level: 1, name: 'À traiter' })).toBeVisible();
    await expect(editor.getByRole('heading', { level: 2, name: 'Mes notifications' })).toBeVisible();
  });

  let id = '';
  await test.step('the journalist writes and submits « À relire » with a note', async () => {
    await signInAsAdmin(page, REPORTER);
    await page.goto('/admin/articles/new');
    await page.getByRole('textbox', { name: 'Titre', exact: true }).fill(title);
    await page.getByRole('combobox', { name: /Catégorie/ }).click();
    await page.getByRole('option', { name: 'Économie', exact: true }).click();
    await page.getByRole('button', { name: 'Texte brut' }).click();
    await page.getByLabel("Contenu de l'article").fill('Le port de Dakar ouvre un nouveau quai pour les porte-conteneurs.');
    await page.getByRole('radio', { name: 'À relire (soumettre)' }).check();
    await page.getByRole('textbox', { name: 'Remarque (facultatif)' }).fill(SUBMIT_NOTE);
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(alert(page, 'Article créé avec succès')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/articles\/([0-9a-f-]{36})$/);
    id = /\/admin\/articles\/([0-9a-f-]{36})$/.exec(page.url())![1];
    // Kept in the article's history, and the form's note is empty again for the next change.
    await expect(page.getByRole('textbox', { name: 'Remarque (facultatif)' })).toHaveValue('');
    await expect(page.getByRole('region', { name: 'Remarques' })).toContainText(SUBMIT_NOTE);
  });

  await test.step('the editor sees the notice arrive without reloading, opens it, and reads the note first', async () => {
    const notice = editor.getByRole('button').filter({ hasText: title });
    await expect(notice).toContainText('Article soumis « À relire »');
    await expect(notice).toContainText(SUBMIT_NOTE);
    await expect(notice).toContainText(REPORTER.fullName);
    await notice.click();
    await expect(editor).toHaveURL(new RegExp(`/admin/articles/${id}$`));
    await expect(editor.getByTestId('latest-note')).toContainText(SUBMIT_NOTE);
    const { data } = await db.from('notices').select('read_at').eq('article_id', id).eq('kind', 'submitted');
    expect(data?.length).toBeGreaterThan(0);
  });

  await test.step('the editor sends it back as a draft with remarks', async () => {
    await editor.getByRole('radio', { name: 'Brouillon' }).check();
    await editor.getByRole('textbox', { name: 'Remarque (facultatif)' }).fill(REMARKS);
    await editor.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(alert(editor, 'Article renvoyé au journaliste')).toBeVisible();
    // The editor's own page says so at once, with the remarks just written (not the journalist's earlier note).
    await expect(editor.getByTestId('latest-note')).toContainText('Renvoyé avec remarques');
    await expect(editor.getByTestId('latest-note')).toContainText(REMARKS);
    const { data } = await db.from('articles').select('status, sent_back_at').eq('id', id).single();
    expect(data?.status).toBe('draft');
    expect(data?.sent_back_at).not.toBeNull();
  });

  await test.step('the journalist’s count moves live; their list shows it first, « Renvoyé avec remarques », with the remarks', async () => {
    await expect(noticesButton(page)).toHaveAccessibleName('À traiter : 1 notification non lue');
    // A newer draft of theirs: the plain order would put it above the story sent back.
    const { error } = await db.from('articles').insert({
      title: `Brouillon plus récent ${RUN}`,
      slug: `brouillon-recent-${RUN}`,
      content: 'x',
      status: 'draft',
      author_id: reporterId,
    });
    if (error) throw error;
    await page.goto('/admin/articles');
    await expect(page.getByRole('heading', { level: 1, name: 'Mes articles' })).toBeVisible();
    // Both titles carry the run's mark; nothing else in the list does.
    const rows = page.getByRole('main').getByRole('link').filter({ hasText: RUN });
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText(title);
    await expect(rows.first()).toContainText('Renvoyé avec remarques');
    await expect(rows.first()).toContainText(REMARKS);
  });

  await test.step('the editor shows the remarks on top and the history of notes', async () => {
    const rows = page.getByRole('main').getByRole('link').filter({ hasText: RUN });
    await rows.first().click();
    await expect(page).toHaveURL(new RegExp(`/admin/articles/${id}$`));
    const latest = page.getByTestId('latest-note');
    await expect(latest).toContainText('Renvoyé avec remarques');
    await expect(latest).toContainText(REMARKS);
    const notes = page.getByRole('region', { name: 'Remarques' }).getByRole('listitem');
    await expect(notes).toHaveCount(2);
    await expect(notes.first()).toContainText('Renvoyé avec remarques');
    await expect(notes.first()).toContainText(REMARKS);
    await expect(notes.last()).toContainText('Créé : À relire');
    await expect(notes.last()).toContainText(SUBMIT_NOTE);
    // The journalist's own view never scrolls sideways on the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });
  await editor.close();
});
