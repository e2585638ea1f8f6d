import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PREVIEW_PATTERN, PREVIEW_PREFIX, previewPath } from '@/lib/previewPath';
import { LoadError, type CategoryPageData } from './api/types';
import { isLitePage } from './dataSaver/litePages';
import { LAZY_PAGE_MODULES, matchRoute, ROUTE_LIST, ROUTES, SEARCH_MAX, searchQuery } from './routes';
import * as pages from './meta';
import { routeMeta } from './routing/routeMeta';

const search = (q: string) => new URLSearchParams({ q });

describe('search params, normalised once in the table', () => {
  it('trims the words and cuts them to SEARCH_MAX', () => {
    expect(searchQuery('  dakar  ')).toBe('dakar');
    expect(searchQuery(null)).toBe('');
    const long = 'x'.repeat(3000);
    expect(searchQuery(long)).toBe('x'.repeat(SEARCH_MAX));
    expect(searchQuery(`   ${long}`)).toHaveLength(SEARCH_MAX);
  });

  it('never ends on a space or on half a surrogate pair after the cut', () => {
    expect(searchQuery(`${'a'.repeat(SEARCH_MAX - 1)} suite`)).toBe('a'.repeat(SEARCH_MAX - 1));
    const emoji = `${'a'.repeat(SEARCH_MAX - 1)}🌍🌍`;
    const q = searchQuery(emoji);
    expect(q).toBe('a'.repeat(SEARCH_MAX - 1));
    expect(q).not.toMatch(/[\uD800-\uDFFF]/);
  });

  it('the search route reads q through it: same params, same key on the server and in the browser', () => {
    const { id, route, params } = matchRoute('/search', search(` ${'dakar '.repeat(500)}`));
    expect(id).toBe('search');
    expect(params).toEqual({ q: searchQuery('dakar '.repeat(500)) });
    expect((params as { q: string }).q.length).toBeLessThanOrEqual(SEARCH_MAX);
    expect(route.loader!.key(params)).toBe(`search:${(params as { q: string }).q}`);
  });
});

describe('matching', () => {
  it('finds each page by its pattern, path params decoded, the catch-all last', () => {
    expect(matchRoute('/', search('')).id).toBe('home');
    expect(matchRoute('/article/un-titre', search('')).params).toEqual({ slug: 'un-titre', before: null, since: null });
    // A live article's older entries and its no-JavaScript refresh: whole numbers only, anything else no page (-1).
    expect(matchRoute('/article/un-titre', new URLSearchParams('avant=12&depuis=40')).params).toEqual({
      slug: 'un-titre',
      before: 12,
      since: 40,
    });
    expect(matchRoute('/article/un-titre', new URLSearchParams('avant=-1&depuis=4e2')).params).toEqual({
      slug: 'un-titre',
      before: -1,
      since: -1,
    });
    expect(matchRoute('/category/%C3%A9co/', search('')).params).toEqual({ slug: 'éco', page: 1 });
    expect(matchRoute('/about', search('')).id).toBe('about');
    expect(matchRoute('/mesure-d-audience', search('')).id).toBe('audience');
    expect(matchRoute('/corrections', search('')).id).toBe('corrections');
    expect(matchRoute('/mes-articles', search('')).id).toBe('savedArticles');
    expect(matchRoute('/apercu/0b6c1b1e-7a7e-4c43-9d55-2f4f1b0c9a11', search('')).params).toEqual({
      id: '0b6c1b1e-7a7e-4c43-9d55-2f4f1b0c9a11',
    });
    expect(matchRoute('/article/a/b', search('')).id).toBe('notFound');
    expect(Object.keys(ROUTES).at(-1)).toBe('notFound');
  });

  it('names only page modules that exist, one per page loaded on demand', () => {
    // Every page: the category and 404 pages too, since the first load makes room for issue 46; a
    // country's and a topic's page are one module (TagPage), listed by each of its two rows.
    expect(LAZY_PAGE_MODULES).toHaveLength(21);
    for (const module of LAZY_PAGE_MODULES) expect(fs.existsSync(path.resolve(import.meta.dirname, '../..', module)), module).toBe(true);
  });
});

describe('country and topic pages', () => {
  it('/pays is the index, /pays/<slug> a country and /sujet/<slug> any other tag, paged as a category', () => {
    expect(matchRoute('/pays', new URLSearchParams()).id).toBe('countries');
    const country = matchRoute('/pays/senegal', new URLSearchParams('page=2'));
    expect([country.id, country.params]).toEqual(['country', { slug: 'senegal', page: 2 }]);
    const topic = matchRoute('/sujet/elections', new URLSearchParams('page=x'));
    expect([topic.id, topic.params]).toEqual(['topic', { slug: 'elections', page: 0 }]);
  });
});

describe('category pages', () => {
  const params = (query: string) => matchRoute('/category/economie', new URLSearchParams(query)).params as { slug: string; page: number };

  it('read their page from ?page=, any other value being no page at all (a 404)', () => {
    expect(params('').page).toBe(1);
    expect(params('page=3').page).toBe(3);
    for (const bad of ['page=0', 'page=-1', 'page=2.5', 'page=abc', 'page=', 'page=1e3', 'page=9999999'])
      expect(params(bad).page, bad).toBe(0);
    const loader = ROUTES.category.loader!;
    expect(loader.key(params('page=3'))).toBe('category:economie:3');
    const data: CategoryPageData = { category: { id: '1', name: 'Économie', slug: 'economie' }, articles: [], page: 3, hasMore: false };
    expect(loader.missing!(data), 'past the last page').toBe(true);
    expect(loader.missing!({ ...data, page: 1 }), 'an empty category').toBe(false);
  });

  it('are each their own canonical address, linked to the pages before and after', () => {
    const base = { category: { id: '1', name: 'Économie', slug: 'economie' }, articles: [] };
    expect(ROUTES.category.meta(params(''), { ...base, page: 1, hasMore: true }, pages)).toMatchObject({
      title: 'Économie',
      path: '/category/economie',
      next: '/category/economie?page=2',
    });
    expect(ROUTES.category.meta(params(''), { ...base, page: 1, hasMore: true }, pages)!.prev).toBeUndefined();
    expect(ROUTES.category.meta(params('page=2'), { ...base, page: 2, hasMore: true }, pages)).toMatchObject({
      title: 'Économie, page 2',
      path: '/category/economie?page=2',
      prev: '/category/economie',
      next: '/category/economie?page=3',
    });
    expect(ROUTES.category.meta(params('page=3'), { ...base, page: 3, hasMore: false }, pages)!.next).toBeUndefined();
  });
});

describe('head tags from the table', () => {
  const ready = (data: unknown) => ({ status: 'ready' as const, data, error: null });
  const category: CategoryPageData = { category: { id: '1', name: 'Économie', slug: 'economie' }, articles: [], page: 1, hasMore: false };

  it('noindex comes from the route: search and sign-in out of indexes, the rest in', () => {
    expect(routeMeta(ROUTES.search, '/search', { q: 'dakar' }, ready([])).noindex).toBe(true);
    expect(routeMeta(ROUTES.auth, '/auth', {}, ready(undefined)).noindex).toBe(true);
    expect(routeMeta(ROUTES.about, '/about', {}, ready(undefined)).noindex).toBeUndefined();
    // A reader's own list: nothing for an index.
    expect(routeMeta(ROUTES.savedArticles, '/mes-articles', {}, ready(undefined))).toMatchObject({ title: 'Mes articles', noindex: true });
    expect(routeMeta(ROUTES.category, '/category/economie', { slug: 'economie' }, ready(category))).toMatchObject({
      title: 'Économie',
      kind: 'collection',
    });
  });

  it('missing data gives the route its not-found head; loading and failure a placeholder', () => {
    expect(routeMeta(ROUTES.category, '/category/x', { slug: 'x' }, ready(null))).toMatchObject({
      title: 'Page introuvable',
      kind: 'error',
      noindex: true,
    });
    expect(routeMeta(ROUTES.article, '/article/x', { slug: 'x' }, ready(null)).title).toBe('Article introuvable');
    expect(routeMeta(ROUTES.notFound, '/nulle-part', {}, ready(undefined)).title).toBe('Page introuvable');
    expect(routeMeta(ROUTES.article, '/article/x', { slug: 'x' }, { status: 'loading', data: undefined, error: null }).title).toBe(
      'Chargement...',
    );
    const failed = { status: 'error' as const, data: undefined, error: new LoadError("Erreur lors du chargement de l'article") };
    expect(routeMeta(ROUTES.article, '/article/x', { slug: 'x' }, failed).title).toBe("Erreur lors du chargement de l'article");
  });

  it("a newsletter link's title follows its heading: the question until the server answers « fait »", () => {
    const title = (path: string, query: Record<string, string>) => {
      const { route, params } = matchRoute(path, new URLSearchParams(query));
      return routeMeta(route, path, params, ready(undefined)).title;
    };
    const confirm = '/newsletter/confirmation';
    expect(title(confirm, { jeton: 'abc' })).toBe('Confirmer votre inscription');
    expect(title(confirm, { jeton: 'abc', etat: 'fait' })).toBe('Inscription confirmée');
    // Nothing done: an unknown link or a failure keeps the page's question.
    expect(title(confirm, { jeton: 'abc', etat: 'inconnu' })).toBe('Confirmer votre inscription');
    expect(title(confirm, { jeton: 'abc', etat: 'erreur' })).toBe('Confirmer votre inscription');
    const unsubscribe = '/newsletter/desinscription';
    expect(title(unsubscribe, { jeton: 'abc' })).toBe('Désinscription de la newsletter');
    expect(title(unsubscribe, { jeton: 'abc', etat: 'fait' })).toBe('Désinscription faite');
  });
});

describe('the preview, a page for one signed-in administrator', () => {
  it('is the only page the server never renders with data, never lite, never indexed', () => {
    const sessionOnly = ROUTE_LIST.filter(([, route]) => route.sessionOnly).map(([id]) => id);
    expect(sessionOnly).toEqual(['preview']);
    expect(isLitePage('/apercu/0b6c1b1e-7a7e-4c43-9d55-2f4f1b0c9a11')).toBe(false);
    expect(isLitePage('/corrections')).toBe(true);
    expect(isLitePage('/article/un-titre')).toBe(true);
    const loading = { status: 'loading' as const, data: undefined, error: null };
    expect(routeMeta(ROUTES.preview, '/apercu/x', { id: 'x' }, loading).noindex).toBe(true);
    expect(routeMeta(ROUTES.preview, '/apercu/x', { id: 'x' }, { status: 'ready', data: null, error: null })).toMatchObject({
      title: 'Page introuvable',
      noindex: true,
    });
  });

  it("is where the back office's Aperçu links (previewPath, shared with the route's pattern)", () => {
    const id = '0b6c1b1e-7a7e-4c43-9d55-2f4f1b0c9a11';
    expect(ROUTES.preview.path).toBe(PREVIEW_PATTERN);
    expect(matchRoute(previewPath(id), search(''))).toMatchObject({ id: 'preview', params: { id } });
    expect(previewPath(id).startsWith(PREVIEW_PREFIX)).toBe(true);
  });
});
