import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, serviceClient } from '@afriqueactu/supabase-local/testing';
import { createFixtures, must, newJournalist, removeFixtures, signIn, uid, type Fixtures } from '../../supabase/tests/helpers';
import { fetchArticle } from '@/public/api/article';
import { fetchAuthor } from '@/public/api/author';
import { fetchCategory } from '@/public/api/category';
import { ORIGIN, getPage, startTestSite } from '../../tests/integration/site';
import { sitemapUrls } from '../../tests/integration/sitemap';

// What the writing desk gives readers, as the server renders it: pictures with their facts, embeds
// that load nothing, the pinned top stories, bylines leading to author pages, and 'review' kept
// out of sight.
const VIDEO = 'dQw4w9WgXcQ';
const IMG = 'https://img.example.test/desk';

let site: Awaited<ReturnType<typeof startTestSite>>;
let admin: SupabaseClient;
let f: Fixtures;
const token = uid();
const made: string[] = [];
const author = { name: `Awa Ndiaye ${token}`, bio: `Correspondante à Dakar.\nEnquêtes ${token}.`, slug: '', userId: '' };
const lonely = { name: `Sans Article ${token}`, slug: '' };
let published: { id: string; slug: string; title: string };
let review: { id: string; slug: string; title: string };
const MAIN = `${IMG}/${token}-main.2400x1350.webp`;
const OTHER = `${IMG}/${token}-autre.2400x1350.webp`;
const INLINE = `${IMG}/${token}-texte.2400x1350.webp`;

async function insertArticle(sb: SupabaseClient, row: Record<string, unknown>) {
  const article = must(
    await sb
      .from('articles')
      .insert({ category_id: f.category.id, excerpt: `Résumé ${token}`, ...row })
      .select('id, slug, title')
      .single(),
    `insert ${String(row.slug)}`,
  );
  made.push(article.id);
  return article;
}

const slugOf = async (userId: string) =>
  (must(await serviceClient().from('profiles').select('slug').eq('user_id', userId).single(), 'author slug') as { slug: string }).slug;

beforeAll(async () => {
  site = await startTestSite();
  admin = (await signIn('admin')).sb;
  f = await createFixtures(admin);
  const journalist = await newJournalist(author.name);
  author.userId = journalist.userId;
  must(await serviceClient().from('profiles').update({ bio: author.bio }).eq('user_id', journalist.userId).select('id').single(), 'bio');
  author.slug = await slugOf(journalist.userId);

  // Signed by the journalist, published by an administrator; images in the newsroom's order, the
  // main one not first.
  published = await insertArticle(admin, {
    slug: `bureau-${token}`,
    title: `Le bureau de Dakar ${token}`,
    status: 'published',
    author_id: journalist.userId,
    image_url: MAIN,
    content: [
      `<p>Premier paragraphe ${token}.</p>`,
      `<p><a href="https://www.youtube.com/watch?v=${VIDEO}">https://www.youtube.com/watch?v=${VIDEO}</a></p>`,
      `<p><img src="${INLINE.replace('.webp', '.w640.webp')}" alt=""></p>`,
      '<p>Fin.</p>',
    ].join(''),
  });
  for (const [i, image] of [
    { image_url: OTHER, alt_text: 'La salle de rédaction', caption: null, credit: 'AFP', position: 0 },
    { image_url: MAIN, alt_text: 'Le bureau au petit matin', caption: 'Le bureau ouvre', credit: 'Awa Ndiaye', position: 1 },
    { image_url: INLINE, alt_text: 'Une carte du Sénégal', caption: 'Nos correspondants', credit: null, position: 2 },
  ].entries())
    must(
      await admin
        .from('article_images')
        .insert({ article_id: published.id, ...image })
        .select('id')
        .single(),
      `image ${i}`,
    );

  review = await journalist.sb
    .from('articles')
    .insert({
      slug: `a-relire-${token}`,
      title: `À relire ${token}`,
      content: 'Texte en relecture.',
      status: 'review',
      author_id: journalist.userId,
      category_id: f.category.id,
    })
    .select('id, slug, title')
    .single()
    .then((r) => must(r, 'the journalist sends an article for review'));
  made.push(review.id);

  const other = await newJournalist(lonely.name);
  lonely.slug = await slugOf(other.userId);
  const draft = must(
    await other.sb
      .from('articles')
      .insert({ slug: `seul-${token}`, title: `Seul ${token}`, content: 'Pas encore.', status: 'review', author_id: other.userId })
      .select('id')
      .single(),
    'a journalist with nothing public',
  );
  made.push(draft.id);
});

afterAll(async () => {
  if (made.length) await serviceClient().from('articles').delete().in('id', made);
  await removeFixtures(f);
  await site?.close();
});

describe('an article with its pictures, an embed and a byline', () => {
  it('the main picture leads with its alternative text, caption and credit; the others follow in order', async () => {
    const { res, doc } = await getPage(`${site.url}/article/${published.slug}`);
    expect(res.status).toBe(200);
    const figure = doc.querySelector('figure.article-media')!;
    expect(figure.querySelector('.article-media__frame img')?.getAttribute('alt')).toBe('Le bureau au petit matin');
    expect(figure.querySelector('.article-media__caption--shown')?.textContent).toBe('Le bureau ouvre — Awa Ndiaye');
    expect(figure.querySelector('.article-media__caption--shown .image-credit')?.textContent).toBe('Awa Ndiaye');
    const seed = JSON.parse(doc.getElementById('page-data')!.textContent!).seed.data;
    expect(seed.images).toEqual([
      { url: MAIN, alt: 'Le bureau au petit matin', caption: 'Le bureau ouvre', credit: 'Awa Ndiaye' },
      { url: OTHER, alt: 'La salle de rédaction', caption: null, credit: 'AFP' },
      { url: INLINE, alt: 'Une carte du Sénégal', caption: 'Nos correspondants', credit: null },
    ]);
    expect(doc.querySelector('meta[property="og:image:alt"]')?.getAttribute('content')).toBe('Le bureau au petit matin');
  });

  it("a picture of the text shown as a rendition takes its image's alternative text and caption", async () => {
    const { doc } = await getPage(`${site.url}/article/${published.slug}`);
    const inline = doc.querySelector('.article-body figure img')!;
    expect(inline.getAttribute('src')).toContain(`${token}-texte.2400x1350.w640.webp`);
    expect(inline.getAttribute('alt')).toBe('Une carte du Sénégal');
    expect(inline.closest('figure')?.querySelector('figcaption')?.textContent).toBe('Nos correspondants');
  });

  it('a YouTube link alone in its paragraph is a placeholder: a link to the original, nothing from YouTube', async () => {
    const { doc, html } = await getPage(`${site.url}/article/${published.slug}`);
    const box = doc.querySelector(`.article-body .embed[data-embed="youtube"][data-embed-id="${VIDEO}"]`)!;
    expect(box).not.toBeNull();
    expect(box.querySelector('a.embed__play')?.textContent).toBe('Vidéo YouTube — Toucher pour lancer');
    expect(box.querySelector('a.embed__play')?.getAttribute('href')).toBe(`https://www.youtube.com/watch?v=${VIDEO}`);
    expect(box.querySelector('a.embed__link')?.textContent).toBe('Voir sur YouTube');
    expect(html).not.toMatch(/<iframe|youtube-nocookie|ytimg|<script[^>]*youtube/i);
  });

  it("the byline links to the author's page, which JSON-LD names too", async () => {
    const { doc } = await getPage(`${site.url}/article/${published.slug}`);
    const link = doc.querySelector('.article__byline a')!;
    expect(link.textContent).toBe(author.name);
    expect(link.getAttribute('href')).toBe(`/auteur/${author.slug}`);
    const ld = JSON.parse(doc.querySelector('script[type="application/ld+json"]')!.textContent!);
    expect(ld.author).toEqual({ '@type': 'Person', name: author.name, url: `${ORIGIN}/auteur/${author.slug}` });
  });

  it("frames only YouTube's and X's players, and nothing else (Content-Security-Policy)", async () => {
    const res = await fetch(`${site.url}/article/${published.slug}`);
    const frames = res.headers
      .get('content-security-policy')!
      .split(';')
      .map((d) => d.trim())
      .filter((d) => /^(frame|child)-src /.test(d));
    expect(frames).toEqual(['frame-src https://www.youtube-nocookie.com https://platform.twitter.com']);
  });
});

describe("an author's page", () => {
  it('lists their public articles under « Articles de … », with their presentation, its own head and cards that say what their pictures show', async () => {
    const { res, doc } = await getPage(`${site.url}/auteur/${author.slug}`);
    expect(res.status).toBe(200);
    expect(doc.querySelector('h1')?.textContent).toBe(`Articles de ${author.name}`);
    expect(doc.title).toBe(`Articles de ${author.name} — Afrique Actu`);
    expect(doc.querySelector('.author-bio')?.textContent).toBe(author.bio);
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${ORIGIN}/auteur/${author.slug}`);
    expect(doc.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(author.bio.replace('\n', ' '));
    const titles = [...doc.querySelectorAll('.card__title')].map((t) => t.textContent);
    expect(titles).toEqual([published.title]);
    expect(doc.querySelector('.card img')?.getAttribute('alt')).toBe('Le bureau au petit matin');
  });

  it('is a 404 for an unknown or malformed address, and for an author with nothing public', async () => {
    for (const path of [`/auteur/inconnu-${token}`, `/auteur/${lonely.slug}`, '/auteur/Pas%20Valide', `/auteur/${'a'.repeat(300)}`]) {
      const { res, doc } = await getPage(`${site.url}${path}`);
      expect(res.status, path).toBe(404);
      expect(doc.querySelector('meta[name="robots"]')?.getAttribute('content'), path).toBe('noindex');
      expect(doc.body.textContent, path).not.toContain(lonely.name);
    }
  });

  it('is in the sitemap when the author has a public article, dated by their latest', async () => {
    const urls = await sitemapUrls(site.url);
    const locs = urls.map((u) => u.loc);
    expect(locs).toContain(`${ORIGIN}/auteur/${author.slug}`);
    expect(locs).not.toContain(`${ORIGIN}/auteur/${lonely.slug}`);
    const entry = urls.find((u) => u.loc.endsWith(author.slug))!;
    expect(new Date(entry.lastmod!).getTime()).not.toBeNaN();
  });
});

describe("an article waiting for review ('review')", () => {
  it('is nowhere for readers, nor for an administrator browsing the site', async () => {
    const { res, html } = await getPage(`${site.url}/article/${review.slug}`);
    expect(res.status).toBe(404);
    expect(html).not.toContain(review.title);
    for (const sb of [anonClient(), admin] as SupabaseClient[]) {
      expect(await fetchArticle(sb, review.slug)).toBeNull();
      expect((await fetchCategory(sb, f.category.slug))!.articles.map((a) => a.id)).not.toContain(review.id);
    }
    const page = await getPage(`${site.url}/auteur/${lonely.slug}`);
    expect(page.res.status).toBe(404);
    // The administrator's session reads the journalist's article in review: the page lists it all the same.
    expect((await fetchAuthor(admin, author.slug))!.articles.map((a) => a.id)).toEqual([published.id]);
    expect(await fetchAuthor(admin, lonely.slug)).toBeNull();
  });
});

describe('the front page', () => {
  let saved: { rank: number; article_id: string }[] = [];
  beforeAll(async () => {
    const svc = serviceClient();
    saved = must(await svc.from('front_page').select('rank, article_id'), 'current pins') as typeof saved;
    await svc.from('front_page').delete().gte('rank', 1);
  });
  afterAll(async () => {
    const svc = serviceClient();
    await svc.from('front_page').delete().gte('rank', 1);
    if (saved.length) await svc.from('front_page').insert(saved);
  });

  it('shows « Les grands titres » in the order pinned (else the newest), under the pinned lead story, which no section repeats', async () => {
    const svc = serviceClient();
    must(
      await svc
        .from('front_page')
        .insert([
          { rank: 1, article_id: f.published.id },
          { rank: 2, article_id: published.id },
        ])
        .select('rank'),
      'pin',
    );
    const { doc } = await getPage(`${site.url}/`);
    expect(doc.querySelector('.home-featured .card__title')?.textContent).toBe(f.published.title);
    const top = doc.querySelector('section[aria-labelledby="home-top-title"]')!;
    expect(top.querySelector('h2')?.textContent).toBe('Les grands titres');
    expect([...top.querySelectorAll('.card__title')].map((t) => t.textContent)).toEqual([published.title]);
    const sectionLinks = [...doc.querySelectorAll('.home-section .card__title a')].map((a) => a.getAttribute('href'));
    expect(sectionLinks).not.toContain(`/article/${f.published.slug}`);

    // With no headline pinned, the sections' newest stories stand in (issue 25), never the lead again.
    await svc.from('front_page').delete().eq('rank', 2);
    const again = await getPage(`${site.url}/`);
    const fallback = [...again.doc.querySelectorAll('section[aria-labelledby="home-top-title"] .card__title')].map((t) => t.textContent);
    expect(fallback.length).toBeGreaterThan(0);
    expect(fallback.length).toBeLessThanOrEqual(6);
    expect(fallback).not.toContain(f.published.title);
  });
});
