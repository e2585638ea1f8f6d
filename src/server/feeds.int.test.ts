import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onlyPublic } from '@/public/api/visibility';
import { SITE_NAME } from '@/public/meta';
import { anonClient, serviceClient } from '@afriqueactu/supabase-local/testing';
import { must, sleep, withFixtures } from '../../supabase/tests/helpers';
import { NEWS_SITEMAP_HOURS, rssXml } from './feeds';
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

/** The publication dates of the public articles, as anon reads them. */
async function publishedDates(): Promise<string[]> {
  const { data, error } = await onlyPublic(anonClient().from('articles').select('published_at'));
  if (error) throw error;
  return data.map((a) => a.published_at);
}

const DAY_MS = 86_400_000;
/** The Monday (UTC) of a date's week, YYYY-MM-DD: the article sitemap it is listed in. */
const mondayOf = (date: string) => {
  const d = new Date(date);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - ((d.getUTCDay() + 6) % 7))).toISOString().slice(0, 10);
};
/** The addresses a sitemap file lists, in its order. */
const sitemapLocsOf = (xml: string | null) => [...parseXml(xml ?? '<urlset/>').getElementsByTagName('loc')].map((l) => l.textContent!);

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
    expect(files.slice(0, 2).map((f) => f.path)).toEqual(['/sitemap-pages.xml', '/sitemap-news.xml']);
    expect(files.slice(2).map((f) => f.path)).toEqual(
      [...new Set((await publishedDates()).map(mondayOf))].sort().map((w) => `/sitemap-articles-${w}.xml`),
    );
    for (const f of files) expect(new Date(f.lastmod!).getTime(), f.path).not.toBeNaN();

    const urls = await sitemapUrls(site.url);
    const pages = urls.filter((u) => u.file === '/sitemap-pages.xml').map((u) => u.loc);
    expect(pages).toContain(`${ORIGIN}/`);
    expect(pages).toContain(`${ORIGIN}/category/politique`);
    expect(pages).toContain(`${ORIGIN}/category/${ctx.f.category.slug}`);
    expect(pages).toContain(`${ORIGIN}/corrections`);
    expect(pages).toContain(`${ORIGIN}/vrai-ou-faux`);
    const articles = urls.filter((u) => u.file.startsWith('/sitemap-articles-'));
    expect(articleSlugs(articles.map((u) => u.loc))).toEqual(await publishedSlugs());
    expect(urls.map((u) => u.loc)).not.toContain(`${ORIGIN}/article/${ctx.f.draft.slug}`);
    for (const u of articles) expect(new Date(u.lastmod!).getTime()).not.toBeNaN();
    // Each child is dated by its latest entry, or later (an article left it since: other tests' fixtures).
    for (const f of files.filter((x) => x.path !== '/sitemap-news.xml')) {
      const latest = Math.max(...urls.filter((u) => u.file === f.path && u.lastmod).map((u) => Date.parse(u.lastmod!)));
      expect(Date.parse(f.lastmod!), f.path).toBeGreaterThanOrEqual(latest);
    }
  });

  it("article sitemaps are one a week (by its Monday, UTC), each listing exactly that week's public articles, oldest first", async () => {
    const db = anonClient();
    const { data: all, error } = await onlyPublic(db.from('articles').select('slug, published_at')).order('published_at').order('id');
    if (error) throw error;
    const byWeek = new Map<string, string[]>();
    for (const a of all)
      byWeek.set(mondayOf(a.published_at), [...(byWeek.get(mondayOf(a.published_at)) ?? []), `${ORIGIN}/article/${a.slug}`]);
    const index = parseXml(await sitemapIndexXml(db, ORIGIN));
    const files = [...index.getElementsByTagName('loc')].map((l) => l.textContent!).filter((l) => l.includes('/sitemap-articles-'));
    expect(files).toEqual([...byWeek.keys()].map((w) => `${ORIGIN}/sitemap-articles-${w}.xml`));
    for (const [week, locs] of byWeek) expect(sitemapLocsOf(await articleSitemapXml(db, ORIGIN, week)), week).toEqual(locs);
    // Read 2 rows a request (each after the last one read), the busiest week lists the same addresses.
    const [busiest, locs] = [...byWeek].sort((a, b) => b[1].length - a[1].length)[0];
    expect(locs.length).toBeGreaterThan(2);
    expect(sitemapLocsOf(await articleSitemapXml(db, ORIGIN, busiest, { pageRows: 2 }))).toEqual(locs);
    // A Monday with no public article, a day that is not a Monday, a date that does not exist and the
    // numbered files of the previous release are not found.
    const sunday = new Date(Date.parse(`${busiest}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
    for (const path of [
      '/sitemap-articles-2001-01-01.xml',
      `/sitemap-articles-${sunday}.xml`,
      '/sitemap-articles-2026-02-30.xml',
      '/sitemap-articles-1.xml',
    ])
      expect((await fetch(site.url + path)).status, path).toBe(404);
  });

  it('the weekly files follow every change: edit, move to another week, unpublish, delete; a scheduled article waits for its moment', async () => {
    const db = anonClient();
    const svc = serviceClient();
    // A week of 2011 no other test writes in, and the next one.
    const week = mondayOf(new Date(Date.UTC(2011, 0, 3) + Math.floor(Math.random() * 50) * 7 * DAY_MS).toISOString());
    const later = mondayOf(new Date(Date.parse(week) + 7 * DAY_MS).toISOString());
    const start = (monday: string) => `${monday}T00:00:00.000Z`;
    const listed = async () => {
      const index = parseXml(await sitemapIndexXml(db, ORIGIN));
      return Object.fromEntries(
        [...index.getElementsByTagName('sitemap')]
          .map((s) => [s.getElementsByTagName('loc')[0].textContent!, s.getElementsByTagName('lastmod')[0]?.textContent ?? null] as const)
          .filter(([loc]) => loc.includes(week) || loc.includes(later)),
      );
    };
    const file = (monday: string) => `${ORIGIN}/sitemap-articles-${monday}.xml`;
    const listedIn = async (monday: string) => sitemapLocsOf(await articleSitemapXml(db, ORIGIN, monday));
    const publish = async (key: string, published_at: string) =>
      must(
        await svc
          .from('articles')
          .insert({
            slug: `${key}-${ctx.f.token}`,
            title: `${key} ${ctx.f.token}`,
            excerpt: 'Résumé',
            content: '<p>Texte</p>',
            status: 'published',
            published_at,
            category_id: ctx.f.category.id,
          })
          .select('id, slug, updated_at')
          .single(),
        `an article published in 2011 (${key})`,
      );
    const change = async (id: string, fields: Record<string, string>, what: string) =>
      must(await svc.from('articles').update(fields).eq('id', id).select('updated_at').single(), what);
    const iso = (d: string) => new Date(d).toISOString();
    const loc = (a: { slug: string }) => `${ORIGIN}/article/${a.slug}`;
    // The first and the last instant of the week (UTC), in its file and no other.
    const row = await publish('lundi', start(week));
    const stay = await publish('dimanche', new Date(Date.parse(start(later)) - 1).toISOString());
    try {
      expect(await listed()).toEqual({ [file(week)]: iso(stay.updated_at) });
      expect(await listedIn(week)).toEqual([loc(row), loc(stay)]);
      expect(await articleSitemapXml(db, ORIGIN, later)).toBeNull();

      const edited = await change(row.id, { title: `lundi revu ${ctx.f.token}` }, 'edit');
      expect(await listed()).toEqual({ [file(week)]: iso(edited.updated_at) });

      // Moved to the next Monday: both files change, the one it left too (dated by its leaving).
      const moved = await change(row.id, { published_at: start(later) }, 'move');
      expect(await listed()).toEqual({ [file(week)]: iso(moved.updated_at), [file(later)]: iso(moved.updated_at) });
      expect(await listedIn(week)).toEqual([loc(stay)]);
      expect(await listedIn(later)).toEqual([loc(row)]);

      await change(row.id, { status: 'draft' }, 'unpublish');
      expect(Object.keys(await listed())).toEqual([file(week)]);
      expect(await articleSitemapXml(db, ORIGIN, later)).toBeNull();

      await svc.from('articles').delete().eq('id', stay.id);
      expect(await listed()).toEqual({});
      expect(await articleSitemapXml(db, ORIGIN, week)).toBeNull();

      await change(row.id, { status: 'published', published_at: start(later) }, 'publish again');
      expect(Object.keys(await listed())).toEqual([file(later)]);
    } finally {
      await svc.from('articles').delete().in('id', [row.id, stay.id]);
    }
    expect(await listed()).toEqual({});

    // Scheduled later this week (up to an hour ahead, so this week's file, read live, is the one
    // concerned; past the next Monday if the week ends within two minutes): in no file, dating none.
    const nextMonday = () => Date.parse(`${mondayOf(new Date().toISOString())}T00:00:00Z`) + 7 * DAY_MS;
    if (nextMonday() - Date.now() < 120_000) await sleep(nextMonday() - Date.now() + 1000);
    const moment = new Date(Math.min(Date.now() + 3600_000, nextMonday() - 60_000)).toISOString();
    // The article files and their dates (the news sitemap's date moves as articles leave its 48 hours).
    const articleFiles = async () => (await sitemapIndexXml(db, ORIGIN)).split('\n').filter((l) => l.includes('/sitemap-articles-'));
    const before = await articleFiles();
    const scheduled = must(
      await svc
        .from('articles')
        .insert({
          slug: `plus-tard-${ctx.f.token}`,
          title: `Plus tard ${ctx.f.token}`,
          excerpt: 'Résumé',
          content: '<p>Texte</p>',
          status: 'scheduled',
          published_at: moment,
          category_id: ctx.f.category.id,
        })
        .select('id')
        .single(),
      'a scheduled article',
    );
    try {
      expect(await articleFiles()).toEqual(before);
    } finally {
      await svc.from('articles').delete().eq('id', scheduled.id);
    }
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

  it("an item without an excerpt is described by its text's opening words, tags dropped", async () => {
    const svc = serviceClient();
    const bare = must(
      await svc
        .from('articles')
        .insert({
          slug: `sans-resume-${ctx.f.token}`,
          title: `Sans résumé ${ctx.f.token}`,
          excerpt: null,
          content: `<p>Le <strong>port</strong> de Dakar ${ctx.f.token} s'agrandit.</p>`,
          status: 'published',
          category_id: ctx.f.category.id,
        })
        .select('id')
        .single(),
      'an article without an excerpt',
    );
    try {
      const doc = parseXml((await rssXml(anonClient(), ORIGIN, ctx.f.category.slug))!);
      const describedAs = Object.fromEntries(
        [...doc.getElementsByTagName('item')].map((i) => [
          i.getElementsByTagName('title')[0].textContent,
          i.getElementsByTagName('description')[0].textContent,
        ]),
      );
      expect(describedAs).toEqual({
        [`Sans résumé ${ctx.f.token}`]: `Le port de Dakar ${ctx.f.token} s'agrandit.`,
        [ctx.f.published.title]: `Résumé ${ctx.f.token}`,
      });
    } finally {
      await svc.from('articles').delete().eq('id', bare.id);
    }
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
