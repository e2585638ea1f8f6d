import { describe, expect, it } from 'vitest';
import { ROUTE_LIST } from '@/public/routes';
import { isSitePath, wordpressLocation, wordpressPath } from './wordpressAddresses';

// Which requests may be old WordPress addresses (issue 31): only those are looked up.

const at = (address: string) => new URL(address, 'https://site.test');

describe('old WordPress addresses', () => {
  it('looks up ?p=<id> and slash-ended paths (lower case), never the reader’s own addresses', () => {
    expect(wordpressPath(at('/?p=42'))).toBe('/?p=42');
    expect(wordpressPath(at('/?p=abc'))).toBeNull();
    expect(wordpressPath(at('/'))).toBeNull();
    expect(wordpressPath(at('/2024/03/15/Sommet-De-Dakar/'))).toBe('/2024/03/15/sommet-de-dakar/');
    expect(wordpressPath(at('/article/sommet-de-dakar'))).toBeNull();
    expect(wordpressPath(at('/category/politique'))).toBeNull();
  });

  it('leads WordPress feeds to ours without asking the database, and a found post to its article', async () => {
    const never = () => Promise.reject(new Error('no lookup expected'));
    expect(await wordpressLocation(at('/feed/'), never)).toBe('/rss.xml');
    expect(await wordpressLocation(at('/?feed=rss2'), never)).toBe('/rss.xml');
    expect(await wordpressLocation(at('/category/sport/feed/'), never)).toBe('/category/sport/rss.xml');
    expect(await wordpressLocation(at('/article/x'), never)).toBeNull();
    const lookup = async (path: string) => (path === '/?p=42' ? 'sommet-de-dakar' : null);
    expect(await wordpressLocation(at('/?p=42'), lookup)).toBe('/article/sommet-de-dakar');
    expect(await wordpressLocation(at('/inconnu/'), lookup)).toBeNull();
  });

  it('never takes one of the site’s own addresses: its pages, the back office, feeds, sitemaps, files', async () => {
    const sitePaths = [
      '/admin/',
      '/admin/articles/',
      '/auth/',
      '/auth/nouveau-mot-de-passe/',
      '/search/',
      '/category/politique/',
      '/article/sommet-de-dakar/',
      '/auteur/awa-diop/',
      '/apercu/42/',
      '/about/',
      '/contact/',
      '/corrections/',
      '/mes-articles/',
      '/newsletter/desinscription/',
      '/robots.txt/',
      '/sitemap.xml/',
      '/sitemap-articles-2024-03-11.xml/',
      '/rss.xml/',
      '/category/politique/rss.xml/',
      '/edition.json/',
      '/api/push/key/',
      '/assets/app.js/',
      '/feed/',
    ];
    const everywhere = () => Promise.resolve('article-volee');
    for (const path of sitePaths) {
      expect(isSitePath(path), path).toBe(true);
      expect(wordpressPath(at(path)), path).toBeNull();
      expect(await wordpressLocation(at(path), everywhere), path).not.toBe('/article/article-volee');
    }
    // Every reader route of the table, whatever its pattern (a new one is covered as it comes).
    for (const [id, route] of ROUTE_LIST.filter(([id]) => id !== 'notFound'))
      expect(isSitePath(`${route.path.replace(/:\w+/g, 'x')}/`), id).toBe(true);
    // WordPress's own shapes stay old addresses.
    for (const path of ['/sommet-de-dakar/', '/2024/03/15/sommet-de-dakar/', '/politique/sommet-de-dakar/', '/category/politique/page/2/'])
      expect(isSitePath(path), path).toBe(false);
    expect(await wordpressLocation(at('/2024/03/15/sommet-de-dakar/'), everywhere)).toBe('/article/article-volee');
    expect(await wordpressLocation(at('/?p=42'), everywhere)).toBe('/article/article-volee');
  });

  it('never looks up a case variant of a site address: it is looked up lower case, so it is judged so', async () => {
    const looked: string[] = [];
    const lookup = async (path: string) => (looked.push(path), 'article-volee');
    for (const path of ['/SEARCH/', '/Admin/', '/AUTH/nouveau-mot-de-passe/', '/Category/Politique/', '/FEED/', '/Sitemap.xml/']) {
      expect(wordpressPath(at(path)), path).toBeNull();
      expect(await wordpressLocation(at(path), lookup), path).not.toBe('/article/article-volee');
    }
    expect(looked).toEqual([]);
    // An old permalink in capitals is still found, lower case.
    expect(await wordpressLocation(at('/2024/03/15/Sommet-De-Dakar/'), lookup)).toBe('/article/article-volee');
    expect(looked).toEqual(['/2024/03/15/sommet-de-dakar/']);
  });
});
