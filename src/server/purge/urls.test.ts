import { describe, expect, it } from 'vitest';
import { purgeUrls, type PurgeLookups } from './urls';

const lookups = (): PurgeLookups => ({
  origin: 'https://afriqueactu.example',
  articles: new Map([['article-a1', ['nouveau-titre', 'ancien-titre']]]),
  categories: new Map([['category-c1', ['politique', 'politique-africaine']]]),
  authors: new Map([['author-u1', ['awa-diallo']]]),
  tags: new Map([['tag-t1', ['senegal', 'senegal-ancien']]]),
});

describe('purgeUrls: the addresses behind the purge keys', () => {
  it('an article edit: its current and old addresses, its category page and feed, its author, the front page, edition and feeds', () => {
    const keys = ['article-a1', 'category-c1', 'author-u1', 'front', 'feeds', 'edition', 'search', '404'];
    expect(purgeUrls(keys, lookups())).toEqual(
      [
        '/',
        '/article/ancien-titre',
        '/article/ancien-titre/verdict.jpg',
        '/article/nouveau-titre',
        '/article/nouveau-titre/verdict.jpg',
        '/auteur/awa-diallo',
        '/category/politique',
        '/category/politique-africaine',
        '/category/politique-africaine/rss.xml',
        '/category/politique/rss.xml',
        '/edition.json',
        '/rss.xml',
        '/sitemap-news.xml',
        '/sitemap-pages.xml',
        '/sitemap.xml',
        '/vrai-ou-faux',
        '/vrai-ou-faux/rss.xml',
      ].map((p) => `https://afriqueactu.example${p}`),
    );
  });

  it('a tag: its page and feed under both addresses (its kind is not in its key) at its slug and the merged ones', () => {
    const paths = ['senegal', 'senegal-ancien'].flatMap((slug) => [
      `/pays/${slug}`,
      `/pays/${slug}/rss.xml`,
      `/sujet/${slug}`,
      `/sujet/${slug}/rss.xml`,
    ]);
    expect(purgeUrls(['tag-t1'], lookups())).toEqual(paths.sort().map((p) => `https://afriqueactu.example${p}`));
  });

  it('the corrections page; unknown ids add nothing', () => {
    expect(purgeUrls(['corrections', 'article-unknown'], lookups())).toEqual(['https://afriqueactu.example/corrections']);
  });

  it('the menu (on every page) and `all` need everything purged', () => {
    expect(purgeUrls(['category-c1', 'menu', 'feeds'], lookups())).toBeNull();
    expect(purgeUrls(['all'], lookups())).toBeNull();
  });
});
