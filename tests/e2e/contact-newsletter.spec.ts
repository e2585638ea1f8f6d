import fs from 'node:fs';
import { LOCAL_ACCOUNTS } from '../../supabase/seed/accounts.ts';
import { newsletterPromise } from '../../src/lib/newsletterPromise.ts';
import { mailsTo } from '@afriqueactu/supabase-local/inbox';
import { ADMIN, openBackOffice, serviceClient } from './adminSession.ts';
import { expect, test } from './fixtures.ts';

// What readers send reaches the newsroom: the contact form lands in « Messages », a newsletter
// sign-up, once confirmed from its mail, in « Abonnés » with its unsubscribe link, which works; the
// « Newsletter » screen previews the next edition and sends a test.

const token = () => Math.random().toString(36).slice(2, 10);
const inbox = () => process.env.E2E_INBOX_URL!;

test('a reader sends the contact form; an admin reads it under « Messages » and marks it handled', async ({ page }) => {
  const mark = token();
  const text = `Bonjour, une coquille dans l'article sur Dakar. Référence ${mark}.\nMerci !`;
  await page.goto('/contact');
  await page.getByLabel('Nom complet').fill('Fatou Sarr');
  await page.getByLabel('Email', { exact: true }).fill(`fatou-${mark}@exemple.sn`);
  await page.getByLabel('Message', { exact: true }).fill(text);
  await page.getByRole('button', { name: 'Envoyer le message' }).click();
  await expect(page.getByText('Message envoyé !')).toBeVisible();
  await expect(page.getByText('Merci Fatou, nous avons bien pris note de votre message.')).toBeVisible();
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue('');

  // Stored as sent, waiting for the newsroom.
  const { data: stored } = await serviceClient().from('contact_messages').select('*').ilike('message', `%${mark}%`);
  expect(stored).toMatchObject([{ name: 'Fatou Sarr', email: `fatou-${mark}@exemple.sn`, message: text, handled: false }]);

  await openBackOffice(page);
  await page.getByRole('menuitem', { name: 'Messages' }).click();
  await expect(page).toHaveURL(/\/admin\/contact_messages/);
  const row = page.getByRole('row').filter({ hasText: mark });
  await expect(row).toContainText('À traiter');
  await expect(row).toContainText('Fatou Sarr');
  // Messages to handle come before handled ones.
  const chips = await page.locator('tbody tr').evaluateAll((rows) => rows.map((r) => /À traiter/.test(r.textContent ?? '')));
  expect(chips.indexOf(false) === -1 || !chips.slice(chips.indexOf(false)).includes(true)).toBe(true);

  await row.getByText('Fatou Sarr').click();
  await expect(page.getByText('Merci !')).toBeVisible();
  await expect(page.getByRole('link', { name: `fatou-${mark}@exemple.sn` })).toHaveAttribute('href', `mailto:fatou-${mark}@exemple.sn`);
  await page.getByRole('button', { name: 'Marquer comme traité' }).click();
  await expect(page.getByText('Message marqué comme traité')).toBeVisible();
  await expect(page.getByText(/^Traité le /)).toBeVisible();
  const { data: handled } = await serviceClient().from('contact_messages').select('handled, handled_at').ilike('message', `%${mark}%`);
  expect(handled?.[0].handled).toBe(true);
  expect(handled?.[0].handled_at).toBeTruthy();
});

test('a journalist sees neither « Messages », « Abonnés » nor « Newsletter »', async ({ page }) => {
  const journalist = LOCAL_ACCOUNTS.find((a) => a.role === 'journalist')!;
  await openBackOffice(page, journalist);
  await expect(page.getByRole('menuitem', { name: 'Tableau de bord' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Messages' })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'Abonnés' })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'Newsletter' })).toHaveCount(0);
});

test('a reader subscribes from the footer, confirms from the mail; the admin finds the address under « Abonnés », exports it, and its link unsubscribes', async ({
  page,
}) => {
  const email = `lettre-${token()}@exemple.sn`;
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  // One promise: the footer, the confirmation page and mail say the same, at the settings' send time.
  const { data: settings } = await serviceClient().from('newsletter_settings').select('send_time').single();
  const { sentence: promise } = newsletterPromise(settings!.send_time);
  expect(promise).toMatch(
    /^La Matinale, la lettre quotidienne d'Afrique Actu : l'essentiel de l'actualité africaine, chaque (matin|jour) à /,
  );
  await expect(footer.getByText(promise)).toBeVisible();
  await expect(
    footer.getByText('En vous inscrivant, vous acceptez de recevoir notre newsletter par e-mail.', { exact: false }),
  ).toBeVisible();
  const field = footer.getByLabel('Votre adresse e-mail');

  // A malformed address is refused, and stays for the reader to fix.
  await field.fill('awa@exemple');
  await footer.getByRole('button', { name: "S'inscrire" }).click();
  await expect(page.getByText('Saisissez une adresse e-mail valide (ex. : nom@exemple.com).')).toBeVisible();
  await expect(field).toHaveValue('awa@exemple');

  await field.fill(email);
  await footer.getByRole('button', { name: "S'inscrire" }).click();
  await expect(page.getByText('Confirmez votre inscription avec le lien reçu.')).toHaveCount(1);
  await expect(field).toHaveValue('');
  const { data: rows } = await serviceClient().from('newsletter_subscribers').select('*').ilike('email', email);
  expect(rows).toMatchObject([{ status: 'pending', consented_at: null }]);

  // The confirmation mail (sent by the server's scheduler): its link opens a page; only its button confirms.
  await expect.poll(async () => (await mailsTo(inbox(), email)).length, { timeout: 15_000 }).toBe(1);
  const [mail] = await mailsTo(inbox(), email);
  expect(mail!.Subject).toBe('Confirmez votre inscription à La Matinale');
  expect(mail!.Text).toContain(promise);
  const confirmLink = /https?:\/\/\S+\/newsletter\/confirmation\?jeton=[\w-]+/.exec(mail!.Text)![0];
  await page.goto(confirmLink);
  await expect(page.getByRole('heading', { name: 'Confirmer votre inscription' })).toBeVisible();
  await expect(page).toHaveTitle(/^Confirmer votre inscription — /);
  await expect(page.getByText(`Un clic pour recevoir ${promise}`, { exact: false })).toBeVisible();
  expect((await serviceClient().from('newsletter_subscribers').select('status').ilike('email', email)).data).toEqual([
    { status: 'pending' },
  ]);
  await page.getByRole('button', { name: 'Confirmer mon inscription' }).click();
  await expect(page.getByText('Votre inscription est confirmée', { exact: false })).toBeVisible();
  // Done: the page no longer asks to confirm.
  await expect(page.getByRole('heading', { name: 'Inscription confirmée' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Confirmer votre inscription' })).toHaveCount(0);
  // The tab's title too, not the question any more.
  await expect(page).toHaveTitle(/^Inscription confirmée — /);
  expect((await serviceClient().from('newsletter_subscribers').select('status').ilike('email', email)).data).toEqual([
    { status: 'confirmed' },
  ]);
  const link = `/newsletter/desinscription?jeton=${rows![0].unsubscribe_token}`;

  await openBackOffice(page);
  await page.getByRole('menuitem', { name: 'Abonnés' }).click();
  await page.getByPlaceholder('Rechercher par e-mail').fill(email.slice(0, 14));
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await expect(page.locator('tbody tr')).toContainText(email);
  await expect(page.locator('tbody tr')).toContainText('Abonné');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exporter' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('abonnes-newsletter.csv');
  const csv = fs.readFileSync((await file.path())!, 'utf8');
  const lines = csv
    .replace(/^\ufeff/, '')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe('E-mail,Statut,Consentement,Désinscription,Lien de désinscription');
  const origin = new URL(page.url()).origin;
  expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^${email.replace(/[.]/g, '\\.')},Abonné,\\d{4}-\\d\\d-\\d\\dT[^,]+Z,,`)));
  expect(lines.find((l) => l.startsWith(email))!.endsWith(`,${origin}${link}`)).toBe(true);

  // The link from a mailing: the page asks; its button unsubscribes (a GET alone changes nothing).
  const response = await page.goto(link);
  expect(response?.status()).toBe(200);
  // A reader's own link: no cache (a CDN, the browser, the worker) may answer it instead.
  expect(response?.headers()['cache-control']).toBe('no-store');
  await expect(page.getByRole('heading', { name: 'Désinscription de la newsletter' })).toBeVisible();
  expect((await serviceClient().from('newsletter_subscribers').select('status').ilike('email', email)).data).toEqual([
    { status: 'confirmed' },
  ]);
  // Before the button: a question, not « Vous ne recevrez plus » as if it were done.
  await expect(page.getByText('Vous ne recevrez plus', { exact: false })).toHaveCount(0);
  await page.getByRole('button', { name: 'Me désinscrire' }).click();
  await expect(page.getByText('Vous êtes désinscrit de la newsletter.', { exact: false })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Désinscription faite' })).toBeVisible();
  const { data: after } = await serviceClient().from('newsletter_subscribers').select('status, unsubscribed_at').ilike('email', email);
  expect(after?.[0]).toMatchObject({ status: 'unsubscribed', unsubscribed_at: expect.any(String) });

  // A link that matches no subscription says so once its button is pressed.
  await page.goto('/newsletter/desinscription?jeton=00000000-0000-4000-8000-000000000000');
  await page.getByRole('button', { name: 'Me désinscrire' }).click();
  await expect(page.getByText("Ce lien de désinscription n'est pas valide", { exact: false })).toBeVisible();
});

test('« Newsletter » in the back office: the next edition previewed, and a test sent to the signed-in administrator', async ({ page }) => {
  await openBackOffice(page);
  await page.getByRole('menuitem', { name: 'Newsletter' }).click();
  await expect(page).toHaveURL(/\/admin\/newsletter/);
  await expect(page.getByRole('heading', { name: 'Newsletter « La Matinale »' })).toBeVisible();
  await expect(page.getByTestId('newsletter-promise')).toContainText('la lettre quotidienne');
  await expect(page.getByTestId('newsletter-promise')).toContainText(/chaque (matin|jour) à \d+ h/);
  // The seed's articles of the last day make an edition: its subject and its HTML in a sandboxed frame.
  await expect(page.locator('p', { hasText: 'Objet :' })).toContainText('La Matinale du');
  await expect(page.frameLocator('iframe[title="Aperçu de la prochaine édition"]').getByText('Se désinscrire en un clic')).toBeVisible();
  const before = (await mailsTo(inbox(), ADMIN.email)).length;
  await page.getByRole('button', { name: "M'envoyer un essai" }).click();
  await expect(page.getByText(`Essai envoyé à ${ADMIN.email}`)).toBeVisible();
  await expect.poll(async () => (await mailsTo(inbox(), ADMIN.email)).length).toBe(before + 1);
  const [test] = await mailsTo(inbox(), ADMIN.email);
  expect(test!.Subject).toMatch(/^\[Essai\] La Matinale du /);
  await expect(page.getByRole('table', { name: 'Éditions envoyées' })).toBeVisible();
});

// A browser of its own (its user agent), so the allowance it uses up is not every later spec's.
test.describe(() => {
  test.use({ userAgent: `Mozilla/5.0 (robot-${token()}) Chrome` });

  test('a refused message says why in French and keeps the reader’s text', async ({ page }) => {
    await page.goto('/contact');
    // This browser's allowance used up as a robot would (same address, same browser), so the next
    // message is refused by the database.
    await page.evaluate(
      async ({ url, key }) => {
        for (let i = 0; i < 6; i++) {
          const res = await fetch(`${url}/rest/v1/rpc/send_contact_message`, {
            method: 'POST',
            headers: { apikey: key, Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
            body: JSON.stringify({ p_name: 'Robot', p_email: 'robot@exemple.sn', p_message: `Message ${i}` }),
          });
          if (res.status === 429) return;
        }
        throw new Error('the allowance was never used up');
      },
      { url: process.env.E2E_API_URL!, key: process.env.E2E_ANON_KEY! },
    );
    const text = 'Un long témoignage que je ne veux pas retaper.';
    await page.getByLabel('Nom complet').fill('Awa Koné');
    await page.getByLabel('Email', { exact: true }).fill('awa@exemple.sn');
    await page.getByLabel('Message', { exact: true }).fill(text);
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    await expect(page.getByRole('alert')).toHaveText('Trop de messages envoyés depuis cet appareil. Réessayez dans quelques minutes.');
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue(text);
    await expect(page.getByText('Message envoyé !')).toHaveCount(0);
  });
});

test('on a data-saver page, the footer signs a reader up without the reader app, and says so', async ({ page }) => {
  const email = `leger-${token()}@exemple.sn`;
  await page.setExtraHTTPHeaders({ 'Save-Data': 'on' });
  const appChunks: string[] = [];
  page.on('request', (r) => /\/assets\/index-[\w-]+\.js$/.test(r.url()) && appChunks.push(r.url()));
  await page.goto('/about');
  const footer = page.getByRole('contentinfo');
  const field = footer.getByLabel('Votre adresse e-mail');
  await field.fill('awa@exemple');
  await footer.getByRole('button', { name: "S'inscrire" }).click();
  await expect(footer.getByRole('status')).toHaveText('Saisissez une adresse e-mail valide (ex. : nom@exemple.com).');
  await expect(field).toHaveValue('awa@exemple');

  await field.fill(email);
  await footer.getByRole('button', { name: "S'inscrire" }).click();
  await expect(footer.getByRole('status')).toHaveText('Vérifiez vos e-mails ! Confirmez votre inscription avec le lien reçu.');
  await expect(field).toHaveValue('');
  expect(appChunks, 'the lite page kept its own script').toEqual([]);
  const { data } = await serviceClient().from('newsletter_subscribers').select('email, unsubscribed_at').eq('email', email);
  expect(data).toEqual([{ email, unsubscribed_at: null }]);
});
