import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { RouteId } from '@/public/routes';
import { CACHE, EDGE, tagForEdge, type EdgePolicy } from './headers';
import { purgePaths, routeParams, SERVER_ROUTES } from './routes';
import { pageKeys } from './routes/pageKeys';

const ID = '6f1c2b3a-0000-4000-8000-000000000001';
const CATEGORY = '6f1c2b3a-0000-4000-8000-000000000002';
const AUTHOR = '6f1c2b3a-0000-4000-8000-000000000003';

// Every row, an address it answers, the keys all its answers carry and what a shared cache keeps.
// A new row fails the first test until it is described here.
const ROWS: Record<string, { path: string; keys: string[]; edge: EdgePolicy | null }> = {
  robots: { path: '/robots.txt', keys: [], edge: 'hours' },
  sitemapIndex: { path: '/sitemap.xml', keys: ['feeds'], edge: 'hours' },
  pagesSitemap: { path: '/sitemap-pages.xml', keys: ['feeds'], edge: 'hours' },
  articleSitemap: { path: '/sitemap-articles-2026-11-23.xml', keys: ['feeds'], edge: 'hours' },
  newsSitemap: { path: '/sitemap-news.xml', keys: ['feeds'], edge: 'hours' },
  siteFeed: { path: '/rss.xml', keys: ['feeds'], edge: 'hours' },
  factChecksFeed: { path: '/vrai-ou-faux/rss.xml', keys: ['feeds'], edge: 'hours' },
  categoryFeed: { path: '/category/politique/rss.xml', keys: ['feeds'], edge: 'hours' },
  paysFeed: { path: '/pays/senegal/rss.xml', keys: ['feeds'], edge: 'hours' },
  sujetFeed: { path: '/sujet/elections/rss.xml', keys: ['feeds'], edge: 'hours' },
  edition: { path: '/edition.json', keys: ['edition', 'front'], edge: 'hours' },
  newsletter: { path: '/api/newsletter/test', keys: [], edge: null },
  push: { path: '/api/push/key', keys: [], edge: null },
  liveDelta: { path: '/article/soiree-electorale/live/42', keys: [], edge: 'live' },
  essentielPage: { path: '/edition/2026-11-29', keys: ['edition'], edge: 'hours' },
  essentielCard: { path: '/edition/2026-11-29/carte.jpg', keys: ['edition'], edge: 'hours' },
  verdictCard: { path: '/article/pont-kaolack/verdict.jpg', keys: [], edge: 'hours' },
  shortLink: { path: '/a/0AbC', keys: [], edge: null },
  servedView: { path: '/api/lu/0b6c1b1e-7a7e-4c43-9d55-2f4f1b0c9a11', keys: [], edge: null },
  essentielApi: { path: '/api/essentiel/preparer', keys: [], edge: null },
  files: { path: '/assets/app.js', keys: [], edge: null },
  methods: { path: '/', keys: [], edge: null },
  wordpress: { path: '/2019/03/05/sommet/', keys: [], edge: 'hours' },
  foldSlashes: { path: '//article//x', keys: [], edge: 'hours' },
  backOffice: { path: '/admin', keys: [], edge: null },
  page: { path: '/article/x', keys: [], edge: 'hours' },
};

describe('the server route table', () => {
  it('describes every row: an address it answers, its keys, its edge lifetime', () => {
    expect(SERVER_ROUTES.map((row) => row.name)).toEqual(Object.keys(ROWS));
    for (const row of SERVER_ROUTES) {
      const expected = ROWS[row.name];
      const params = routeParams(row, expected.path);
      expect(params, row.name).not.toBeNull();
      expect(row.keys(params!), row.name).toEqual(expected.keys);
      expect(row.edge, row.name).toBe(expected.edge);
      expect(CACHE[row.cache], row.name).toBeDefined();
    }
  });

  it('gives a row its params, and only its own addresses', () => {
    const row = (name: string) => SERVER_ROUTES.find((r) => r.name === name)!;
    expect(routeParams(row('categoryFeed'), '/category/politique/rss.xml')).toEqual({ slug: 'politique' });
    expect(routeParams(row('articleSitemap'), '/sitemap-articles-2026-11-23.xml')).toEqual({ slug: '2026-11-23' });
    expect(routeParams(row('edition'), '/edition.json/')).toBeNull();
    expect(routeParams(row('siteFeed'), '/rss.xml.bak')).toBeNull();
    expect(routeParams(row('foldSlashes'), '/article/x')).toBeNull();
    expect(routeParams(row('liveDelta'), '/article/soiree/live/42')).toEqual({ slug: 'soiree', revision: '42' });
    expect(routeParams(row('liveDelta'), '/article/soiree')).toBeNull();
    // The offline edition keeps its address; a day's edition has its own.
    expect(routeParams(row('essentielPage'), '/edition.json')).toBeNull();
    expect(routeParams(row('essentielPage'), '/edition/2026-11-29')).toEqual({ day: '2026-11-29' });
    expect(routeParams(row('shortLink'), '/a/abc/def')).toBeNull();
  });
});

describe('the keys of a reader page', () => {
  const article = { article: { id: ID, category_id: CATEGORY, author_id: AUTHOR } };
  const cases: [RouteId, number, unknown, string[], { authorId?: string; articleId?: string }?][] = [
    ['home', 200, { sections: [] }, ['front', 'menu']],
    ['category', 200, { category: { id: CATEGORY } }, [`category-${CATEGORY}`, 'menu']],
    ['article', 200, article, [`article-${ID}`, `category-${CATEGORY}`, `author-${AUTHOR}`, 'menu']],
    ['article', 200, { article: { id: ID, category_id: null, author_id: null } }, [`article-${ID}`, 'menu']],
    ['article', 301, { path: '/article/y' }, [`article-${ID}`], { articleId: ID }],
    ['article', 404, null, ['404', 'menu']],
    ['author', 200, { author: {} }, [`author-${AUTHOR}`, 'menu'], { authorId: AUTHOR }],
    ['corrections', 200, [], ['corrections', 'menu']],
    ['search', 200, [], ['search', 'menu']],
    ['about', 200, null, ['menu']],
    // The catch-all's 404 lists the latest headlines: a publication purges it as the front page.
    ['notFound', 404, { headlines: [] }, ['404', 'front', 'menu']],
  ];
  it.each(cases)('%s answered %i', (route, status, data, keys, found) => {
    expect(pageKeys(route, status, data, found)).toEqual(keys);
  });
});

describe('the addresses that carry a key (purge by URL)', () => {
  it.each([
    ['front', undefined, ['/', '/vrai-ou-faux', '/edition.json']],
    ['edition', undefined, ['/edition.json']],
    ['feeds', undefined, ['/sitemap.xml', '/sitemap-pages.xml', '/sitemap-news.xml', '/rss.xml', '/vrai-ou-faux/rss.xml']],
    ['corrections', undefined, ['/corrections']],
    [`category-${CATEGORY}`, 'politique', ['/category/politique/rss.xml', '/category/politique']],
    // The article's page and, for a fact-check, its verdict picture (redrawn when the verdict changes).
    [`article-${ID}`, 'sommet', ['/article/sommet/verdict.jpg', '/article/sommet']],
    [`author-${AUTHOR}`, 'awa-diallo', ['/auteur/awa-diallo']],
    [`article-${ID}`, undefined, []],
    ['menu', undefined, []],
    ['all', undefined, []],
  ])('%s (%s)', (key, slug, paths) => {
    expect(purgePaths(key, slug).sort()).toEqual([...paths].sort());
  });
});

describe('tagForEdge', () => {
  const response = (cache: string) => {
    const res = new ServerResponse(new IncomingMessage(new Socket()));
    res.setHeader('Cache-Control', cache);
    return res;
  };

  it('tags a public answer: hours at the edge, its keys and `all`, for Fastly, Varnish and Cloudflare', () => {
    const res = response(CACHE.page);
    tagForEdge(res, 'hours', ['front', 'menu', 'front']);
    expect(res.getHeader('Surrogate-Control')).toBe(EDGE.hours);
    expect(res.getHeader('CDN-Cache-Control')).toBe(EDGE.hours);
    expect(res.getHeader('Surrogate-Key')).toBe('all front menu');
    expect(res.getHeader('Cache-Tag')).toBe('all,front,menu');
  });

  it.each([CACHE.never, CACHE.savedPage, CACHE.revalidate])(
    'gives a private or uncached answer (%s) no key and no edge lifetime',
    (cache) => {
      const res = response(cache);
      tagForEdge(res, 'hours', ['front']);
      for (const header of ['Surrogate-Control', 'CDN-Cache-Control', 'Surrogate-Key', 'Cache-Tag'])
        expect(res.getHeader(header)).toBeUndefined();
    },
  );
});
