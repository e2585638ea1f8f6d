import type { Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { ADMIN, clientAs, openBackOffice, serviceClient, useSession } from './adminSession.ts';
import { expect, test } from './fixtures.ts';

// The writing desk's editor through the real UI and the real stack: a long article keeps its
// toolbar and save bar in view (desktop and phone), nothing typed is lost to a reload, an article
// reopens in the mode it was written in, the sanitizer's removals are announced before saving,
// and an existing article's server-side draft comes back in another browser.
const RUN = Date.now().toString(36);
let db: SupabaseClient;
let admin: SupabaseClient;
let categoryId: string;
const madeIds: string[] = [];

const alert = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
const richEditor = (page: Page) => page.locator('.ProseMirror[contenteditable="true"]');
const toolbar = (page: Page) => page.locator('.RaRichTextInputToolbar-root');
const saveBar = (page: Page) => page.getByTestId('save-bar');
const draftPrompt = (page: Page) => page.getByTestId('draft-prompt');
const notice = (page: Page) => page.getByTestId('sanitizer-notice');

const SENTENCE = 'Le port autonome de Lomé accueille chaque semaine davantage de navires venus de tout le golfe de Guinée.';

test.beforeAll(async () => {
  db = serviceClient();
  admin = await clientAs(ADMIN);
  const { data } = await db.from('categories').select('id').eq('slug', 'economie').single();
  categoryId = data!.id;
});

test.afterAll(async () => {
  if (madeIds.length) await db.from('articles').delete().in('id', madeIds);
});

/** Types `count` paragraphs of about 90 words into the rich editor, as a journalist would. */
async function writeParagraphs(page: Page, count: number, label = 'Paragraphe') {
  await richEditor(page).click();
  for (let i = 1; i <= count; i++) {
    await page.keyboard.insertText(`${label} ${i}. ${Array.from({ length: 5 }, () => SENTENCE).join(' ')}`);
    await page.keyboard.press('Enter');
  }
}

/** Pastes HTML into the focused rich editor as the clipboard would hand it over. */
async function pasteHtml(page: Page, html: string) {
  await richEditor(page).evaluate((el, data) => {
    const clipboardData = new DataTransfer();
    clipboardData.setData('text/html', data);
    clipboardData.setData('text/plain', data.replace(/<[^>]+>/g, ' '));
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }));
  }, html);
}

const storedDraft = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(`afrique-actu:article-draft:${k}`), key);

test('a long article keeps its toolbar and save bar in view, counts its words, survives a reload, and reopens in Mise en forme', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const title = `Lomé, le port qui grandit ${RUN}`;
  await openBackOffice(page);
  // Written on a phone first (react-admin lays its menu out for the width it starts at), then on a desktop.
  const sizes = [
    { name: 'phone', width: 390, height: 844 },
    { name: 'desktop', width: 1280, height: 800 },
  ];
  await page.setViewportSize(sizes[0]);
  await page.goto('/admin/articles/new');

  await test.step("a new article starts in 'Mise en forme'", async () => {
    await expect(richEditor(page)).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('button', { name: 'Mise en forme', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('textbox', { name: /^Titre/ }).fill(title);
    await expect(page.getByTestId('title-counter')).toHaveText(`${[...title].length} / 150`);
    await page.getByRole('combobox', { name: /Catégorie/ }).click();
    await page.getByRole('option', { name: 'Économie', exact: true }).click();
    await expect(page.getByRole('listbox')).toHaveCount(0);
  });

  await test.step('twelve paragraphs: the save bar counts their words and reading time', async () => {
    await writeParagraphs(page, 12);
    // 12 × (2 + 5 × 18) words.
    await expect(page.getByTestId('editor-stats')).toHaveText('1\u202f104 mots · 5 min de lecture');
  });

  for (const size of sizes) {
    await test.step(`scrolled down the text on a ${size.name}, the toolbar and the save bar are still in view`, async () => {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.getByText('Paragraphe 9.', { exact: false }).scrollIntoViewIfNeeded();
      await page.mouse.wheel(0, 400);
      await expect(page.getByText('Paragraphe 1.', { exact: false })).not.toBeInViewport();
      await expect(toolbar(page)).toBeInViewport({ ratio: 1 });
      await expect(saveBar(page)).toBeInViewport({ ratio: 1 });
      await expect(saveBar(page).getByRole('button', { name: 'Enregistrer' })).toBeInViewport();
      // The toolbar still works from there: the line at the caret becomes a heading.
      await page.getByText('Paragraphe 10.', { exact: false }).click();
      await toolbar(page).getByRole('button', { name: 'Intertitre', exact: true }).click();
      await expect(page.locator('.ProseMirror h2')).toContainText('Paragraphe 10.');
      await toolbar(page).getByRole('button', { name: 'Paragraphe', exact: true }).click();
      await expect(page.locator('.ProseMirror h2')).toHaveCount(0);
    });
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  await test.step('reloaded before saving: the editor offers the text back, and restores it', async () => {
    await expect.poll(() => storedDraft(page, 'new').then((d) => JSON.parse(d ?? '{}').values?.title)).toBe(title);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.reload();
    await expect(draftPrompt(page)).toContainText('Une version non enregistrée du');
    await expect(draftPrompt(page)).toContainText('a été retrouvée.');
    await expect(richEditor(page)).not.toContainText('Paragraphe 12.');
    await draftPrompt(page).getByRole('button', { name: 'Restaurer' }).click();
    await expect(draftPrompt(page)).toHaveCount(0);
    await expect(richEditor(page)).toContainText('Paragraphe 12.');
    await expect(page.getByRole('textbox', { name: /^Titre/ })).toHaveValue(title);
  });

  const id = await test.step('saved, the article records its mode and the browser forgets the draft', async () => {
    await saveBar(page).getByRole('button', { name: 'Enregistrer' }).click();
    await expect(alert(page, 'Article créé avec succès')).toBeVisible();
    const { data, error } = await db.from('articles').select('id, editor_mode, content').eq('title', title).single();
    if (error) throw error;
    madeIds.push(data.id);
    expect(data.editor_mode).toBe('rich');
    expect(data.content).toContain('<p>Paragraphe 12.');
    expect(await storedDraft(page, 'new')).toBeNull();
    return data.id as string;
  });

  await test.step("reopened, it is in 'Mise en forme' again, with nothing to restore", async () => {
    await page.goto(`/admin/articles/${id}`);
    await expect(richEditor(page)).toContainText('Paragraphe 12.', { timeout: 15_000 });
    await expect(page.getByRole('button', { name: 'Mise en forme', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('textbox', { name: "Contenu de l'article" }).and(page.locator('textarea'))).toHaveCount(0);
    await expect(draftPrompt(page)).toHaveCount(0);
  });
});

test('tables and embed code are announced before saving, with the YouTube link to paste instead', async ({ page }) => {
  test.setTimeout(90_000);
  await useSession(page, ADMIN);
  await page.goto('/admin/articles/new');
  await expect(richEditor(page)).toBeVisible({ timeout: 15_000 });

  await test.step("pasted into 'Mise en forme', a table and a YouTube iframe are said to be left out", async () => {
    await richEditor(page).click();
    await pasteHtml(
      page,
      '<p>Les chiffres du port :</p><table><tr><th>Année</th><th>Conteneurs</th></tr><tr><td>2025</td><td>2 millions</td></tr></table>' +
        '<iframe width="560" height="315" src="https://www.youtube.com/embed/dQw4w9WgXcQ" allowfullscreen></iframe>',
    );
    await expect(richEditor(page)).toContainText('Les chiffres du port');
    await expect(notice(page)).toContainText("Au collage, ces éléments n'ont pas été repris : 1 tableau, 1 vidéo intégrée (iframe).");
    await expect(notice(page)).toContainText('collez son lien seul, sur sa propre ligne');
    await expect(notice(page).getByRole('list', { name: 'Liens à coller seuls sur une ligne' })).toHaveText(
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    );
    await notice(page).getByRole('button', { name: 'Compris' }).click();
    await expect(notice(page)).toHaveCount(0);
  });

  await test.step("typed as HTML in 'Texte brut', the same table is announced as going at the save", async () => {
    await page.getByRole('button', { name: 'Texte brut' }).click();
    const box = page.getByRole('textbox', { name: "Contenu de l'article" });
    await box.fill('<p>Intro.</p><table><tr><td>a</td></tr></table><script>alert(1)</script>');
    await expect(notice(page)).toContainText("À l'enregistrement, ces éléments seront retirés : 1 tableau, 1 script.");
    // The supported way: the link alone on its line, which nothing removes.
    await box.fill('<p>Intro.</p>\n<p>https://www.youtube.com/watch?v=dQw4w9WgXcQ</p>');
    await expect(notice(page)).toHaveCount(0);
  });
});

test("an existing article's draft is kept on the server, never in the article, and restored in another browser", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const { data: article, error } = await admin
    .from('articles')
    .insert({
      title: `Brouillon serveur ${RUN}`,
      slug: `brouillon-serveur-${RUN}`,
      content: '<p>Le texte publié.</p>',
      status: 'draft',
      category_id: categoryId,
      editor_mode: 'rich',
    })
    .select('id, version')
    .single();
  if (error) throw error;
  madeIds.push(article.id);

  await useSession(page, ADMIN);
  await page.goto(`/admin/articles/${article.id}`);
  await expect(richEditor(page)).toContainText('Le texte publié.', { timeout: 15_000 });
  await richEditor(page).click();
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.keyboard.insertText('Un paragraphe écrit en reportage, pas encore enregistré.');

  await test.step('a few seconds later the draft is on the server, and the article untouched', async () => {
    await expect
      .poll(async () => (await db.from('article_drafts').select('base_version, data').eq('article_id', article.id)).data, {
        timeout: 15_000,
      })
      .toEqual([
        expect.objectContaining({
          base_version: article.version,
          data: expect.objectContaining({ content: expect.stringContaining('pas encore enregistré') }),
        }),
      ]);
    const { data: saved } = await db.from('articles').select('content, version').eq('id', article.id).single();
    expect(saved).toEqual({ content: '<p>Le texte publié.</p>', version: article.version });
  });

  await test.step('in a new browser (nothing in its storage), the server draft is offered and restored, then saved', async () => {
    await page.close();
    const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, locale: 'fr-FR' });
    const other = await context.newPage();
    await useSession(other, ADMIN);
    await other.goto(`/admin/articles/${article.id}`);
    await expect(draftPrompt(other)).toContainText('Une version non enregistrée du');
    await expect(draftPrompt(other)).toContainText(
      `Brouillon enregistré sur le serveur, rédigé à partir de la version ${article.version} de l'article.`,
    );
    await draftPrompt(other).getByRole('button', { name: 'Restaurer' }).click();
    await expect(richEditor(other)).toContainText('pas encore enregistré');
    await saveBar(other).getByRole('button', { name: 'Enregistrer' }).click();
    await expect(alert(other, 'Article mis à jour avec succès')).toBeVisible();
    const { data: saved } = await db.from('articles').select('content').eq('id', article.id).single();
    expect(saved!.content).toContain('pas encore enregistré');
    await expect.poll(async () => (await db.from('article_drafts').select('user_id').eq('article_id', article.id)).data).toEqual([]);
    await context.close();
  });
});
