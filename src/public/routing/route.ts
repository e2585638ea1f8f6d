import type { ComponentType } from 'react';
import type { DataClient } from '@/lib/supabase';
import { LoadError } from '../api/types';
import type { PageMeta } from '../meta';
import type { Params } from '../router/match';
import { isRedirect, type Redirect } from './redirect';

// The shape of one row of the reader's route table (src/public/routes.ts). The table is read by
// the reader app, the server, hydration and the pages; these types and rules are what they share.

/** A page component; a page loaded on demand also says how to fetch it and where its source is. */
export type RoutePage = ComponentType & {
  preload?: () => Promise<unknown>;
  /** Source path as Vite's build manifest names it: the server links the page's CSS from there. */
  module?: string;
};

/** How a route gets its data, the same way in the browser and on the server. */
export interface RouteLoader<P, T> {
  /** Names the data: the server hands it to the browser under this key, useLoader picks it up by it. */
  key: (params: P) => string;
  /** The page's data, or a Redirect when the page lives elsewhere (301 on the server, see redirect.ts). */
  load: (db: DataClient, params: P) => Promise<T | Redirect>;
  /** The data says there is no such page: 404 on the server, the page's not-found view in the browser. */
  missing?: (data: T) => boolean;
  /** Title of that not-found page (default "Page introuvable"). */
  missingTitle?: string;
  /** False when part of the data failed to load: the server must not cache the page. */
  complete?: (data: T) => boolean;
  /**
   * On the server: the data as rendered and handed to the browser, when it differs from what the
   * loader returned (an HTML body sanitized once there, so the browser needs no sanitizer to hydrate).
   */
  prepare?: (data: T, server: { sanitizeHtml: (html: string) => string }) => T;
  /** Chunks the page's first render needs with this data, loaded before hydrating (see preloadForHydration). */
  needs?: (data: T) => Promise<unknown> | null;
}

export interface ReaderRoute<P = Record<string, never>, T = undefined> {
  /** Pattern for matchPath ('/article/:slug'; '*' for the catch-all). */
  path: string;
  page: RoutePage;
  /** The loader's params from the URL, normalised here once for the server and the browser. */
  params?: (match: Params, search: URLSearchParams) => P;
  loader?: RouteLoader<P, T>;
  /**
   * Head tags of the page as found; null while they depend on data that is not there yet. The head's
   * code comes as an argument: the server has it at hand, the browser loads it only when a
   * navigation changes the head (usePageMeta), so no reader's first load carries it.
   */
  meta: (params: P, data: T | undefined, pages: PageMetaModule) => PageMeta | null;
  /** Kept out of search engines' indexes (search results, sign-in). */
  noindex?: boolean;
  /** The catch-all: whatever its page shows, the answer is 404. */
  notFound?: boolean;
  /**
   * A page used by typing into it (sign-in, contact): in data-saver mode it keeps the reader app
   * instead of going out lite (see dataSaver/litePages.ts).
   */
  interactive?: boolean;
  /**
   * Shown only to a signed-in visitor allowed to (the preview, for administrators), from data the
   * browser loads with its session. The server never has that session: it answers 404 with the
   * page's loading state, kept by no cache and out of indexes, and never goes out lite.
   */
  sessionOnly?: boolean;
  /**
   * Made for one reader's own link (an unsubscribe ?jeton=…), whose load acts on that reader's data:
   * no cache keeps it, neither in front of the site nor the service worker, so following the link
   * again always reaches the database.
   */
  personal?: boolean;
}

/** What each page says about itself (src/public/meta.ts), handed to a row's `meta`. */
export type PageMetaModule = typeof import('../meta');

/** A table row, its param and data types checked against each other. */
export const defineRoute = <P = Record<string, never>, T = undefined>(route: ReaderRoute<P, T>) => route;

// The table holds rows of different types; each row was checked when it was defined.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a row's params type appears in its loader's argument (contravariant): ReaderRoute<unknown, unknown> accepts no row, and `never` would forbid calling the loader
export type AnyRoute = ReaderRoute<any, any>;

export type ParamsOf<R> = R extends ReaderRoute<infer P, infer _T> ? P : never;
export type DataOf<R> = R extends ReaderRoute<infer _P, infer T> ? T : never;

/** The loader's params of a route for this URL (path params and search params). */
export const routeParams = (route: AnyRoute, match: Params, search: URLSearchParams): unknown => route.params?.(match, search) ?? {};

/**
 * A route's data as the browser loads it (a page it makes itself, or a server page's data refreshed),
 * with the chunks its render needs already in, as hydration has them (PublicApp.tsx): the page then
 * shows whole at once, where a part that needed a chunk would hide what it showed while the chunk
 * came (an article refreshed with a body the server had sanitized hid all that follows the body).
 * A chunk that fails to load is not the data's failure: its part retries when it renders.
 */
export async function loadInBrowser<P, T>(loader: RouteLoader<P, T>, db: DataClient, params: P): Promise<T | Redirect> {
  const data = await loader.load(db, params);
  if (!isRedirect(data)) await Promise.allSettled([loader.needs?.(data)]);
  return data;
}

/** Where a route's data stands, as useLoader reports it (server: always ready, or failed). */
export interface DataState<T> {
  status: 'loading' | 'ready' | 'error';
  data: T | undefined;
  error: unknown;
}

export const LOADING_TITLE = 'Chargement...';
export const UNEXPECTED_ERROR = 'Erreur lors du chargement';

/** What a failed load tells the reader. */
export const loadErrorMessage = (error: unknown) => (error instanceof LoadError ? error.userMessage : UNEXPECTED_ERROR);

/** The route's data is in and says the page does not exist. */
export const isMissing = (route: AnyRoute, state: DataState<unknown>) =>
  !!route.notFound || (state.status === 'ready' && !!route.loader?.missing?.(state.data));
