import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceClient } from '@afriqueactu/supabase-local/testing';
import { createFixtures, must, removeFixtures, signIn, uid, type Fixtures } from '../../supabase/tests/helpers';
import sharp from 'sharp';
import { getPage, metaContent, parseXml, startTestSite } from '../../tests/integration/site';

// « Vrai ou faux » as the site's server renders it: the verdict band first (full page, lite page,
// no script needed), the ClaimReview beside the NewsArticle, the WhatsApp text, the « Kit de
// correction » and the verdict on the cards.
const token = uid();
const CHECK = {
  claim: `Le pont de Kaolack ${token} a été vendu à une société étrangère.`,
  claimant: 'Publications virales',
  channels: 'WhatsApp',
  links: ['https://facebook.example/post/1'],
  first_seen: '2026-11-20',
  verdict: 'false',
  summary: 'Aucun acte de vente : le pont appartient toujours à l’État.',
  what_is_true: 'Une concession d’entretien a été signée.',
  sources: [{ title: 'Ministère des Infrastructures', url: 'https://infra.example/communique', consulted: '2026-11-21' }],
};
let site: Awaited<ReturnType<typeof startTestSite>>;
let admin: SupabaseClient;
let f: Fixtures;
let checked: { id: string; slug: string };
/** Node.DOCUMENT_POSITION_FOLLOWING (no DOM globals on the server's side). */
const FOLLOWING = 4;

beforeAll(async () => {
  site = await startTestSite();
  const [editor, journalist] = await Promise.all([signIn('admin'), signIn('journalist')]);
  admin = editor.sb;
  f = await createFixtures(admin);
  // Written by the journalist, verified and published by the editor, as in the newsroom.
  const draft = must(
    await journalist.sb
      .from('articles')
      .insert({
        slug: `pont-kaolack-${token}`,
        title: `Non, le pont de Kaolack ${token} n’a pas été vendu`,
        content: '<p>Nous avons vérifié.</p>',
        status: 'review',
        format: 'factcheck',
        fact_check: CHECK,
        category_id: f.category.id,
      })
      .select('id, slug')
      .single(),
    'the journalist writes a fact-check',
  );
  checked = draft;
  must(
    await admin.from('articles').update({ status: 'published', checked_by: editor.userId }).eq('id', draft.id).select('id').single(),
    'the editor verifies and publishes it',
  );
});

afterAll(async () => {
  if (checked) await serviceClient().from('articles').delete().eq('id', checked.id);
  await removeFixtures(f);
  await site?.close();
});

describe('the verdict band', () => {
  it.each([
    ['the full page', {}],
    ['the lite page', { headers: { 'Save-Data': 'on' } }],
  ])('comes first on %s, as text with its icon and colour', async (_page, init) => {
    const { doc } = await getPage(`${site.url}/article/${checked.slug}`, init);
    const band = doc.querySelector('article .verdict-band')!;
    expect(band.querySelector('.verdict-band__label')?.textContent).toBe('Faux');
    expect(band.querySelector('.verdict-band__icon')?.textContent).toBe('✘');
    expect(band.getAttribute('style')).toMatch(/background:\s*#b3261e/);
    expect(band.textContent).toContain(CHECK.claim);
    expect(band.textContent).toContain(CHECK.summary);
    // First in the article: before its title.
    expect(band.compareDocumentPosition(doc.querySelector('article h1')!) & FOLLOWING).toBeTruthy();
    expect(doc.querySelector('.fact-check')?.textContent).toContain('Ministère des Infrastructures');
  });

  it('is absent from an ordinary article', async () => {
    const { doc } = await getPage(`${site.url}/article/${f.published.slug}`);
    expect(doc.querySelector('.verdict-band')).toBeNull();
    expect(doc.querySelector('.correction-kit')).toBeNull();
  });
});

describe('what travels with a fact-check', () => {
  it('its head has the ClaimReview beside the NewsArticle', async () => {
    const { doc } = await getPage(`${site.url}/article/${checked.slug}`);
    const data = JSON.parse(doc.querySelector('script[type="application/ld+json"]')!.textContent!);
    expect(data.map((d: { '@type': string }) => d['@type'])).toEqual(['NewsArticle', 'ClaimReview']);
    expect(data[1]).toMatchObject({ claimReviewed: CHECK.claim, reviewRating: { ratingValue: 1, alternateName: 'Faux' } });
  });

  it('its WhatsApp button and « Kit de correction » send « *FAUX* — claim », « En bref » and the link', async () => {
    const { doc } = await getPage(`${site.url}/article/${checked.slug}`, { headers: { 'Save-Data': 'on' } });
    const url = doc.querySelector('link[rel="canonical"]')!.getAttribute('href');
    const share = doc.querySelector('.share__button--whatsapp')!.getAttribute('data-share-href')!;
    // The shared link carries WhatsApp's channel tag, as every share button's.
    expect(new URL(share).searchParams.get('text')).toBe(`*FAUX* — ${CHECK.claim}\n\n${CHECK.summary}\n\n${url}?s=wa`);
    const kit = doc.querySelector('.correction-kit a')!.getAttribute('href')!;
    expect(new URL(kit).searchParams.get('text')).toBe(
      `*FAUX* — ${CHECK.claim}\n\n${CHECK.summary}\n\nVérifié par Afrique Actu : ${url}?s=vf-kit`,
    );
  });

  it('its card carries the verdict on its category’s page; an ordinary article’s carries none', async () => {
    const { doc } = await getPage(`${site.url}/category/${f.category.slug}`);
    const cards = [...doc.querySelectorAll('article.card')];
    const card = (slug: string) => cards.find((c) => c.querySelector(`a[href="/article/${slug}"]`))!;
    expect(card(checked.slug).querySelector('.verdict-mark')?.textContent).toBe('✘ Faux');
    expect(card(f.published.slug).querySelector('.verdict-mark')).toBeNull();
  });
});

describe('the « Vrai ou faux » listing', () => {
  it('/vrai-ou-faux lists the published fact-checks, newest first, with their verdicts, and announces its feed', async () => {
    const { res, doc } = await getPage(`${site.url}/vrai-ou-faux`);
    expect(res.status).toBe(200);
    expect(doc.querySelector('h1')?.textContent).toBe('Vrai ou faux');
    const first = doc.querySelector('article.card')!;
    expect(first.querySelector(`a[href="/article/${checked.slug}"]`)).not.toBeNull();
    expect(first.querySelector('.verdict-mark')?.textContent).toBe('✘ Faux');
    // Fact-checks only: no ordinary article.
    expect(doc.querySelector(`a[href="/article/${f.published.slug}"]`)).toBeNull();
    expect(doc.querySelector('link[rel="alternate"][type="application/rss+xml"]')?.getAttribute('href')).toMatch(
      /\/vrai-ou-faux\/rss\.xml$/,
    );
    expect((await fetch(`${site.url}/vrai-ou-faux?page=99`)).status).toBe(404);
  });

  it('its RSS feed carries the fact-checks only', async () => {
    const res = await fetch(`${site.url}/vrai-ou-faux/rss.xml`);
    expect(res.headers.get('content-type')).toMatch(/rss\+xml/);
    const xml = parseXml(await res.text());
    expect(xml.querySelector('channel > title')?.textContent).toBe('Afrique Actu — Vrai ou faux');
    const links = [...xml.querySelectorAll('item > link')].map((l) => l.textContent);
    expect(links[0]).toMatch(new RegExp(`/article/${checked.slug}$`));
    expect(links.some((l) => l?.endsWith(`/article/${f.published.slug}`))).toBe(false);
  });
});

describe('the share picture with the verdict', () => {
  it('is the preview of a fact-check: 1200×630 JPEG under 300 KB, its top band in the verdict’s colour', async () => {
    const { doc } = await getPage(`${site.url}/article/${checked.slug}`);
    const image = metaContent(doc, 'og:image')!;
    expect(image).toMatch(new RegExp(`/article/${checked.slug}/verdict\\.jpg$`));
    expect([metaContent(doc, 'og:image:width'), metaContent(doc, 'og:image:height')]).toEqual(['1200', '630']);
    expect(metaContent(doc, 'og:image:alt')).toBe(`Faux : ${CHECK.claim}`);
    const res = await fetch(`${site.url}${new URL(image).pathname}`);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    const jpeg = Buffer.from(await res.arrayBuffer());
    expect(jpeg.length).toBeLessThan(300_000);
    expect(await sharp(jpeg).metadata()).toMatchObject({ width: 1200, height: 630, format: 'jpeg' });
    // « Faux »'s red (#b3261e) across the band.
    const band = await sharp(jpeg).extract({ left: 600, top: 10, width: 500, height: 20 }).toBuffer();
    const { channels } = await sharp(band).stats();
    expect(channels.map((c) => Math.round(c.mean / 10))).toEqual([18, 4, 3]);
  });

  it('is no picture for an ordinary article', async () => {
    expect((await fetch(`${site.url}/article/${f.published.slug}/verdict.jpg`)).status).toBe(404);
  });
});

describe('« Signaler une rumeur »', () => {
  it('is a form readers reach without an account', async () => {
    const { res, doc } = await getPage(`${site.url}/signaler-une-rumeur`);
    expect(res.status).toBe(200);
    expect(doc.querySelector('h1')?.textContent).toBe('Signaler une rumeur');
    expect(doc.querySelector('textarea#rumour-text')).not.toBeNull();
    expect(doc.querySelector('input#rumour-screenshot')?.getAttribute('accept')).toBe('image/jpeg,image/png,image/webp');
  });
});
