import type { Page } from '@playwright/test';
import { lastMailTo, mailsTo, verifyLink } from '@afriqueactu/supabase-local/inbox';
import { serviceClient } from './adminSession.ts';
import { expect, test } from './fixtures.ts';

const RUN = Date.now().toString(36);
const inbox = () => process.env.E2E_INBOX_URL!;
const madeUsers: string[] = [];

async function account(name: string, role?: 'admin' | 'journalist') {
  const email = `${name}.${RUN}@example.test`;
  const password = `ancien-${RUN}`;
  const db = serviceClient();
  const { data, error } = await db.auth.admin.createUser({ email, password, email_confirm: true, user_metadata: { full_name: name } });
  if (error) throw error;
  madeUsers.push(data.user.id);
  if (role) {
    const { error: roleError } = await db.from('user_roles').insert({ user_id: data.user.id, role });
    if (roleError) throw roleError;
  }
  return { email, password };
}

test.afterAll(async () => {
  for (const id of madeUsers) await serviceClient().auth.admin.deleteUser(id);
});

/** From the sign-in form to the e-mail's link, as a reader does it; returns the link. */
async function requestLink(page: Page, email: string, tab: 'Lecteur' | 'Administrateur' = 'Lecteur'): Promise<string> {
  await page.goto('/auth');
  await page.getByRole('tab', { name: tab }).click();
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Mot de passe oublié ?' }).click();
  await expect(page.getByRole('heading', { name: 'Mot de passe oublié ?' })).toBeVisible();
  await expect(page).toHaveTitle('Mot de passe oublié — Afrique Actu');
  // The address typed for signing in is kept.
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(email);
  await page.getByRole('button', { name: 'Recevoir le lien' }).click();
  await expect(page.getByRole('tabpanel').getByRole('status')).toContainText('Vérifiez votre boîte de réception.');
  await expect.poll(async () => (await mailsTo(inbox(), email)).length).toBeGreaterThan(0);
  const mail = await lastMailTo(inbox(), email);
  expect(mail.Subject).toBe('Réinitialisez votre mot de passe Afrique Actu');
  return verifyLink(mail);
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/auth');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
}

test('a reader resets a forgotten password through the e-mail and signs in with the new one; the old one is refused', async ({
  page,
  browser,
}) => {
  const { email, password } = await account('lectrice');
  const link = await requestLink(page, email);

  await page.goto(link);
  await expect(page).toHaveURL(/\/auth\/nouveau-mot-de-passe$/);
  // The session came in the fragment; the address keeps no trace of it.
  await expect(page.getByRole('heading', { name: 'Nouveau mot de passe' })).toBeVisible();
  await expect(page).toHaveTitle('Nouveau mot de passe — Afrique Actu');
  const first = page.getByLabel('Nouveau mot de passe');
  const second = page.getByLabel('Confirmez le mot de passe');
  const save = page.getByRole('button', { name: 'Enregistrer le mot de passe' });

  await first.fill('court');
  await second.fill('court');
  await save.click();
  await expect(page.getByText('Le mot de passe doit contenir au moins 6 caractères.')).toBeVisible();
  await expect(first).toBeFocused();
  await first.fill(`nouveau-${RUN}`);
  await second.fill(`nouveau-${RUN}-faute`);
  await save.click();
  await expect(page.getByText('Les deux mots de passe ne correspondent pas.')).toBeVisible();
  await second.fill(`nouveau-${RUN}`);
  await save.click();
  await expect(page.locator('.toasts').getByText('Mot de passe modifié !')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // Another device: the old password is refused, the new one works.
  const elsewhere = await browser.newPage();
  await signIn(elsewhere, email, password);
  await expect(elsewhere.locator('.toasts').getByText('Identifiants de connexion invalides')).toBeVisible();
  await signIn(elsewhere, email, `nouveau-${RUN}`);
  await expect(elsewhere.locator('.toasts').getByText('Connexion réussie !')).toBeVisible();
  await elsewhere.close();

  // The link served once: opened again, it says so and offers a new one.
  const again = await browser.newPage();
  await again.goto(link);
  await expect(again.getByRole('alert')).toContainText('Ce lien a expiré ou a déjà servi.');
  await again.getByRole('link', { name: 'Recevoir un nouveau lien' }).click();
  await expect(again.getByRole('heading', { name: 'Mot de passe oublié ?' })).toBeVisible();
  await again.close();
});

test('an unknown address gets the same answer, and no e-mail', async ({ page }) => {
  const email = `personne.${RUN}@example.test`;
  await page.goto('/auth?oubli=1');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Recevoir le lien' }).click();
  await expect(page.getByRole('tabpanel').getByRole('status')).toContainText(
    `Si un compte existe pour ${email}, un e-mail vient d'y être envoyé`,
  );
  expect(await mailsTo(inbox(), email)).toEqual([]);
});

test('a journalist resets their password from the Administrateur tab and lands in the back office', async ({ page }) => {
  const { email } = await account('journaliste', 'journalist');
  await page.goto(await requestLink(page, email, 'Administrateur'));
  await page.getByLabel('Nouveau mot de passe').fill(`redaction-${RUN}`);
  await page.getByLabel('Confirmez le mot de passe').fill(`redaction-${RUN}`);
  await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
  await expect(page).toHaveURL(/\/admin/);
});
