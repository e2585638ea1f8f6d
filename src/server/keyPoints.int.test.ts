import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceClient } from '@afriqueactu/supabase-local/testing';
import { createFixtures, must, removeFixtures, signIn, uid, type Fixtures } from '../../supabase/tests/helpers';
import { getPage, metaContent, startTestSite } from '../../tests/integration/site';

// The WhatsApp kit as the server renders it: the « Points clés » above the text, the share bar's
// ready message (the data-saver page's too), and the share card's 1200×630 picture.
const IMG = 'https://img.example.test/kit';
const token = uid();
const POINTS = ['Le scrutin est reporté au 12 mars.', '<b>Rien</b> de « spécial » & pas de balise.'];
let site: Awaited<ReturnType<typeof startTestSite>>;
let admin: SupabaseClient;
let f: Fixtures;
const made: string[] = [];
/** Node.DOCUMENT_POSITION_FOLLOWING (no DOM globals on the server's side). */
const FOLLOWING = 4;

async function publish(row: Record<string, unknown>) {
  const article = must(
    await admin
      .from('articles')
      .insert({ category_id: f.category.id, content: `<p>Premier paragraphe ${token}.</p>`, status: 'published', ...row })
      .select('id, slug, title')
      .single(),
    `insert ${String(row.slug)}`,
  );
  made.push(article.id);
  return article as { id: string; slug: string; title: string };
}

let pointed: { slug: string; title: string };
let plain: { slug: string };
let outside: { slug: string };
beforeAll(async () => {
  site = await startTestSite();
  admin = (await signIn('admin')).sb;
  f = await createFixtures(admin);
  pointed = await publish({
    slug: `points-${token}`,
    title: `Le scrutin ${token}`,
    key_points: POINTS,
    image_url: `${IMG}/${token}.2400x1350.webp`,
  });
  plain = await publish({ slug: `sans-points-${token}`, title: `Sans points ${token}` });
  outside = await publish({ slug: `ailleurs-${token}`, title: `Ailleurs ${token}`, image_url: 'https://photos.example.test/port.jpg' });
});

afterAll(async () => {
  if (made.length) await serviceClient().from('articles').delete().in('id', made);
  await removeFixtures(f);
  await site?.close();
});

describe('key points', () => {
  it('are in the server’s HTML between the picture and the text, as text', async () => {
    const { doc, html } = await getPage(`${site.url}/article/${pointed.slug}`);
    const section = doc.querySelector('section.key-points')!;
    expect(section.querySelector('h2')?.textContent).toBe('Points clés');
    expect([...section.querySelectorAll('li')].map((li) => li.textContent)).toEqual(POINTS);
    expect(html).not.toContain('<b>Rien</b>');
    expect(section.compareDocumentPosition(doc.querySelector('.article-body')!) & FOLLOWING).toBeTruthy();
    expect(doc.querySelector('.article-media')!.compareDocumentPosition(section) & FOLLOWING).toBeTruthy();
  });

  it('are absent, list and heading, from an article without them', async () => {
    const { doc } = await getPage(`${site.url}/article/${plain.slug}`);
    expect(doc.querySelector('.key-points')).toBeNull();
  });

  it('travel in the WhatsApp message the data-saver page’s share button opens', async () => {
    const { doc } = await getPage(`${site.url}/article/${pointed.slug}`, { headers: { 'Save-Data': 'on' } });
    const hrefs = [...doc.querySelectorAll('.share__button--whatsapp')].map((b) => b.getAttribute('data-share-href')!);
    expect(hrefs).toHaveLength(2);
    const url = doc.querySelector('link[rel="canonical"]')!.getAttribute('href');
    expect(new URL(hrefs[0]).searchParams.get('text')).toBe(`*${pointed.title}*\n\n- ${POINTS[0]}\n- ${POINTS[1]}\n\n${url}?s=wa`);
  });
});

describe('share card picture', () => {
  it('is the main image’s 1200×630 share picture, with its size', async () => {
    const { doc } = await getPage(`${site.url}/article/${pointed.slug}`);
    expect(metaContent(doc, 'og:image')).toBe(`${IMG}/${token}.2400x1350.share.jpg`);
    expect(metaContent(doc, 'twitter:image')).toBe(metaContent(doc, 'og:image'));
    expect([metaContent(doc, 'og:image:width'), metaContent(doc, 'og:image:height')]).toEqual(['1200', '630']);
  });

  it('is the site’s share picture for an article without an image, and an outside picture goes as it is, size unsaid', async () => {
    const none = (await getPage(`${site.url}/article/${plain.slug}`)).doc;
    expect(metaContent(none, 'og:image')).toMatch(/\/share-default[^/]*\.jpg$/);
    expect([metaContent(none, 'og:image:width'), metaContent(none, 'og:image:height')]).toEqual(['1200', '630']);
    const other = (await getPage(`${site.url}/article/${outside.slug}`)).doc;
    expect(metaContent(other, 'og:image')).toBe('https://photos.example.test/port.jpg');
    expect(metaContent(other, 'og:image:width')).toBeFalsy();
  });
});
