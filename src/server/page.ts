import { impossibleSlug, SLUG_MAX } from '@/lib/slug';
import type { DataClient } from '@/lib/supabase';
import type { ArticlePageData } from '@/public/api/types';
import { errorMeta, articleHeadMeta, type PageMeta } from '@/public/meta';
import type { PageSeed } from '@/public/page/PageContext';
import { matchRoute, type RouteMatch } from '@/public/routes';
import { matchPath } from '@/public/router/match';
import { isRedirect } from '@/public/routing/redirect';
import { isMissing, type DataState } from '@/public/routing/route';
import { routeMeta } from '@/public/routing/routeMeta';
import { ROUTE_PATHS } from '@/public/routePaths';
import { bylineId, publicArticleId } from './routes/ids';
import { pageKeys, type FoundIds } from './routes/pageKeys';

/** What the server knows about a reader URL before rendering it. */
export interface ResolvedPage {
  status: 200 | 301 | 404 | 503;
  /**
   * Where a 301 sends the reader: the page's current path alone. One render answers every request
   * for the page at once (see StalePages.shared), and its key has no query string, so the query of
   * each request is added by whoever answers it (app.ts), never baked in here.
   */
  location?: string;
  /**
   * A page for one visitor, which no cache may keep: a signed-in visitor's (the route's
   * sessionOnly; the server answers its loading state with 404) or a reader's own link (personal).
   */
  private?: true;
  meta: PageMeta;
  /** The page's data under its loader key; null when the page has none or its load failed. */
  seed: PageSeed | null;
  /** False when part of the page failed to load: it must not be cached as the page. */
  complete: boolean;
  /** Source module of a page loaded on demand in the browser (its CSS must come with the HTML). */
  lazyModule?: string;
  /** The purge keys of what it shows (routes/pageKeys.ts); sent only with a page any cache may keep. */
  keys: string[];
}

/**
 * A slug the database cannot hold for the page's kind (an article, a category, an author): too
 * long or not of its form. No such page, answered 404 without a lookup and never kept.
 */
function namesNothing({ id, params }: RouteMatch): boolean {
  return id in SLUG_MAX && impossibleSlug(id as keyof typeof SLUG_MAX, (params as { slug: string }).slug);
}

/**
 * The one path of a route's page: its pattern with the params the address gave, decoded then
 * written as the reader's links write them (`/search/` → `/search`, `/category/%70olitique` →
 * `/category/politique`). Every address with one key is rendered from it, so what the copy shows
 * (the menu's current link, the search box) is the same whichever of them came first.
 */
function canonicalPath(pattern: string, pathname: string): string {
  const params = matchPath(pattern, pathname) ?? {};
  return pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

/** A URL's query as a route reads it: what it asked for is recorded, to render the page from that alone. */
class ReadQuery extends URLSearchParams {
  readonly read = new URLSearchParams();
  override get(name: string): string | null {
    const value = super.get(name);
    if (value !== null) this.read.set(name, value);
    return value;
  }
}

/**
 * What names a page's render in the page cache: its route's data key, so a query string
 * (?utm_source, ?fbclid) does not make another copy; else its path. `endless` for pages out of
 * search engines (searches), whose addresses have no end: they are kept apart, in a smaller store,
 * so a flood of them cannot push the site's pages out. `url` is what the page is rendered from:
 * its path and only the query parameters its route reads (those its key holds), since the copy
 * answers every address with that key and must show nothing of one request's other parameters.
 * Null for pages never kept: a visitor's own (an unsubscribe link, a preview), unknown paths and
 * slugs longer than any page has. A live article's older pages and refreshes are `endless` too.
 */
export function pageCacheKey(url: URL): { key: string; endless: boolean; url: URL } | null {
  const query = new ReadQuery(url.search);
  const match = matchRoute(url.pathname, query);
  const { route, params } = match;
  if (route.notFound || route.sessionOnly || route.personal || namesNothing(match)) return null;
  // A copy of the URL (a path is never read as a host): the route's own path, its query only what the route read.
  const rendered = new URL(url.href);
  rendered.pathname = canonicalPath(route.path, url.pathname);
  rendered.search = query.read.toString();
  // A live article's older entries and refreshes (?avant=, ?depuis=) have addresses without end too (any cursor).
  const endless = route.noindex === true || (match.id === 'article' && rendered.search !== '');
  return { key: route.loader ? route.loader.key(params) : rendered.pathname, endless, url: rendered };
}

const READY: DataState<undefined> = { status: 'ready', data: undefined, error: null };
const LOADING: DataState<undefined> = { status: 'loading', data: undefined, error: null };

/**
 * Status, head, data and CSS of a reader URL, from its row of the route table: the row's loader
 * runs (the same one the browser runs, with the same params and key) as anon, since what the
 * server renders is what any visitor may read.
 */
export async function resolvePage(url: URL, db: DataClient, sanitizeHtml: (html: string) => string): Promise<ResolvedPage> {
  const path = url.pathname;
  const match = matchRoute(path, url.searchParams);
  const { route, params } = match;
  const lazyModule = route.page.module;
  const loader = route.loader;
  // The visitor's session stays in their browser: whatever they may see there, here it is nobody's.
  if (route.sessionOnly)
    return { status: 404, meta: routeMeta(route, path, params, LOADING), seed: null, complete: true, private: true, lazyModule, keys: [] };
  if (!loader) {
    const missing = isMissing(route, READY);
    return {
      status: missing ? 404 : 200,
      keys: pageKeys(match.id, missing ? 404 : 200, null),
      meta: routeMeta(route, path, params, READY),
      seed: null,
      complete: true,
      // A reader's own link (a newsletter token) is kept by no cache, data or not.
      ...(route.personal && { private: true as const }),
      lazyModule,
    };
  }

  let data: unknown;
  try {
    // A slug no page can have: not found, without asking the database.
    data = namesNothing(match) ? null : await loader.load(db, params);
  } catch (error) {
    // The backend did not answer: the page goes out in its loading state and the browser loads
    // the data itself.
    console.error(`Rendu serveur de ${path} : les données de la page n’ont pas pu être chargées`, error);
    return { status: 503, meta: errorMeta(null, path), seed: null, complete: false, lazyModule, keys: [] };
  }
  const found = await foundIds(db, match, data);
  if (isRedirect(data))
    return {
      status: 301,
      location: data.path,
      meta: errorMeta(null, path),
      seed: null,
      complete: !!found,
      lazyModule,
      keys: pageKeys(match.id, 301, data, found ?? {}),
    };
  if (loader.prepare) data = loader.prepare(data, { sanitizeHtml });
  const state: DataState<unknown> = { status: 'ready', data, error: null };
  const missing = isMissing(route, state);
  return {
    status: missing ? 404 : 200,
    keys: pageKeys(match.id, missing ? 404 : 200, data, found ?? {}),
    meta: headMeta(match, routeMeta(route, path, params, state), data),
    seed: { key: loader.key(params), data },
    // Without the ids it is purged by, a page must not be kept.
    complete: missing || ((loader.complete?.(data) ?? true) && !!found),
    ...(route.personal && { private: true as const }),
    lazyModule,
  };
}

/** The route's head, and an article's facts in it (articleHeadMeta: the server's part alone). */
const headMeta = (match: RouteMatch, meta: PageMeta, data: unknown): PageMeta =>
  match.id === 'article' && data && !isRedirect(data) && meta.kind === 'article' ? articleHeadMeta(meta, data as ArticlePageData) : meta;

/**
 * The ids a page is purged by that its data does not hold (routes/ids.ts): a moved article's (its
 * 301 is purged with the article), an author page's. Null when they could not be read.
 */
async function foundIds(db: DataClient, { id, params }: RouteMatch, data: unknown): Promise<FoundIds | null> {
  try {
    if (isRedirect(data)) {
      const slug = matchPath(ROUTE_PATHS.article, data.path)?.slug;
      return { articleId: slug ? await publicArticleId(db, slug) : undefined };
    }
    if (id === 'author' && data) return { authorId: await bylineId(db, (params as { slug: string }).slug) };
    return {};
  } catch (error) {
    console.error('Rendu serveur : les clés de purge de la page n’ont pas pu être chargées', error);
    return null;
  }
}
