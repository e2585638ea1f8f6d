import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, serviceClient } from '@afriqueactu/supabase-local/testing';
import { createFixtures, must, removeFixtures, signIn, type Fixtures, type Session } from '../../supabase/tests/helpers';
import { startTestSite } from '../../tests/integration/site';
import { EDGE } from './headers';

// What a shared cache in front of the site (Varnish, Fastly, Cloudflare) is told of each answer,
// through the real site handler on the test stack: how long to keep it and the keys that purge it.
let site: Awaited<ReturnType<typeof startTestSite>>;
let admin: Session & { userId: string };
let f: Fixtures;
let authorId: string;
beforeAll(async () => {
  site = await startTestSite();
  admin = await signIn('admin');
  f = await createFixtures(admin.sb);
  authorId = must(await admin.sb.from('articles').select('author_id').eq('id', f.published.id).single(), 'the article').author_id!;
});
afterAll(async () => {
  await removeFixtures(f);
  await site?.close();
});

const EDGE_HEADERS = ['surrogate-control', 'cdn-cache-control', 'surrogate-key', 'cache-tag'];
const get = (path: string, init?: RequestInit) => fetch(`${site.url}${path}`, { redirect: 'manual', ...init });
const keysOf = (res: Response) => res.headers.get('surrogate-key')?.split(' ').sort() ?? [];

/** An answer a shared cache keeps for `policy`'s time, purged by exactly `keys` (and `all`). */
function expectTagged(res: Response, status: number, keys: string[], policy: keyof typeof EDGE = 'hours') {
  expect(res.status).toBe(status);
  expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
  expect(res.headers.get('surrogate-control')).toBe(EDGE[policy]);
  expect(res.headers.get('cdn-cache-control')).toBe(EDGE[policy]);
  expect(keysOf(res)).toEqual(['all', ...keys].sort());
  expect(res.headers.get('cache-tag')?.split(',').sort()).toEqual(keysOf(res));
}

function expectUntagged(res: Response) {
  for (const header of EDGE_HEADERS) expect(res.headers.get(header), header).toBeNull();
  expect(res.headers.get('cache-control')).not.toMatch(/^public/);
}

describe('cacheable answers carry the keys of what they show', () => {
  it('an article page: the article, its category, its author, the menu', async () => {
    const res = await get(`/article/${f.published.slug}`);
    expectTagged(res, 200, [`article-${f.published.id}`, `category-${f.category.id}`, `author-${authorId}`, 'menu']);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=600');
  });

  it('a category page, the front page, an author page', async () => {
    expectTagged(await get(`/category/${f.category.slug}`), 200, [`category-${f.category.id}`, 'menu']);
    expectTagged(await get('/'), 200, ['front', 'menu']);
    const { data: byline } = await anonClient().from('bylines').select('slug').eq('user_id', authorId).maybeSingle();
    expect(byline?.slug, 'the fixture article’s author has a byline').toBeTruthy();
    expectTagged(await get(`/auteur/${byline!.slug}`), 200, [`author-${authorId}`, 'menu']);
  });

  it('feeds and sitemaps: `feeds`, a category feed its category too', async () => {
    expectTagged(await get('/rss.xml'), 200, ['feeds']);
    expectTagged(await get('/sitemap.xml'), 200, ['feeds']);
    expectTagged(await get('/sitemap-news.xml'), 200, ['feeds']);
    expectTagged(await get(`/category/${f.category.slug}/rss.xml`), 200, ['feeds', `category-${f.category.id}`]);
  });

  it('robots.txt, answered outside the kept files: only `all` (it says nothing but the origin)', async () => {
    const res = await get('/robots.txt');
    expectTagged(res, 200, []);
    expect(await res.text()).toContain('Sitemap: ');
  });

  it('/edition.json in normal mode: the edition and the front page; the data-saver one is the browser’s alone', async () => {
    expectTagged(await get('/edition.json'), 200, ['edition', 'front']);
    expectUntagged(await get('/edition.json', { headers: { 'Save-Data': 'on' } }));
  });

  it('an old address answers 301 with its article’s key: a renamed slug, a WordPress permalink', async () => {
    const old = f.published.slug;
    const { data: row } = await admin.sb.from('articles').select('version').eq('id', f.published.id).single();
    must(
      await admin.sb
        .from('articles')
        .update({ slug: `${old}-bis`, version: row!.version })
        .eq('id', f.published.id)
        .select('slug')
        .single(),
      'admin renames the article',
    );
    f.published.slug = `${old}-bis`;
    expectTagged(await get(`/article/${old}`), 301, [`article-${f.published.id}`]);
    const wordpress = `/2019/03/05/${old}/`;
    must(
      await serviceClient().from('wordpress_redirects').insert({ path: wordpress, article_id: f.published.id }).select('path').single(),
      'old address',
    );
    try {
      const res = await get(wordpress);
      expect(res.headers.get('location')).toBe(`/article/${old}-bis`);
      expectTagged(res, 301, [`article-${f.published.id}`]);
    } finally {
      await serviceClient().from('wordpress_redirects').delete().eq('path', wordpress);
    }
  });

  it('a kept 404 of an unknown address: `404`, minutes at the edge', async () => {
    expectTagged(await get('/article/nulle-part-de-connu'), 404, ['404', 'menu'], 'missing');
    expectTagged(await get('/category/nulle-part/rss.xml'), 404, ['404'], 'missing');
  });
});

describe('private and personal answers carry no key and no shared lifetime', () => {
  it.each([
    ['a data-saver page (kept by the browser only)', `/article/{slug}`, { 'Save-Data': 'on' }],
    ['the back office', '/admin', {}],
    ['an article preview', '/apercu/{id}', {}],
    ['a newsletter link', '/newsletter/desinscription?jeton=abc', {}],
    ['the push key', '/api/push/key', {}],
  ])('%s', async (_, path, headers) => {
    const res = await get(path.replace('{slug}', f.published.slug).replace('{id}', f.published.id), { headers });
    expectUntagged(res);
  });

  it('a refused method, a newsletter call', async () => {
    expectUntagged(await get('/', { method: 'POST' }));
    expectUntagged(await get('/api/newsletter/envoyer', { method: 'POST' }));
  });
});
