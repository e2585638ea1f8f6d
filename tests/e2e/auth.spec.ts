import type { Page } from '@playwright/test';
import { LOCAL_ACCOUNTS } from '../../supabase/seed/accounts.ts';
import { recordScripts, scriptsOf } from './chunks.ts';
import { expect, test } from './fixtures.ts';

const ADMIN = LOCAL_ACCOUNTS.find((a) => a.role === 'admin')!;
const READER = LOCAL_ACCOUNTS.find((a) => a.role === 'reader')!;

const toasts = (page: Page) => page.locator('.toasts');
const header = (page: Page) => page.locator('header.site-header');

/** Every request the page sends to the auth server, to prove that invalid forms never leave the browser. */
function authCalls(page: Page) {
  const calls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/auth/v1/')) calls.push(`${r.method()} ${r.url()}`);
  });
  return calls;
}

async function fillSignIn(page: Page, email: string, password: string) {
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Mot de passe').fill(password);
}

async function hasStoredSession(page: Page) {
  return page.evaluate(() => Object.keys(localStorage).some((k) => /^sb-.*-auth-token$/.test(k)));
}

async function signInAsReader(page: Page) {
  await page.goto('/auth');
  await fillSignIn(page, READER.email, READER.password);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await expect(toasts(page).getByText('Connexion réussie !')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
}

test('the auth page offers Administrateur and Lecteur tabs, switched with the arrow keys', async ({ page }) => {
  await page.goto('/auth');
  await expect(page).toHaveTitle('Connexion — Afrique Actu');
  const tablist = page.getByRole('tablist', { name: 'Type de compte' });
  const admin = tablist.getByRole('tab', { name: 'Administrateur' });
  const reader = tablist.getByRole('tab', { name: 'Lecteur' });
  await expect(reader).toHaveAttribute('aria-selected', 'true');
  await expect(admin).toHaveAttribute('aria-selected', 'false');

  await reader.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(admin).toHaveAttribute('aria-selected', 'true');
  await expect(admin).toBeFocused();
  await expect(page.getByRole('tabpanel', { name: 'Administrateur' }).getByRole('heading', { name: 'Espace rédaction' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Créer un compte' })).toHaveCount(0);
  await expect(page).toHaveTitle('Connexion administrateur — Afrique Actu');

  await page.keyboard.press('ArrowRight');
  await expect(reader).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: 'Créer un compte' }).click();
  await expect(page.getByRole('heading', { name: 'Créer un compte lecteur' })).toBeVisible();
  await expect(page.getByLabel('Mot de passe')).toHaveAttribute('autocomplete', 'new-password');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByLabel('Mot de passe')).toHaveAttribute('autocomplete', 'current-password');
});

test('a new reader signs up, lands on the home page signed in, and sees no Admin button', async ({ page }) => {
  const email = `nouveau-${Date.now()}@afrique-actu.local`;
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Créer un compte' }).click();
  await expect(page).toHaveTitle('Créer un compte — Afrique Actu');
  await page.getByLabel('Nom complet').fill('Fatou Sow');
  await fillSignIn(page, email, 'bissap-2024');
  const roleChecked = page.waitForResponse((r) => r.url().includes('/rpc/has_role'));
  await page.getByRole('button', { name: 'Créer mon compte' }).click();

  await expect(toasts(page).getByText('Compte créé avec succès !')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(header(page).getByRole('button', { name: 'Se déconnecter' })).toBeVisible();
  await roleChecked;
  await expect(header(page).getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);

  // The full name given at sign-up reached the user's metadata, hence the profile (docs/product.md#sign-in-and-sign-up).
  const stored = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('-auth-token'))!;
    return JSON.parse(localStorage.getItem(key)!).user;
  });
  expect(stored.email).toBe(email);
  expect(stored.user_metadata.full_name).toBe('Fatou Sow');
});

test('invalid sign-in and sign-up forms show French messages and never call the server', async ({ page }) => {
  await page.goto('/auth');
  const calls = authCalls(page);
  const submit = page.getByRole('button', { name: 'Se connecter', exact: true });

  await submit.click();
  await expect(page.getByText("L'e-mail est requis.")).toBeVisible();
  await expect(page.getByText('Le mot de passe est requis.')).toBeVisible();
  await expect(page.getByLabel('E-mail', { exact: true })).toBeFocused();
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveAttribute('aria-invalid', 'true');

  await fillSignIn(page, READER.email, '12345');
  await expect(page.getByText("L'e-mail est requis.")).toHaveCount(0);
  await submit.click();
  await expect(page.getByText('Le mot de passe doit contenir au moins 6 caractères.')).toBeVisible();
  await expect(page.getByLabel('Mot de passe')).toBeFocused();

  await page.getByLabel('E-mail', { exact: true }).fill('lecteur-sans-domaine');
  await page.getByLabel('Mot de passe').fill('assez-long');
  await submit.click();
  await expect(page.getByText('Saisissez une adresse e-mail valide')).toBeVisible();

  await page.getByRole('button', { name: 'Créer un compte' }).click();
  await fillSignIn(page, 'fatou@afrique-actu.local', 'assez-long');
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page.getByText('Le nom complet est requis.')).toBeVisible();
  await expect(page.getByLabel('Nom complet')).toBeFocused();

  await page.getByRole('tab', { name: 'Administrateur' }).click();
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await expect(page.getByText("L'e-mail est requis.")).toBeVisible();

  expect(calls).toEqual([]);
  await expect(toasts(page).locator('.toast')).toHaveCount(0);
});

test("a wrong password shows the server's error, with a busy, disabled button meanwhile", async ({ page }) => {
  await page.goto('/auth');
  // Hold the real request a moment (it still reaches the real server) to see the busy state.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/auth/v1/token**', async (route) => {
    await held;
    await route.continue();
  });
  await fillSignIn(page, READER.email, 'pas-le-bon-mot-de-passe');
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  const busy = page.getByRole('button', { name: 'Connexion...' });
  await expect(busy).toBeDisabled();
  release();

  await expect(toasts(page).getByText('Identifiants de connexion invalides')).toBeVisible();
  await expect(toasts(page).getByText('Invalid login credentials')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Se connecter', exact: true })).toBeEnabled();
  await expect(page).toHaveURL(/\/auth$/);
  expect(await hasStoredSession(page)).toBe(false);
});

test('signing up with an address already registered shows the server error', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Créer un compte' }).click();
  await page.getByLabel('Nom complet').fill('Kwame Mensah');
  await fillSignIn(page, READER.email, 'un-autre-mot-de-passe');
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(toasts(page).getByText('Un compte existe déjà avec cette adresse e-mail')).toBeVisible();
  await expect(toasts(page).getByText('User already registered')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
});

test('a reader using the Administrateur tab is refused and signed out again', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Administrateur' }).click();
  await fillSignIn(page, READER.email, READER.password);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();

  await expect(toasts(page).getByText("Cet utilisateur n'a pas de droits administrateur.")).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(header(page).getByRole('link', { name: 'Se connecter' })).toBeVisible();
  await expect(header(page).getByRole('button', { name: 'Se déconnecter' })).toHaveCount(0);
  expect(await hasStoredSession(page)).toBe(false);
  // Still on the form, ready for another try.
  await expect(page.getByRole('tab', { name: 'Administrateur' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('button', { name: 'Se connecter', exact: true })).toBeEnabled();
});

test('an admin signs in on the Administrateur tab, reaches the dashboard, and gets the Admin button', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Administrateur' }).click();
  await fillSignIn(page, ADMIN.email, ADMIN.password);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  await page.goto('/');
  await expect(header(page).getByRole('link', { name: 'Admin', exact: true })).toBeVisible();

  // An admin who opens /auth again is sent to the back office (docs/product.md#sign-in-and-sign-up).
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});

test('a signed-in reader who opens /auth is sent to the home page', async ({ page }) => {
  await signInAsReader(page);
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/$/);
  await expect(header(page).getByRole('button', { name: 'Se déconnecter' })).toBeVisible();
  await expect(page.getByRole('tablist')).toHaveCount(0);
});

// The admin's success toast must still be on screen once the back office has loaded
// (docs/product.md#reader-toasts), so the toaster has to outlive the switch from the reader app to the admin app.
test("the admin's success toast is still shown on the dashboard", async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Administrateur' }).click();
  await fillSignIn(page, ADMIN.email, ADMIN.password);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByText('Connexion administrateur réussie !')).toBeVisible();
});

test('auth loads only with a session or on /auth: a reader signs in there, and a stored session brings it back', async ({ page }) => {
  const scripts = recordScripts(page);
  await page.goto('/');
  // Signed out at once, without auth-js.
  await expect(header(page).getByRole('link', { name: 'Se connecter' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scriptsOf('auth', scripts)).toEqual([]);

  await header(page).getByRole('link', { name: 'Se connecter' }).click();
  await expect.poll(() => scriptsOf('auth', scripts).length).toBeGreaterThan(0);
  await fillSignIn(page, READER.email, READER.password);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(header(page).getByRole('button', { name: 'Se déconnecter' })).toBeVisible();

  // A new page load with the session stored loads auth again and shows the reader signed in.
  scripts.length = 0;
  await page.reload();
  await expect(header(page).getByRole('button', { name: 'Se déconnecter' })).toBeVisible();
  expect(scriptsOf('auth', scripts).length).toBeGreaterThan(0);
  await header(page).getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(header(page).getByRole('link', { name: 'Se connecter' })).toBeVisible();
  expect(await hasStoredSession(page)).toBe(false);
});

test('a sign-in in another tab reaches a page opened without auth', async ({ page, context }) => {
  await page.goto('/');
  await expect(header(page).getByRole('link', { name: 'Se connecter' })).toBeVisible();
  const other = await context.newPage();
  await signInAsReader(other);
  await expect(header(page).getByRole('button', { name: 'Se déconnecter' })).toBeVisible();
  await other.close();
});

test('an e-mail link landing with #access_token signs the reader in', async ({ page }) => {
  // The tokens such a link carries (implicit flow), asked of the auth server directly.
  const apikey = process.env.E2E_ANON_KEY!;
  const response = await fetch(`${process.env.E2E_API_URL}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: READER.email, password: READER.password }),
  });
  expect(response.ok).toBe(true);
  const tokens = (await response.json()) as { access_token: string; refresh_token: string; expires_in: number };
  const hash = new URLSearchParams({
    access_token: tokens.access_token,
    refresh_token: tokens.refresh_token,
    expires_in: String(tokens.expires_in),
    token_type: 'bearer',
    type: 'magiclink',
  });
  await page.goto(`/#${hash}`);
  await expect(header(page).getByRole('button', { name: 'Se déconnecter' })).toBeVisible();
  expect(await hasStoredSession(page)).toBe(true);
});
