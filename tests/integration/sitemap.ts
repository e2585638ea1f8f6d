import { expect } from 'vitest';
import { parseXml } from './site';

export interface SitemapUrl {
  loc: string;
  lastmod: string | null;
  /** The child sitemap that lists it (its path). */
  file: string;
}

const text = (parent: Element, tag: string) => parent.getElementsByTagName(tag)[0]?.textContent ?? null;

/** The <sitemap> entries of /sitemap.xml (a sitemap index): each child's path on the site and its lastmod. */
export async function sitemapIndex(siteUrl: string): Promise<{ path: string; lastmod: string | null }[]> {
  const res = await fetch(`${siteUrl}/sitemap.xml`);
  expect(res.status).toBe(200);
  const doc = parseXml(await res.text());
  expect(doc.documentElement.tagName).toBe('sitemapindex');
  return [...doc.getElementsByTagName('sitemap')].map((s) => ({ path: new URL(text(s, 'loc')!).pathname, lastmod: text(s, 'lastmod') }));
}

/**
 * Every URL a crawler finds from /sitemap.xml: the index, then each child it lists, each of which
 * must answer 200 and parse.
 */
export async function sitemapUrls(siteUrl: string): Promise<SitemapUrl[]> {
  const urls: SitemapUrl[] = [];
  for (const { path } of await sitemapIndex(siteUrl)) {
    const res = await fetch(siteUrl + path);
    expect(res.status, path).toBe(200);
    expect(res.headers.get('content-type'), path).toMatch(/^application\/xml/);
    const doc = parseXml(await res.text());
    expect(doc.documentElement.tagName, path).toBe('urlset');
    for (const u of doc.getElementsByTagName('url')) urls.push({ loc: text(u, 'loc')!, lastmod: text(u, 'lastmod'), file: path });
  }
  return urls;
}

/** The addresses the sitemaps list. */
export const sitemapLocs = async (siteUrl: string) => (await sitemapUrls(siteUrl)).map((u) => u.loc);
