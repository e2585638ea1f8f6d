import { describe, expect, it } from 'vitest';
import { SLUG_MAX } from '@/lib/slug';
import { pageCacheKey } from './page';

const ORIGIN = 'https://afrique-actu.example';
const kept = (address: string) => pageCacheKey(new URL(address, ORIGIN));
const renderedFrom = (address: string) => {
  const url = kept(address)?.url;
  return url && url.pathname + url.search;
};

describe('a kept page is rendered from what its key holds', () => {
  it('drops every query parameter its route does not read, a search box query included', () => {
    expect(renderedFrom('/?q=<b>Annonce</b>&utm_source=x')).toBe('/');
    expect(kept('/?q=piege')?.key).toBe(kept('/')?.key);
    expect(renderedFrom('/article/un-titre?q=piege&fbclid=1')).toBe('/article/un-titre');
    // A live article's older entries and refresh: each its own copy.
    expect(renderedFrom('/article/un-titre?avant=12&utm_source=x')).toBe('/article/un-titre?avant=12');
    expect(kept('/article/un-titre?avant=12')?.key).toBe('article:un-titre:12:null');
    expect(kept('/article/un-titre?depuis=40')?.key).toBe('article:un-titre:null:40');
    // Any cursor is an address: kept apart with the searches, out of the site's pages' room.
    expect(kept('/article/un-titre?depuis=40')?.endless).toBe(true);
    expect(kept('/article/un-titre?utm_source=x')?.endless).toBe(false);
    expect(renderedFrom('/category/politique?page=2&q=piege')).toBe('/category/politique?page=2');
    expect(renderedFrom('/auteur/awa-diallo?utm_medium=mail')).toBe('/auteur/awa-diallo');
    expect(renderedFrom('/about?q=piege')).toBe('/about');
  });

  it('ignores the channel tags links carry (s, utm_source, ref): one copy for every channel', () => {
    expect(renderedFrom('/article/un-titre?s=ed-wa')).toBe('/article/un-titre');
    expect(kept('/article/un-titre?s=ed-tg&ref=x&utm_source=y')?.key).toBe(kept('/article/un-titre')?.key);
    expect(kept('/article/un-titre?s=ed-tg')?.endless).toBe(false);
  });

  it('keeps the words of a search, which its key holds', () => {
    expect(renderedFrom('/search?q=cacao&utm_source=x')).toBe('/search?q=cacao');
    expect(kept('/search?q=cacao')?.key).toBe('search:cacao');
  });
});

describe('a kept page is rendered from its route’s one path', () => {
  it('whichever way the address writes it: a trailing slash, an encoded letter', () => {
    expect(renderedFrom('/search/?q=cacao')).toBe('/search?q=cacao');
    expect(kept('/search/?q=cacao')?.key).toBe(kept('/search?q=cacao')?.key);
    expect(renderedFrom('/category/%70olitique')).toBe('/category/politique');
    expect(kept('/category/%70olitique')?.key).toBe(kept('/category/politique')?.key);
    expect(renderedFrom('/about/')).toBe('/about');
    expect(kept('/about/')?.key).toBe(kept('/about')?.key);
    // The address readers' links write is rendered as it is.
    expect(renderedFrom('/article/un-titre')).toBe('/article/un-titre');
  });
});

describe('slugs the database cannot hold', () => {
  it.each(['/category/Politique', '/category/poli_tique', '/article/a--b', '/auteur/-awa', '/category/%C3%A9conomie'])(
    '%s names no page (not of the database’s form): never kept',
    (address) => expect(kept(address)).toBeNull(),
  );

  it.each([
    ['article', '/article/', SLUG_MAX.article],
    ['category', '/category/', SLUG_MAX.category],
    ['author', '/auteur/', SLUG_MAX.author],
  ] as const)('name no %s page: never kept (one letter less is a page like any other)', (_, prefix, max) => {
    expect(kept(prefix + 'a'.repeat(max + 1))).toBeNull();
    expect(kept(prefix + 'a'.repeat(7000))).toBeNull();
    expect(kept(prefix + 'a'.repeat(max))?.key).toContain('a'.repeat(max));
  });
});
