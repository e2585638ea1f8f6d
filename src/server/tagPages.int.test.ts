import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceClient } from '@afriqueactu/supabase-local/testing';
import { must, signIn, uid, type Session } from '../../supabase/tests/helpers';
import { getPage, parseXml, startTestSite } from '../../tests/integration/site';

// Countries and topics as readers reach them (docs/product.md#tags), through the site's real
// handler on the stack: a country's and a topic's pages and their second page, the « Pays » index,
// an article's links to its tags, and the 301s of a tag under the other address or merged away.

const svc = serviceClient();
let site: Awaited<ReturnType<typeof startTestSite>>;
let admin: Session;
let category: string;
const tags: string[] = [];
const articles: string[] = [];

async function newTag(extra: Record<string, unknown> = {}) {
  const token = uid();
  const tag = must(
    await svc
      .from('tags')
      .insert({ kind: 'theme', name: `Sujet ${token}`, slug: `sujet-${token}`, ...extra })
      .select('id, slug, name')
      .single(),
    'a tag',
  );
  tags.push(tag.id);
  return tag;
}

/** `count` public articles carrying `tagIds`, a minute apart (the newest first on the page). */
async function tagged(count: number, ...tagIds: string[]) {
  const token = uid();
  const rows = Array.from({ length: count }, (_, i) => ({
    slug: `etiquette-${token}-${i}`,
    title: `Article ${i} ${token}`,
    content: '<p>Texte.</p>',
    status: 'published',
    published_at: new Date(Date.now() - (i + 1) * 60_000).toISOString(),
    category_id: category,
  }));
  const made = must(await svc.from('articles').insert(rows).select('id, slug'), 'articles');
  articles.push(...made.map((a) => a.id));
  await svc.from('article_tags').insert(made.flatMap((a) => tagIds.map((tag_id) => ({ article_id: a.id, tag_id }))));
  return made;
}

beforeAll(async () => {
  site = await startTestSite();
  admin = await signIn('admin');
  category = must(await svc.from('categories').select('id').eq('slug', 'politique').single(), 'Politique').id;
});
afterAll(async () => {
  await svc.from('articles').delete().in('id', articles);
  await svc.from('tags').delete().in('id', tags);
  await site?.close();
});

describe('a topic’s pages', () => {
  it('page 1 shows its name, description and 12 newest articles with a link to page 2, which shows the 13th; page 3 is a 404', async () => {
    const topic = await newTag({ description: 'Tout sur ce sujet.' });
    const made = await tagged(13, topic.id);
    const first = await getPage(`${site.url}/sujet/${topic.slug}`);
    expect(first.res.status).toBe(200);
    expect(first.doc.querySelector('h1')?.textContent).toBe(topic.name);
    expect(first.doc.querySelector('.tag-description')?.textContent).toBe('Tout sur ce sujet.');
    const links = [...first.doc.querySelectorAll('.category-page a[href^="/article/"]')].map((a) => a.getAttribute('href'));
    expect(new Set(links)).toEqual(new Set(made.slice(0, 12).map((a) => `/article/${a.slug}`)));
    expect(first.doc.querySelector(`.pager a[href="/sujet/${topic.slug}?page=2"]`)).not.toBeNull();
    expect(
      first.doc.querySelector(`link[rel="alternate"][type="application/rss+xml"][href$="/sujet/${topic.slug}/rss.xml"]`),
    ).not.toBeNull();
    expect(first.res.headers.get('surrogate-key')?.split(' ')).toEqual(
      expect.arrayContaining([`tag-${topic.id}`, `article-${made[0].id}`]),
    );

    const second = await getPage(`${site.url}/sujet/${topic.slug}?page=2`);
    expect(second.res.status).toBe(200);
    expect(second.doc.querySelector('h1')?.textContent).toBe(`${topic.name}, page 2`);
    expect(second.doc.querySelector(`.category-page a[href="/article/${made[12].slug}"]`)).not.toBeNull();
    expect((await fetch(`${site.url}/sujet/${topic.slug}?page=3`)).status).toBe(404);
  });

  it('a hidden tag has no page for readers, even for an administrator browsing the site', async () => {
    const hidden = await newTag({ hidden: true });
    await tagged(1, hidden.id);
    expect((await fetch(`${site.url}/sujet/${hidden.slug}`)).status).toBe(404);
  });

  it('answers 301 under the other section’s address, and at a merged tag’s address, to the page that has its articles', async () => {
    const topic = await newTag();
    const wrong = await fetch(`${site.url}/pays/${topic.slug}?page=2`, { redirect: 'manual' });
    expect([
      wrong.status,
      new URL(wrong.headers.get('location')!, site.url).pathname + new URL(wrong.headers.get('location')!, site.url).search,
    ]).toEqual([301, `/sujet/${topic.slug}?page=2`]);
    const from = await newTag();
    await tagged(1, from.id);
    must(await admin.sb.rpc('merge_tags', { p_from: from.id, p_into: topic.id }), 'merge');
    const merged = await fetch(`${site.url}/sujet/${from.slug}`, { redirect: 'manual' });
    expect(merged.status).toBe(301);
    expect(new URL(merged.headers.get('location')!, site.url).pathname).toBe(`/sujet/${topic.slug}`);
    // Kept at the edge for hours: the tag's key, so a merge, a hide or a new tag at the address purges them.
    expect([wrong, merged].map((res) => res.headers.get('surrogate-key'))).toEqual([`all tag-${topic.id}`, `all tag-${topic.id}`]);
  });
});

describe('the front page’s topic strip', () => {
  afterAll(async () => void (await svc.from('front_page_topic').update({ tag_id: null }).eq('id', true)));

  it('pinned from « La une », the home page links to the topic and its 4 newest titles, carrying its key; unpinned, it goes', async () => {
    const topic = await newTag();
    const made = await tagged(5, topic.id);
    must(await admin.sb.from('front_page_topic').update({ tag_id: topic.id }).eq('id', true).select('tag_id'), 'pin the topic');
    const pinned = await getPage(`${site.url}/`);
    const strip = pinned.doc.querySelector('nav.topic-strip');
    expect(strip?.querySelector('h2 a')?.getAttribute('href')).toBe(`/sujet/${topic.slug}`);
    expect(strip?.querySelector('h2 a')?.textContent).toContain(topic.name);
    const titles = [...strip!.querySelectorAll('li a')];
    expect(titles.map((a) => a.getAttribute('href'))).toEqual(made.slice(0, 4).map((a) => `/article/${a.slug}`));
    expect(titles.map((a) => a.textContent?.split(' ').slice(0, 2).join(' '))).toEqual([
      'Article 0',
      'Article 1',
      'Article 2',
      'Article 3',
    ]);
    expect(pinned.res.headers.get('surrogate-key')?.split(' ')).toEqual(expect.arrayContaining(['front', `tag-${topic.id}`]));

    must(await admin.sb.from('front_page_topic').update({ tag_id: null }).eq('id', true).select('tag_id'), 'unpin');
    const unpinned = await getPage(`${site.url}/`);
    expect(unpinned.res.status).toBe(200);
    expect(unpinned.doc.querySelector('.topic-strip')).toBeNull();
    expect(unpinned.res.headers.get('surrogate-key')?.split(' ')).not.toContain(`tag-${topic.id}`);
  });
});

describe('search', () => {
  it('shows the countries and topics the words name before the articles, accents aside', async () => {
    const { res, doc } = await getPage(`${site.url}/search?q=${encodeURIComponent('elections au senegal')}`);
    expect(res.status).toBe(200);
    const found = doc.querySelector('nav[aria-label="Pays et sujets trouvés"]');
    expect([...found!.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Sénégal', '/pays/senegal'],
      ['Élections', '/sujet/elections'],
    ]);
    const country = await getPage(`${site.url}/search?q=senegal`);
    const first = country.doc.querySelector('nav[aria-label="Pays et sujets trouvés"]')!;
    expect(first.querySelector('a')?.getAttribute('href')).toBe('/pays/senegal');
    expect(first.compareDocumentPosition(country.doc.querySelector('.search-count')!) & 4, 'the tags come before the articles').toBe(4);
  });
});

describe('countries', () => {
  it('the « Pays » index groups the countries by region; a country page lists its articles; an article links to its country and topics', async () => {
    const index = await getPage(`${site.url}/pays`);
    expect(index.res.status).toBe(200);
    const regions = [...index.doc.querySelectorAll('.countries h2')].map((h) => h.textContent);
    expect(regions.slice(0, 5)).toEqual([
      "Afrique de l'Ouest",
      'Afrique centrale',
      "Afrique de l'Est",
      'Afrique australe',
      'Afrique du Nord',
    ]);
    const west = index.doc.querySelector('#region-afrique-ouest')!.closest('section')!;
    expect(west.querySelector('a[href="/pays/senegal"]')?.textContent).toBe('Sénégal');
    expect(index.doc.querySelectorAll('.countries a[href^="/pays/"]').length).toBeGreaterThanOrEqual(54);

    const senegal = must(await svc.from('tags').select('id').eq('slug', 'senegal').single(), 'Sénégal');
    const topic = await newTag();
    const [article] = await tagged(1, senegal.id, topic.id);
    const country = await getPage(`${site.url}/pays/senegal`);
    expect(country.res.status).toBe(200);
    expect(country.doc.querySelector('h1')?.textContent).toBe('Sénégal');
    expect(country.doc.querySelector(`.category-page a[href="/article/${article.slug}"]`)).not.toBeNull();

    const feed = await fetch(`${site.url}/pays/senegal/rss.xml`);
    expect(feed.status).toBe(200);
    const rss = parseXml(await feed.text());
    expect(rss.querySelector('channel > title')?.textContent).toMatch(/ — Sénégal$/);
    expect([...rss.querySelectorAll('item > link')].map((l) => new URL(l.textContent!).pathname)).toContain(`/article/${article.slug}`);
    expect((await fetch(`${site.url}/sujet/senegal/rss.xml`)).status, 'a country’s feed is under /pays only').toBe(404);
    const sitemap = parseXml(await (await fetch(`${site.url}/sitemap-pages.xml`)).text());
    const listed = [...sitemap.getElementsByTagName('loc')].map((l) => new URL(l.textContent!).pathname);
    expect(listed).toEqual(expect.arrayContaining(['/pays', '/pays/senegal', `/sujet/${topic.slug}`]));

    const page = await getPage(`${site.url}/article/${article.slug}`);
    const shown = [...page.doc.querySelectorAll('.article-tags a')].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(shown).toEqual([
      ['Sénégal', '/pays/senegal'],
      [topic.name, `/sujet/${topic.slug}`],
    ]);
  });
});
