import { expect, test } from './fixtures.ts';

test('the about page shows the mission, the vision, three values and a newsletter box that thanks the reader', async ({ page }) => {
  await page.goto('/about');
  await expect(page).toHaveTitle('À propos — Afrique Actu');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Notre mission' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Notre vision' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Notre équipe' })).toBeVisible();
  const values = page.getByRole('region', { name: 'Nos valeurs' }).getByRole('heading', { level: 3 });
  await expect(values).toHaveText(['Excellence', 'Diversité', 'Impact']);

  const box = page.getByRole('region', { name: 'Restez informé' });
  const email = box.getByLabel('Votre adresse e-mail');
  // Empty: does nothing (docs/product.md#newsletter-form).
  await box.getByRole('button', { name: "S'inscrire" }).click();
  await expect(page.getByText('Vérifiez vos e-mails !')).toHaveCount(0);
  await email.fill('abonne@exemple.sn');
  await box.getByRole('button', { name: "S'inscrire" }).click();
  await expect(page.locator('.toasts').getByText('Vérifiez vos e-mails !')).toBeVisible();
  await expect(email).toHaveValue('');
});

test('the contact form asks for every field, then says the message is sent and empties itself', async ({ page }) => {
  await page.goto('/contact');
  await expect(page).toHaveTitle('Contact — Afrique Actu');
  const send = page.getByRole('button', { name: 'Envoyer le message' });

  await send.click();
  await expect(page.getByText('Le nom complet est requis.')).toBeVisible();
  await expect(page.getByText("L'e-mail est requis.")).toBeVisible();
  await expect(page.getByText('Le message est requis.')).toBeVisible();
  await expect(page.getByLabel('Nom complet')).toBeFocused();
  await expect(page.getByText('Message envoyé !')).toHaveCount(0);

  await page.getByLabel('Nom complet').fill('Moussa Traoré');
  await page.getByLabel('Email').fill('moussa@exemple');
  await page.getByLabel('Message').fill('Bonjour, une coquille dans votre article sur la CAN.');
  await send.click();
  await expect(page.getByText('Saisissez une adresse e-mail valide')).toBeVisible();
  await expect(page.getByLabel('Email')).toBeFocused();

  await page.getByLabel('Email').fill('moussa@exemple.ml');
  await send.click();
  await expect(page.locator('.toasts').getByText('Message envoyé !')).toBeVisible();
  await expect(page.getByLabel('Nom complet')).toHaveValue('');
  await expect(page.getByLabel('Email')).toHaveValue('');
  await expect(page.getByLabel('Message')).toHaveValue('');
});

test('the contact page lists the newsroom details, recruitment and partnerships', async ({ page }) => {
  await page.goto('/contact');
  const details = page.getByRole('region', { name: 'Nos coordonnées' });
  await expect(details.getByRole('link', { name: /@afrique-actu\.com$/ })).toHaveAttribute('href', /^mailto:/);
  await expect(details.getByRole('link', { name: /^\+33/ })).toHaveAttribute('href', /^tel:\+33/);
  await expect(details.getByText('75009 Paris')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Journalistes, rejoignez-nous' }).getByRole('link')).toHaveAttribute(
    'href',
    /^mailto:recrutement@/,
  );
  await expect(page.getByRole('region', { name: 'Partenariats' }).getByRole('link')).toHaveAttribute('href', /^mailto:partenariats@/);
});
