import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { UNSUBSCRIBE_PATH } from '@/lib/readerPaths';
import type { Sender } from '@/newsletter/mails';
import { drainQueue, sendNewsletter, senderDb } from '@/newsletter/sender';
import { smtpTransport } from '@/newsletter/transport';
import { startInbox, type RunningInbox } from '@afriqueactu/supabase-local';
import { clientFrom, mailsTo, postgresDb, serviceClient, uniqueEmail } from '@afriqueactu/supabase-local/testing';
import { loadMatinalePreferences, MATINALE_COUNTRY_MESSAGES, saveMatinaleCountry } from '@/public/api/matinaleCountry';
import { must, signIn, uid } from './helpers.ts';

// « Ma Matinale » (issue 42 item 4): a subscriber's country, chosen at sign-up or from their own
// page (by their unsubscribe link's token), heads their « La Matinale » with its newest article.

const svc = serviceClient();
const db = senderDb(inject('apiUrl'), inject('serviceRoleKey'));
const origin = 'https://afriqueactu.test';
const sender: Sender = { name: 'Afrique Actu', address: 'matinale@afriqueactu.test', origin };
const TIME_ZONE = 'Africa/Dakar';
let inbox: RunningInbox;
const transport = () => smtpTransport(`smtp://127.0.0.1:${inbox.smtpPort}`);
let nextHost = 1;
const visitor = () => clientFrom(`127.0.42.${nextHost++}`);

beforeAll(async () => {
  inbox = await startInbox({ port: 0 });
  await drainQueue(db, transport(), sender);
  // The per-minute sending rate counts every claim of the last minute, a file run just before this
  // one's too (newsletter-sending sends many): aged, they leave this file's editions to go at once.
  const pg = await postgresDb();
  try {
    await pg.query(
      `update public.newsletter_deliveries set claimed_at = claimed_at - interval '2 minutes' where claimed_at > now() - interval '2 minutes'`,
    );
  } finally {
    await pg.end();
  }
});
afterAll(async () => {
  await inbox?.stop();
});

const countryOf = async (email: string) =>
  must(await svc.from('newsletter_subscribers').select('country_tag_id').eq('email', email).single(), email).country_tag_id;
const tagId = async (slug: string) => must(await svc.from('tags').select('id').eq('slug', slug).single(), slug).id;
const linkIn = (text: string, path: string) => {
  const m = new RegExp(`${origin}${path}\\?jeton=([A-Za-z0-9_-]+)`).exec(text);
  if (!m) throw new Error(`no ${path} link in:\n${text}`);
  return m[1]!;
};
const editionTo = async (email: string) => (await mailsTo(inbox.url, email)).find((m) => m.Subject.startsWith('La Matinale'))!;

/** Signs up (with a country, or none), then confirms with the token of the confirmation mail. */
async function confirmedSubscriber(prefix: string, country?: string): Promise<string> {
  const email = uniqueEmail(prefix);
  const args = country ? { p_email: email, p_country: country } : { p_email: email };
  expect((await visitor().rpc('subscribe_newsletter', args)).error).toBeNull();
  await drainQueue(db, transport(), sender);
  const [mail] = await mailsTo(inbox.url, email);
  const token = /jeton=([A-Za-z0-9_-]+)/.exec(mail!.Text)![1]!;
  expect((await visitor().rpc('confirm_newsletter', { p_token: token })).error).toBeNull();
  return email;
}

/** Publishes an article `at` (by default now) with these tags; its slug. */
async function publish(title: string, at = new Date(), tags: string[] = []): Promise<string> {
  const slug = `pays-${uid()}`;
  const { id } = must(
    await svc
      .from('articles')
      .insert({
        slug,
        title,
        excerpt: `Résumé ${title}`,
        content: `<p>${title}</p>`,
        status: 'published',
        published_at: at.toISOString(),
      })
      .select('id')
      .single(),
    title,
  );
  for (const tag of tags) must(await svc.from('article_tags').insert({ article_id: id, tag_id: tag }).select(), tag);
  return slug;
}

describe('choosing a country', () => {
  it('is stored at sign-up by its slug; the sign-up without one still works', async () => {
    const email = uniqueEmail('pays');
    expect((await visitor().rpc('subscribe_newsletter', { p_email: email, p_country: 'senegal' })).error).toBeNull();
    expect(await countryOf(email)).toBe(await tagId('senegal'));
    const plain = uniqueEmail('sans-pays');
    expect((await visitor().rpc('subscribe_newsletter', { p_email: plain })).error).toBeNull();
    expect(await countryOf(plain)).toBeNull();
  });

  it('refuses an unknown slug, a hidden country and a tag that is not a country (22023), signing nobody up', async () => {
    const hidden = `cache-${uid()}`;
    must(
      await svc
        .from('tags')
        .insert({ kind: 'pays', name: `Pays caché ${uid()}`, slug: hidden, hidden: true })
        .select(),
      'hidden',
    );
    const theme = `theme-${uid()}`;
    must(
      await svc
        .from('tags')
        .insert({ kind: 'theme', name: `Thème ${uid()}`, slug: theme })
        .select(),
      'theme',
    );
    for (const slug of ['atlantide', hidden, theme]) {
      const email = uniqueEmail('refus');
      const { error } = await visitor().rpc('subscribe_newsletter', { p_email: email, p_country: slug });
      expect(error).toMatchObject({ code: '22023', details: 'country' });
      expect((await svc.from('newsletter_subscribers').select('id').eq('email', email)).data).toEqual([]);
    }
  });

  it("a confirmed reader's country changes from their own page (their link's token), not from the sign-up form", async () => {
    const email = await confirmedSubscriber('lien', 'mali');
    // Whoever types a confirmed reader's address cannot change their Matinale.
    expect((await visitor().rpc('subscribe_newsletter', { p_email: email, p_country: 'senegal' })).error).toBeNull();
    expect(await countryOf(email)).toBe(await tagId('mali'));

    await publish(`Lien ${uid()}`);
    expect((await sendNewsletter(db, transport(), sender, { timeZone: TIME_ZONE })).edition).toBeTruthy();
    const token = linkIn((await editionTo(email)).Text, UNSUBSCRIBE_PATH);

    const reader = visitor();
    expect((await reader.rpc('newsletter_preferences', { p_token: token })).data).toEqual([
      { status: 'confirmed', country: 'mali', country_name: 'Mali' },
    ]);
    expect((await reader.rpc('set_newsletter_country', { p_token: token, p_country: 'senegal' })).error).toBeNull();
    expect(await countryOf(email)).toBe(await tagId('senegal'));
    const bad = await reader.rpc('set_newsletter_country', { p_token: token, p_country: 'atlantide' });
    expect(bad.error).toMatchObject({ code: '22023', details: 'country' });
    expect(await countryOf(email)).toBe(await tagId('senegal'));
    // A made-up token changes nothing and reads nothing.
    expect((await reader.rpc('set_newsletter_country', { p_token: 'invente', p_country: 'mali' })).error).toMatchObject({ code: 'P0002' });
    expect((await reader.rpc('newsletter_preferences', { p_token: 'invente' })).error).toMatchObject({ code: 'P0002' });
    // The page's own calls (« Ma Matinale »): the choices and the current one, a French answer.
    const page = await loadMatinalePreferences(reader, token);
    expect(page).toMatchObject({ status: 'confirmed', country: 'senegal' });
    expect(page!.countries).toContainEqual({ slug: 'cote-d-ivoire', name: "Côte d'Ivoire" });
    expect(await saveMatinaleCountry(reader, token, 'atlantide')).toEqual({ ok: false, message: MATINALE_COUNTRY_MESSAGES.refused });
    expect(await saveMatinaleCountry(reader, 'invente', 'mali')).toEqual({ ok: false, message: MATINALE_COUNTRY_MESSAGES.unknown });
    expect(await loadMatinalePreferences(reader, 'invente')).toBeNull();
    expect(await saveMatinaleCountry(reader, token, 'mali')).toEqual({ ok: true, message: MATINALE_COUNTRY_MESSAGES.saved });
    expect(await countryOf(email)).toBe(await tagId('mali'));
    // None: back to the common edition.
    expect((await reader.rpc('set_newsletter_country', { p_token: token, p_country: '' })).error).toBeNull();
    expect(await countryOf(email)).toBeNull();
  });

  it('follows a merged country to the tag its articles went to; a deleted one leaves none', async () => {
    const admin = await signIn('admin');
    const [from, into, gone] = await Promise.all(
      [1, 2, 3].map(async (n) => {
        const slug = `fusion-${n}-${uid()}`;
        return must(
          await svc
            .from('tags')
            .insert({ kind: 'pays', name: `Fusion ${n} ${uid()}`, slug })
            .select('id, slug')
            .single(),
          slug,
        );
      }),
    );
    const merged = uniqueEmail('fusion');
    expect((await visitor().rpc('subscribe_newsletter', { p_email: merged, p_country: from!.slug })).error).toBeNull();
    const deleted = uniqueEmail('supprime');
    expect((await visitor().rpc('subscribe_newsletter', { p_email: deleted, p_country: gone!.slug })).error).toBeNull();
    expect((await admin.sb.rpc('merge_tags', { p_from: from!.id, p_into: into!.id })).error).toBeNull();
    expect(await countryOf(merged)).toBe(into!.id);
    must(await svc.from('tags').delete().eq('id', gone!.id).select(), 'delete');
    expect(await countryOf(deleted)).toBeNull();
  });
});

describe('the edition', () => {
  it('starts with the newest Sénégal article of the window for a Sénégal subscriber, and not for the others', async () => {
    const senegal = await tagId('senegal');
    const reader = await confirmedSubscriber('dakar', 'senegal');
    const other = await confirmedSubscriber('ailleurs');
    const niger = await confirmedSubscriber('niamey', 'niger');
    // In the window: after the last edition's end (the edition's window is since then).
    const [last] = must(await svc.from('newsletter_editions').select('until').order('until', { ascending: false }).limit(1), 'last');
    const after = (ms: number) => new Date(Math.max(Date.parse(last?.until ?? '2000-01-01'), Date.now() - 60_000) + ms);
    const newest = `Sénégal ${uid()}`;
    await publish(`Ancien Sénégal ${uid()}`, after(100), [senegal]);
    const topSlug = await publish(newest, after(200), [senegal]);
    const common = `Commun ${uid()}`;
    await publish(common, after(300));

    expect((await sendNewsletter(db, transport(), sender, { timeZone: TIME_ZONE })).edition).toBeTruthy();

    const dakar = await editionTo(reader);
    const body = dakar.Text.slice(dakar.Text.indexOf('\n\n') + 2);
    expect(body.startsWith(`À la une au Sénégal\n${newest}\n`)).toBe(true);
    expect(dakar.HTML).toContain('À la une au Sénégal');
    // Not repeated further down; the rest of the selection follows.
    expect(dakar.Text.split(`/article/${topSlug}?s=nl`).length - 1).toBe(1);
    expect(dakar.Text.indexOf(common)).toBeGreaterThan(dakar.Text.indexOf(newest));
    for (const m of [dakar.HTML, dakar.Text]) expect(m).not.toMatch(/<!--(matinale|a:|\/a)/);

    // Without a country, or with a country that has no article in the window: the common edition.
    for (const email of [other, niger]) {
      const mail = await editionTo(email);
      expect(mail.Text).not.toContain('À la une');
      expect(mail.HTML).not.toContain('À la une');
      expect(mail.Text).toContain(common);
      expect(mail.Text).toContain(newest);
      expect(mail.Subject).toBe(dakar.Subject);
    }
  });
});
