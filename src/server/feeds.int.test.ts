import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onlyPublic } from '@/public/api/visibility';
import { SITE_NAME } from '@/public/meta';
import { anonClient } from '@afriqueactu/supabase-local/testing';
import { withFixtures } from '../../supabase/tests/helpers';
import { NEWS_SITEMAP_HOURS } from './feeds';
import { articleSitemapXml, sitemapIndexXml } from './sitemaps';
import { sitemapIndex, sitemapUrls } from '../../tests/integration/sitemap';
import { ASSET, ORIGIN, parseXml, startTestSite } from '../../tests/integration/site';

let site: Awaited<ReturnType<typeof startTestSite>>;
const ctx = withFixtures();
beforeAll(async () => {
  site = await startTestSite();
});
afterAll(async () => site?.close());

/** The public articles as anon reads them from the API (published, or scheduled and live): what feeds must list, exactly. */
async function publishedSlugs(categoryId?: string, newest?: number): Promise<string[]> {
  let query = onlyPublic(anonClient().from('articles').select('slug'));
  if (categoryId) query = query.eq('category_id', categoryId);
  const { data, error } = await (newest ? query.order('published_at', { ascending: false }).order('id').limit(newest) : query);
  if (error) throw error;
  return data.map((a) => a.slug).sort();
}

const articleSlugs = (urls: string[]) =>
  urls
    .filter((u) => u.startsWith(`${ORIGIN}/article/`))
    .map((u) => u.slice(`${ORIGIN}/article/`.length))
    .sort();

describe('feeds', () => {
  it('sitemap.xml is an index of sitemaps, each dated, that together list home, the categories and exactly the published articles', async () => {
    const res = await fetch(`${site.url}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    const files = await sitemapIndex(site.url);
    expect(files.map((f) => f.path)).toEqual(['/sitemap-pages.xml', '/sitemap-news.xml', '/sitemap-articles-1.xml']);
    for (const f of files) expect(new Date(f.lastmod!).getTime(), f.path).not.toBeNaN();

    const urls = await sitemapUrls(site.url);
    const pages = urls.filter((u) => u.file === '/sitemap-pages.xml').map((u) => u.loc);
    expect(pages).toContain(`${ORIGIN}/`);
    expect(pages).toContain(`${ORIGIN}/category/politique`);
    expect(pages).toContain(`${ORIGIN}/category/${ctx.f.category.slug}`);
    expect(pages).toContain(`${ORIGIN}/corrections`);
    const articles = urls.filter((u) => u.file.startsWith('/sitemap-articles-'));
    expect(articleSlugs(articles.map((u) => u.loc))).toEqual(await publishedSlugs());
    expect(urls.map((u) => u.loc)).not.toContain(`${ORIGIN}/article/${ctx.f.draft.slug}`);
    for (const u of articles) expect(new Date(u.lastmod!).getTime()).not.toBeNaN();
    // Each child is dated by its latest entry.
    for (const f of files.filter((x) => x.path !== '/sitemap-news.xml')) {
      const latest = Math.max(...urls.filter((u) => u.file === f.path && u.lastmod).map((u) => Date.parse(u.lastmod!)));
      expect(Date.parse(f.lastmod!), f.path).toBe(latest);
    }
  });

  it('article sitemaps hold at most their limit each: past it, a second file lists the rest, oldest articles first', async () => {
    const db = anonClient();
    const total = (await publishedSlugs()).length;
    const perFile = Math.ceil(total / 2) + 1;
    const index = parseXml(await sitemapIndexXml(db, ORIGIN, { perFile }));
    const locs = [...index.getElementsByTagName('loc')].map((l) => l.textContent!);
    expect(locs.filter((l) => l.includes('/sitemap-articles-'))).toEqual([
      `${ORIGIN}/sitemap-articles-1.xml`,
      `${ORIGIN}/sitemap-articles-2.xml`,
    ]);

    const listed: string[][] = [];
    for (const n of [1, 2]) {
      const doc = parseXml((await articleSitemapXml(db, ORIGIN, n, { perFile }))!);
      listed.push([...doc.getElementsByTagName('loc')].map((l) => l.textContent!));
    }
    expect(listed.map((l) => l.length)).toEqual([perFile, total - perFile]);
    expect(articleSlugs(listed.flat())).toEqual(await publishedSlugs());
    // Read 4 rows a request (each after the last one read), a file lists the same addresses.
    for (const n of [1, 2]) {
      const doc = parseXml((await articleSitemapXml(db, ORIGIN, n, { perFile, pageRows: 4 }))!);
      expect([...doc.getElementsByTagName('loc')].map((l) => l.textContent!)).toEqual(listed[n - 1]);
    }
    // Oldest first: a new article only ever changes the last file.
    const { data: oldest, error } = await onlyPublic(db.from('articles').select('slug')).order('published_at').order('id').limit(1);
    if (error) throw error;
    expect(listed[0][0]).toBe(`${ORIGIN}/article/${oldest[0].slug}`);
    expect(await articleSitemapXml(db, ORIGIN, 3, { perFile })).toBeNull();
    // The default limit holds the seed in one file; a file past the last is not found.
    expect((await fetch(`${site.url}/sitemap-articles-2.xml`)).status).toBe(404);
    expect((await fetch(`${site.url}/sitemap-articles-0.xml`)).status).toBe(404);
  });

  it('sitemap-news.xml lists exactly the public articles of the last 48 hours, newest first, with Google News tags', async () => {
    const res = await fetch(`${site.url}/sitemap-news.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    const doc = parseXml(await res.text());
    const NEWS = 'http://www.google.com/schemas/sitemap-news/0.9';
    const urls = [...doc.getElementsByTagName('url')];
    const since = new Date(Date.now() - NEWS_SITEMAP_HOURS * 3600_000).toISOString();
    const { data: recent, error } = await onlyPublic(anonClient().from('articles').select('slug')).gte('published_at', since);
    if (error) throw error;
    const locs = urls.map((u) => u.getElementsByTagName('loc')[0].textContent!);
    expect(articleSlugs(locs)).toEqual(recent.map((a) => a.slug).sort());
    expect(locs).toContain(`${ORIGIN}/article/${ctx.f.published.slug}`);
    expect(locs).not.toContain(`${ORIGIN}/article/${ctx.f.draft.slug}`);
    // The seed's older articles are in the article sitemaps only.
    expect(locs.length).toBeLessThan((await publishedSlugs()).length);
    const mine = urls.find((u) => u.getElementsByTagName('loc')[0].textContent === `${ORIGIN}/article/${ctx.f.published.slug}`)!;
    expect(mine.getElementsByTagNameNS(NEWS, 'title')[0].textContent).toBe(ctx.f.published.title);
    expect(mine.getElementsByTagNameNS(NEWS, 'name')[0].textContent).toBe(SITE_NAME);
    expect(mine.getElementsByTagNameNS(NEWS, 'language')[0].textContent).toBe('fr');
    const dates = urls.map((u) => new Date(u.getElementsByTagNameNS(NEWS, 'publication_date')[0].textContent!).getTime());
    expect(dates.every((d) => d >= Date.parse(since) - 60_000)).toBe(true);
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });

  it('rss.xml is RSS 2.0 of the published articles, newest first, with links on the public origin', async () => {
    const res = await fetch(`${site.url}/rss.xml`);
    expect(res.headers.get('content-type')).toMatch(/^application\/rss\+xml/);
    const doc = parseXml(await res.text());
    expect(doc.documentElement.getAttribute('version')).toBe('2.0');
    const items = [...doc.getElementsByTagName('item')];
    const links = items.map((i) => i.getElementsByTagName('link')[0].textContent!);
    // A feed holds the 50 newest (the seed has more since issue 25).
    expect(articleSlugs(links)).toEqual(await publishedSlugs(undefined, 50));
    const dates = items.map((i) => new Date(i.getElementsByTagName('pubDate')[0].textContent!).getTime());
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    const mine = items.find((i) => i.getElementsByTagName('title')[0].textContent === ctx.f.published.title)!;
    expect(mine.getElementsByTagName('description')[0].textContent).toBe(`Résumé ${ctx.f.token}`);
  });

  it('each category has its own feed; an unknown category has none', async () => {
    const doc = parseXml(await (await fetch(`${site.url}/category/${ctx.f.category.slug}/rss.xml`)).text());
    const links = [...doc.getElementsByTagName('item')].map((i) => i.getElementsByTagName('link')[0].textContent!);
    expect(articleSlugs(links)).toEqual(await publishedSlugs(ctx.f.category.id));
    expect(links).toEqual([`${ORIGIN}/article/${ctx.f.published.slug}`]);
    expect((await fetch(`${site.url}/category/absente-${ctx.f.token}/rss.xml`)).status).toBe(404);
  });

  it('robots.txt points at the sitemap index and keeps crawlers out of the back office', async () => {
    const text = await (await fetch(`${site.url}/robots.txt`)).text();
    expect(text).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    expect(text).toContain(`Sitemap: ${ORIGIN}/sitemap-news.xml`);
    expect(text).toMatch(/^Disallow: \/admin$/m);
  });
});

describe('security and cache headers', () => {
  const paths = ['/', `/article/${'x'}`, '/rss.xml', '/sitemap.xml', '/robots.txt', ASSET, '/admin/dashboard', '/nulle-part'];

  it('every response (pages, 404s, assets, feeds, back office) carries the security headers', async () => {
    for (const path of paths) {
      const res = await fetch(site.url + path);
      const csp = res.headers.get('content-security-policy') ?? '';
      // No inline script may run in production pages: they carry none (their JSON is data).
      expect(csp, path).toMatch(/(^|; )script-src 'self'(;|$)/);
      expect(csp, path).not.toMatch(/script-src[^;]*'unsafe/);
      for (const directive of ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'none'"]) expect(csp, path).toContain(directive);
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('permissions-policy'), path).toMatch(/camera=\(\)/);
      expect(res.headers.get('x-powered-by'), path).toBeNull();
      // The public origin is https: browsers must keep to it.
      expect(res.headers.get('strict-transport-security'), path).toMatch(/max-age=\d+/);
    }
  });

  it("in development, Vite's inline scripts run with a new nonce per response, and nothing else gets it", async () => {
    const dev = await startTestSite({ inlineScriptNonce: true });
    try {
      const nonces = new Set<string>();
      for (let i = 0; i < 3; i++) {
        const res = await fetch(`${dev.url}/`);
        const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(res.headers.get('content-security-policy')!)![1];
        nonces.add(nonce);
        const tags = (await res.text()).match(/<script\b[^>]*>/g)!;
        // The template's module script has it; data blocks and content do not need it.
        expect(tags.filter((t) => t.includes(`nonce="${nonce}"`))).toHaveLength(1);
      }
      expect(nonces.size).toBe(3);
    } finally {
      await dev.close();
    }
  });

  it('fingerprinted assets are cached for a year; pages briefly, revalidated in the background', async () => {
    expect((await fetch(site.url + ASSET)).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(`${site.url}/`)).headers.get('cache-control')).toMatch(/max-age=60, stale-while-revalidate=\d+/);
    expect((await fetch(`${site.url}/rss.xml`)).headers.get('cache-control')).toMatch(/max-age=\d+, stale-while-revalidate/);
    const missing = await fetch(`${site.url}/assets/absent-000.js`);
    expect(missing.status).toBe(404);
  });

  it('pages are compressed for readers who accept it', async () => {
    const res = await fetch(`${site.url}/`, { headers: { 'Accept-Encoding': 'br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
  });
});
