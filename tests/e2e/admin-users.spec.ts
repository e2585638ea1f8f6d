import type { Page } from '@playwright/test';
import { LOCAL_ACCOUNTS } from '../../supabase/seed/accounts.ts';
import type { SupabaseClient } from '@supabase/supabase-js';
import { ADMIN, OTHER_ADMINS, pageTitle, READER, serviceClient, useSession } from './adminSession.ts';
import { expect, test } from './fixtures.ts';

const LAST_ADMIN = "Impossible de retirer le dernier administrateur : nommez d'abord un autre administrateur.";
let db: SupabaseClient;

interface RoleRow {
  user_id: string;
  role: 'admin' | 'journalist' | 'client';
  created_at: string;
}
let seededRoles: RoleRow[] = [];

async function userId(account: { fullName: string }): Promise<string> {
  const { data, error } = await db.from('profiles').select('user_id').eq('full_name', account.fullName).single();
  if (error) throw error;
  return data.user_id;
}
async function isAdminInDb(account: { fullName: string }): Promise<boolean> {
  const { data } = await db
    .from('user_roles')
    .select('role')
    .eq('user_id', await userId(account))
    .eq('role', 'admin');
  return (data ?? []).length === 1;
}
/** Puts the roles back as the seed made them, whatever a failed story left behind. */
async function restoreRoles() {
  const { error } = await db.from('user_roles').upsert(seededRoles, { onConflict: 'user_id,role', ignoreDuplicates: true });
  if (error) throw error;
  await db
    .from('user_roles')
    .delete()
    .eq('user_id', await userId(READER))
    .eq('role', 'admin');
}

test.beforeAll(async () => {
  db = serviceClient();
  const { data, error } = await db.from('user_roles').select('user_id, role, created_at');
  if (error) throw error;
  seededRoles = data;
});
test.afterEach(restoreRoles);

const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

async function openUsers(page: Page) {
  await useSession(page, ADMIN);
  await page.goto('/admin/accounts');
  await expect(pageTitle(page)).toHaveText('Gestion des utilisateurs');
}

test('the users screen lists every account with its e-mail and roles, newest first, in French', async ({ page }) => {
  const listed = page.waitForRequest((r) => r.url().includes('/rest/v1/accounts?'));
  await openUsers(page);
  // One request to the accounts view, without its search key.
  expect(decodeURIComponent((await listed).url())).toContain('select=id,user_id,email,full_name,avatar_url,roles,created_at');
  await expect(page.getByRole('link', { name: 'Retour au tableau de bord' })).toHaveAttribute('href', '/admin/dashboard');

  const { data: accounts } = await db.from('accounts').select('full_name, email, created_at').order('created_at', { ascending: false });
  const rows = page.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(rows).toHaveCount(Math.min(accounts!.length, 25));
  // Sorted by sign-up date, newest first, each with its e-mail.
  for (const [i, a] of accounts!.slice(0, 25).entries()) {
    await expect(rows.nth(i)).toContainText(a.full_name ?? 'Utilisateur');
    await expect(rows.nth(i)).toContainText(a.email);
  }

  const { data: roles } = await db.from('user_roles').select('user_id').eq('role', 'admin');
  await expect(page.getByRole('cell').getByText('Administrateur', { exact: true })).toHaveCount(roles!.length);
  const badge = { admin: 'Administrateur', journalist: 'Journaliste', reader: 'Client' } as const;
  for (const account of LOCAL_ACCOUNTS)
    await expect(row(page, account.fullName).getByText(badge[account.role], { exact: true })).toBeVisible();
  // Dates are fr-FR (columns: name, e-mail, roles, date, actions).
  await expect(row(page, READER.fullName).getByRole('cell').nth(3)).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);
  // No creation, edition or deletion of accounts.
  await expect(page.getByRole('link', { name: /Créer|Éditer/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Supprimer/ })).toHaveCount(0);
});

test('searching by name or e-mail narrows the list, whatever the case, the accents and the order of the words', async ({ page }) => {
  await openUsers(page);
  const search = page.getByPlaceholder('Rechercher par nom ou e-mail');
  const rows = page.getByRole('row').filter({ has: page.getByRole('cell') });
  const searches: string[] = [];
  page.on('request', (r) => r.url().includes('/rest/v1/accounts?') && searches.push(decodeURIComponent(r.url())));

  await search.fill('mensah');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(READER.fullName);
  await expect(page).toHaveURL(/%22q%22/);

  // Two words: both must be in the name or e-mail, as one filter PostgREST accepts (never search_key[0]=…).
  await search.fill('Nadia Benali');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Nadia Benali');
  expect(searches.some((u) => u.includes('and=(search_key.ilike.*nadia*,search_key.ilike.*benali*)'))).toBe(true);
  expect(searches.some((u) => /search_key\[\d\]=/.test(u))).toBe(false);
  await search.fill('benali NADIA');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Nadia Benali');
  await search.fill('nadia.benali@');
  await expect(rows).toHaveCount(1);
  await search.fill('Nadia Mbarga');
  await expect(page.getByText('Aucun utilisateur ne correspond à cette recherche')).toBeVisible();
  // What is typed is taken literally: a pattern matches nobody.
  await search.fill('_adia');
  await expect(page.getByText('Aucun utilisateur ne correspond à cette recherche')).toBeVisible();

  await search.fill('Personne-Inconnue');
  await expect(page.getByText('Aucun utilisateur ne correspond à cette recherche')).toBeVisible();
});

test('an admin grants the admin role to the reader, then revokes it, after confirming each time', async ({ page }) => {
  await openUsers(page);
  const reader = row(page, READER.fullName);
  await expect(reader.getByText('Client', { exact: true })).toBeVisible();

  // Cancelling changes nothing.
  await reader.getByRole('button', { name: 'Nommer administrateur' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Nommer ${READER.fullName} administrateur ?`);
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  await expect(dialog).toBeHidden();
  expect(await isAdminInDb(READER)).toBe(false);

  await reader.getByRole('button', { name: 'Nommer administrateur' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirmer' }).click();
  await expect(page.getByText(`${READER.fullName} est désormais administrateur.`)).toBeVisible();
  await expect(reader.getByText('Administrateur', { exact: true })).toBeVisible();
  expect(await isAdminInDb(READER)).toBe(true);

  await reader.getByRole('button', { name: 'Retirer le rôle admin' }).click();
  await expect(page.getByRole('dialog')).toContainText("perdra l'accès au back-office");
  await page.getByRole('dialog').getByRole('button', { name: 'Confirmer' }).click();
  await expect(page.getByText(`${READER.fullName} n'est plus administrateur.`)).toBeVisible();
  await expect(reader.getByText('Client', { exact: true })).toBeVisible();
  expect(await isAdminInDb(READER)).toBe(false);
});

test('the last administrator cannot step down: the database refuses and the screen says why', async ({ page }) => {
  // A newsroom with one admin left, made with the service role (no screen can get there).
  for (const a of OTHER_ADMINS) {
    const { error } = await db
      .from('user_roles')
      .delete()
      .eq('user_id', await userId(a))
      .eq('role', 'admin');
    if (error) throw error;
  }
  await openUsers(page);
  const me = row(page, ADMIN.fullName);
  await me.getByRole('button', { name: 'Retirer le rôle admin' }).click();
  await expect(page.getByRole('dialog')).toContainText("Vous redeviendrez client et perdrez immédiatement l'accès au back-office.");
  await page.getByRole('dialog').getByRole('button', { name: 'Confirmer' }).click();

  await expect(page.getByText(LAST_ADMIN)).toBeVisible();
  await expect(me.getByText('Administrateur', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/accounts/);
  expect(await isAdminInDb(ADMIN)).toBe(true);
});
