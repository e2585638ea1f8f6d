import type { Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { LOCAL_ACCOUNTS } from '../../supabase/seed/accounts.ts';
import { slugBase } from '../../src/lib/slug.ts';
import { ADMIN, clientAs, fr, openBackOffice, pageTitle, READER, serviceClient, signInAsAdmin, useSession } from './adminSession.ts';
import { expect, test } from './fixtures.ts';

// The newsroom's two roles in the back office: a journalist writes and sends for review, an
// administrator reviews, publishes and signs with any member's name; the users screen grants either
// role; a signed-out visitor of /admin signs in on the Administrateur tab and comes back.
const RUN = Date.now().toString(36);
const JOURNALIST = LOCAL_ACCOUNTS.find((a) => a.role === 'journalist')!;
const COLLEAGUE = LOCAL_ACCOUNTS.find((a) => a.email.startsWith('nadia.benali@'))!;
// An account of this run for the users screen: accents in the name, so the search must fold them.
const NEWCOMER = { email: `ndeye.seye.${RUN}@example.test`, password: 'nouvelle-recrue-123', fullName: `Ndèye Sèye ${RUN}` };
let db: SupabaseClient;
let journalist: SupabaseClient;
let categoryId: string;
let journalistId: string;
let newcomerId: string;
const madeIds: string[] = [];

const alert = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
const dataRows = (page: Page) => page.getByRole('row').filter({ has: page.getByRole('cell') });
const row = (page: Page, text: string) => dataRows(page).filter({ hasText: text });
const card = (page: Page, label: string) => page.getByRole('region', { name: label, exact: true });

async function userIdOf(email: string): Promise<string> {
  const { data, error } = await db.from('accounts').select('user_id').eq('email', email).single();
  if (error) throw error;
  return data.user_id;
}

/** An article written by the journalist through the API, as their editor would save it. */
async function journalistArticle(title: string, status: 'draft' | 'review'): Promise<{ id: string; slug: string }> {
  const slug = `${slugBase(title)}-${RUN}`;
  const { data, error } = await journalist
    .from('articles')
    .insert({ title, slug, content: 'Un texte de la rédaction.', status, category_id: categoryId })
    .select('id, slug')
    .single();
  if (error) throw error;
  madeIds.push(data.id);
  return data;
}

async function signOut(page: Page) {
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
}

async function fillNewArticle(page: Page, title: string) {
  await page.getByRole('textbox', { name: 'Titre', exact: true }).fill(title);
  await page.getByRole('combobox', { name: /Catégorie/ }).click();
  await page.getByRole('option', { name: 'Économie', exact: true }).click();
  await page.getByRole('button', { name: 'Texte brut' }).click();
  await page.getByLabel("Contenu de l'article").fill('Le marché de Sandaga rouvre après six mois de travaux.');
}

test.beforeAll(async () => {
  db = serviceClient();
  // The seed makes Moussa Traoré a journalist; said again so a reseeded stack cannot fail this story.
  journalistId = await userIdOf(JOURNALIST.email);
  await db.from('user_roles').upsert({ user_id: journalistId, role: 'journalist' }, { onConflict: 'user_id,role', ignoreDuplicates: true });
  journalist = await clientAs(JOURNALIST);
  const { data: category } = await db.from('categories').select('id').eq('slug', 'economie').single();
  categoryId = category!.id;
  const { data, error } = await db.auth.admin.createUser({
    email: NEWCOMER.email,
    password: NEWCOMER.password,
    email_confirm: true,
    user_metadata: { full_name: NEWCOMER.fullName },
  });
  if (error) throw error;
  newcomerId = data.user.id;
});

test.afterAll(async () => {
  const { data: titled } = await db.from('articles').select('id').like('slug', `%-${RUN}%`);
  const ids = [...new Set([...madeIds, ...(titled ?? []).map((a) => a.id)])];
  if (ids.length) await db.from('articles').delete().in('id', ids);
  if (newcomerId) await db.auth.admin.deleteUser(newcomerId);
});

test('a journalist signs in on the Administrateur tab, sees only their screens, and sends an article « À relire » without being able to publish', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const title = `Sandaga rouvre ses portes ${RUN}`;
  await signInAsAdmin(page, JOURNALIST);

  await test.step('the dashboard works with their own figures, without users, statistics or the front page', async () => {
    await expect(pageTitle(page)).toHaveText('Tableau de bord');
    const mine = () => db.from('articles').select('id', { count: 'exact', head: true }).eq('author_id', journalistId);
    const { count } = await mine().eq('status', 'review');
    await expect(card(page, 'À relire').getByTestId('stat-value')).toHaveText(fr(count ?? 0));
    const { count: total } = await mine();
    await expect(card(page, 'Total des articles').getByTestId('stat-value')).toHaveText(fr(total ?? 0));
    await expect(page.getByRole('link', { name: 'Articles' }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Utilisateurs' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Statistiques' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /\bune\b/i })).toHaveCount(0);
    for (const path of ['/admin/accounts', '/admin/analytics']) {
      await page.goto(path);
      await expect(page.getByText("Vous n'avez pas les droits d'accès à cette page")).toBeVisible();
    }
  });

  await test.step('their list is their own articles', async () => {
    await page.goto('/admin/articles');
    await expect(page.getByRole('heading', { level: 1, name: 'Mes articles' })).toBeVisible();
    const { count } = await db.from('articles').select('id', { count: 'exact', head: true }).eq('author_id', journalistId);
    await expect(dataRows(page)).toHaveCount(Math.min(count ?? 0, 25));
  });

  await test.step('they choose Brouillon or « À relire (soumettre) », never the byline, and save', async () => {
    await page.goto('/admin/articles/new');
    await expect(page.getByRole('heading', { level: 1, name: 'Nouvel article' })).toBeVisible();
    await fillNewArticle(page, title);
    // The status's group (the « Format » group, Article or Direct, is another).
    const radios = page
      .getByRole('radiogroup')
      .filter({ has: page.getByRole('radio', { name: 'Brouillon' }) })
      .getByRole('radio');
    await expect(radios).toHaveCount(2);
    await expect(page.getByRole('radio', { name: 'Brouillon' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Publié' })).toHaveCount(0);
    await expect(page.getByRole('radio', { name: 'Programmé' })).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'Auteur' })).toHaveCount(0);
    await page.getByRole('radio', { name: 'À relire (soumettre)' }).check();
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(alert(page, 'Article créé avec succès')).toBeVisible();
  });

  const { data: saved, error } = await db.from('articles').select('id, status, author_id, published_at').eq('title', title).single();
  if (error) throw error;
  madeIds.push(saved.id);
  expect(saved).toMatchObject({ status: 'review', author_id: journalistId, published_at: null });

  await test.step('the list shows it « À relire », theirs to change or delete', async () => {
    await page.goto('/admin/articles');
    const mine = row(page, title);
    await expect(mine.getByText('À relire', { exact: true })).toBeVisible();
    await expect(mine.getByRole('link', { name: `Modifier « ${title} »` })).toBeVisible();
    await expect(mine.getByRole('button', { name: `Supprimer « ${title} »` })).toBeVisible();
  });

  await test.step('they take it back as a draft, then delete it', async () => {
    await row(page, title)
      .getByRole('link', { name: `Modifier « ${title} »` })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: "Modifier l'article" })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'À relire (soumettre)' })).toBeChecked();
    await page.getByRole('radio', { name: 'Brouillon' }).check();
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(alert(page, 'Article repris en brouillon')).toBeVisible();
    expect((await db.from('articles').select('status').eq('id', saved.id).single()).data).toEqual({ status: 'draft' });

    await page.goto('/admin/articles');
    await row(page, title)
      .getByRole('button', { name: `Supprimer « ${title} »` })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmer' }).click();
    await expect(alert(page, 'Article supprimé')).toBeVisible();
    expect((await db.from('articles').select('id').eq('id', saved.id)).data).toEqual([]);
  });
});

test('an administrator finds it under « À relire » and publishes it with the journalist’s byline; the journalist can then only read it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const title = `Le Sénégal relance la pêche artisanale ${RUN}`;
  const article = await journalistArticle(title, 'review');

  await openBackOffice(page);
  const { count } = await db.from('articles').select('id', { count: 'exact', head: true }).eq('status', 'review');
  await expect(card(page, 'À relire').getByTestId('stat-value')).toHaveText(fr(count ?? 0));
  await card(page, 'À relire').getByRole('link', { name: 'Voir les articles à relire' }).click();
  await expect(page).toHaveURL(/\/admin\/articles\?filter=/);
  await expect(page.getByRole('combobox', { name: 'Statut' })).toContainText('À relire');
  await expect(dataRows(page)).toHaveCount(Math.min(count ?? 0, 25));
  for (const badge of await dataRows(page).all()) await expect(badge.getByText('À relire', { exact: true })).toBeVisible();

  await row(page, title)
    .getByRole('link', { name: `Modifier « ${title} »` })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: "Modifier l'article" })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Auteur' })).toContainText(JOURNALIST.fullName);
  await expect(page.getByRole('radio', { name: 'À relire' })).toBeChecked();
  await page.getByRole('radio', { name: 'Publié' }).check();
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(alert(page, 'Article approuvé et publié')).toBeVisible();
  const { data: published } = await db.from('articles').select('status, author_id').eq('id', article.id).single();
  expect(published).toEqual({ status: 'published', author_id: journalistId });

  await page.goto(`/article/${article.slug}`);
  await expect(page.locator('.article__byline')).toContainText(`Par ${JOURNALIST.fullName}`);

  await test.step('the journalist opens it to read, with the reason, and may not delete it', async () => {
    await signOut(page);
    await useSession(page, JOURNALIST);
    await page.goto('/admin/articles');
    const theirs = row(page, title);
    await expect(theirs.getByText('Publié', { exact: true })).toBeVisible();
    await expect(theirs.getByRole('button', { name: /Supprimer/ })).toHaveCount(0);
    await theirs.getByRole('link', { name: `Consulter « ${title} »` }).click();
    await expect(page.getByRole('heading', { level: 1, name: "Consulter l'article" })).toBeVisible();
    await expect(page.getByText('Cet article est publié : seuls les administrateurs peuvent le modifier.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Enregistrer' })).toHaveCount(0);
  });
});

test('an administrator signs a new article with another member of the newsroom', async ({ page }) => {
  const title = `Correspondance de Niamey ${RUN}`;
  await useSession(page, ADMIN);
  await page.goto('/admin/articles/new');
  await fillNewArticle(page, title);
  const author = page.getByRole('combobox', { name: 'Auteur' });
  await expect(author).toContainText(ADMIN.fullName);
  await author.click();
  // Newsroom members only: the reader is not offered.
  await expect(page.getByRole('option', { name: JOURNALIST.fullName })).toBeVisible();
  await expect(page.getByRole('option', { name: READER.fullName })).toHaveCount(0);
  await page.getByRole('option', { name: COLLEAGUE.fullName }).click();
  await page.getByRole('radio', { name: 'Brouillon' }).check();
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(alert(page, 'Article créé avec succès')).toBeVisible();
  const { data, error } = await db.from('articles').select('id, author_id').eq('title', title).single();
  if (error) throw error;
  madeIds.push(data.id);
  expect(data.author_id).toBe(await userIdOf(COLLEAGUE.email));
});

test('the users screen shows e-mails and roles, finds accounts by name or e-mail whatever the accents, and grants then revokes Journaliste', async ({
  page,
}) => {
  const listed = page.waitForRequest((r) => r.url().includes('/rest/v1/accounts?'));
  await useSession(page, ADMIN);
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/admin\/accounts/);
  await listed;
  await expect(pageTitle(page)).toHaveText('Gestion des utilisateurs');
  await expect(row(page, ADMIN.fullName)).toContainText(ADMIN.email);
  await expect(row(page, JOURNALIST.fullName).getByText('Journaliste', { exact: true })).toBeVisible();
  await expect(row(page, ADMIN.fullName).getByText('Administrateur', { exact: true })).toBeVisible();

  const search = page.getByPlaceholder('Rechercher par nom ou e-mail');
  await search.fill('diallo');
  await expect(dataRows(page)).toHaveCount(1);
  await expect(dataRows(page).first()).toContainText(ADMIN.fullName);
  await search.fill('lecteur@afrique');
  await expect(dataRows(page)).toHaveCount(1);
  await expect(dataRows(page).first()).toContainText(READER.fullName);
  // Typed without its accents, and in the other order.
  await search.fill(`seye ndeye ${RUN}`);
  await expect(dataRows(page)).toHaveCount(1);
  await expect(dataRows(page).first()).toContainText(NEWCOMER.email);
  await search.fill('%');
  await expect(page.getByText('Aucun utilisateur ne correspond à cette recherche')).toBeVisible();

  await search.fill(NEWCOMER.email);
  const newcomer = row(page, NEWCOMER.fullName);
  await expect(newcomer.getByText('Client', { exact: true })).toBeVisible();
  await newcomer.getByRole('button', { name: `Nommer journaliste : ${NEWCOMER.fullName}` }).click();
  await expect(page.getByRole('dialog')).toContainText(`Nommer ${NEWCOMER.fullName} journaliste ?`);
  await page.getByRole('dialog').getByRole('button', { name: 'Confirmer' }).click();
  await expect(page.getByText(`${NEWCOMER.fullName} est désormais journaliste.`)).toBeVisible();
  await expect(newcomer.getByText('Journaliste', { exact: true })).toBeVisible();
  const roles = async () => ((await db.from('user_roles').select('role').eq('user_id', newcomerId)).data ?? []).map((r) => r.role);
  expect(await roles()).toContain('journalist');

  await newcomer.getByRole('button', { name: `Retirer le rôle journaliste : ${NEWCOMER.fullName}` }).click();
  await expect(page.getByRole('dialog')).toContainText("redeviendra client et perdra l'accès au back-office");
  await page.getByRole('dialog').getByRole('button', { name: 'Confirmer' }).click();
  await expect(page.getByText(`${NEWCOMER.fullName} n'est plus journaliste.`)).toBeVisible();
  await expect(newcomer.getByText('Client', { exact: true })).toBeVisible();
  expect(await roles()).not.toContain('journalist');
});

test('a signed-out visitor of /admin/articles signs in on the Administrateur tab and comes back to it; a foreign return address is ignored', async ({
  page,
}) => {
  await page.goto('/admin/articles');
  await expect(page).toHaveURL(/\/auth\?tab=admin&next=%2Fadmin%2Farticles$/);
  await expect(page.getByRole('tab', { name: 'Administrateur' })).toHaveAttribute('aria-selected', 'true');
  await page.getByLabel('E-mail', { exact: true }).fill(ADMIN.email);
  await page.getByLabel('Mot de passe').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/articles$/);
  await expect(pageTitle(page)).toHaveText('Gestion des articles');

  await signOut(page);
  await page.goto('/auth?tab=admin&next=https%3A%2F%2Fevil.example%2Fadmin');
  await page.getByLabel('E-mail', { exact: true }).fill(ADMIN.email);
  await page.getByLabel('Mot de passe').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});
