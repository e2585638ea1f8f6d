import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import ws from 'ws';
import { LOCAL_ACCOUNTS } from '../../supabase/seed/accounts.ts';
import { expect } from './fixtures.ts';
import { sessionFile } from './sessions.ts';

// Shared by the back-office stories: the seeded accounts, API clients against the test stack,
// signing in through the real /auth page as a newsroom member or a reader would (for the stories
// about signing in), and the sessions saved once per run (sessions.ts) for every other story.
export const ADMIN = LOCAL_ACCOUNTS.find((a) => a.email.startsWith('admin@'))!;
export const READER = LOCAL_ACCOUNTS.find((a) => a.role === 'reader')!;
export const JOURNALIST = LOCAL_ACCOUNTS.find((a) => a.role === 'journalist')!;
export const OTHER_ADMINS = LOCAL_ACCOUNTS.filter((a) => a.role === 'admin' && a !== ADMIN);

const options = { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: ws as never } };

/** The service role: sets up states no screen can (a single admin) and reads the truth behind the UI. */
export const serviceClient = (): SupabaseClient => createClient(process.env.E2E_API_URL!, process.env.E2E_SERVICE_ROLE_KEY!, options);

/** A client signed in as one of the seeded accounts, calling the API as the browser does. */
export async function clientAs(account: { email: string; password: string }): Promise<SupabaseClient> {
  const client = createClient(process.env.E2E_API_URL!, process.env.E2E_ANON_KEY!, options);
  const { error } = await client.auth.signInWithPassword({ email: account.email, password: account.password });
  if (error) throw error;
  return client;
}

/** The admin's way in: /auth, 'Administrateur' tab, e-mail and password, then the dashboard. */
export async function signInAsAdmin(page: Page, account: { email: string; password: string } = ADMIN) {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Administrateur' }).click();
  await page.getByLabel('E-mail', { exact: true }).fill(account.email);
  await page.getByLabel('Mot de passe').fill(account.password);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

/** A reader's way in: /auth (its « Lecteur » tab is the first one shown), then home, signed in. */
export async function signInAsReader(page: Page, account: { email: string; password: string } = READER) {
  await page.goto('/auth');
  await page.getByLabel('E-mail', { exact: true }).fill(account.email);
  await page.getByLabel('Mot de passe').fill(account.password);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Se déconnecter' })).toBeVisible();
}

/**
 * Puts `account`'s saved session in the page's browser context (its storage is replaced), as
 * signing in on /auth would leave it: the next page the story opens is signed in.
 */
export async function useSession(page: Page, account: { email: string }): Promise<void> {
  const file = sessionFile(account);
  if (!fs.existsSync(file))
    throw new Error(`No saved session for ${account.email}: only the seeded accounts have one (sign in on /auth instead)`);
  await page.context().setStorageState(file);
}

/** The back office's dashboard, signed in as `account` from its saved session: where signInAsAdmin leads. */
export async function openBackOffice(page: Page, account: { email: string } = ADMIN) {
  await useSession(page, account);
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

/** The home page, signed in as `account` from its saved session: where signInAsReader leads. */
export async function openSiteSignedIn(page: Page, account: { email: string } = READER) {
  await useSession(page, account);
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Se déconnecter' })).toBeVisible();
}

/** The react-admin page title, shown in the app bar. */
export const pageTitle = (page: Page) => page.locator('#react-admin-title');

/** Figures as the screens print them (French digit grouping). */
export const fr = (n: number) => new Intl.NumberFormat('fr-FR').format(n);
