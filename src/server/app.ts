import type { IncomingMessage, ServerResponse } from 'node:http';
import { PostgrestClient } from '@supabase/postgrest-js';
import compression from 'compression';
import type { Database } from '@/lib/database';
import type { SiteEnv } from '@/lib/siteEnv';
import { newsletterRoutes, type NewsletterServer } from './newsletter';
import { pushRoutes } from './push';
import type { PushServer } from '@/push/config';
import type { EssentielServer } from '@/essentiel/config';
import { EDITION_FRESH_MS, editionList } from './edition';
import { CACHE, newNonce, securityHeaders } from './headers';
import type { LiteScripts } from './lite';
import type * as Renderer from './render';
import { ContentVersion } from './contentVersion';
import { EMERGENCY_FRESH_FACTOR, EmergencyState } from './emergency';
import { clientAddress, RenderLimit, renderWithinLimit, type LimitOptions } from './renderLimit';
import { renderOrStale, StalePages, type StoreOptions } from './stalePages';
import { serverSanitizer } from './sanitize';
import { fillTemplate, liteTemplate } from './template';
import { MOVES_MAX_BYTES } from './wordpressAddresses';
import { lookupWithinLimit, negativeAnswers, type StoredFile } from './negativeAnswers';
import { routeParams, SERVER_ROUTES } from './routes';
import { send } from './routes/answers';
import type { Reader, Site } from './routes/site';
import { sized, type StoredPage } from './routes/stored';
import { versionReader } from './versionReader';

type Next = (error?: unknown) => void;
export type Middleware = (req: IncomingMessage, res: ServerResponse, next: Next) => void;
const BACKEND_TIMEOUT_MS = 8000;

export interface SiteServerOptions {
  /** The Supabase project the site reads (the server as anon; browsers with their session). */
  env: SiteEnv;
  /** The site's public origin (SITE_URL, see origin.ts), for canonical, share and feed links. */
  origin: string;
  /** Off: pages go out empty and the browser renders them (for comparisons, see bench:web). */
  ssr: boolean;
  /** Development: Vite writes inline scripts into pages, which then run with a per-response nonce. */
  inlineScriptNonce?: boolean;
  /** The page template: index.html as built, or as Vite's dev server transforms it. */
  template: (url: string) => Promise<string>;
  /** The renderer: the built module, or in development Vite's fresh load of the source. */
  renderer: () => Promise<Pick<typeof Renderer, 'renderPage' | 'pageCacheKey' | 'isLitePage'>>;
  /** Serves files (built assets, or Vite's dev middlewares), calling next when it has none. */
  files: Middleware;
  /** Stylesheet and preload tags for a page module the browser loads on demand. */
  lazyModuleLinks?: (module: string) => string;
  /** The lite script and the reader app's entry, as the page template names them (data-saver mode). */
  lite: LiteScripts;
  /** Behind a proxy the operator trusts: a client's address is the one it appends to X-Forwarded-For. */
  trustProxy?: boolean;
  /** Tests and benchmarks: the page cache's and the render limit's settings (defaults: stalePages.ts, renderLimit.ts). */
  pageCache?: StoreOptions;
  renderLimit?: LimitOptions;
  /** Sending the newsletter (service role key and a transport); without it, its links still work. */
  newsletter?: NewsletterServer;
  /** Sending push alerts (VAPID keys, service role key); without it the reader's control says alerts are off. */
  push?: PushServer;
  /** The service role key: readers without JavaScript are counted by the server (routes/servedView.ts); without it they are not. */
  serviceRoleKey?: string;
  /** Making « L'essentiel du jour » on demand (service role key); without it « Préparer maintenant » answers 503. */
  essentiel?: EssentielServer;
  /**
   * Reads public.content_version() another way than through PostgREST (directContentVersion.ts:
   * the server's own Postgres connection, which a flood of costly API requests cannot queue behind).
   */
  readContentVersion?: (signal: AbortSignal) => Promise<string>;
}

/** The site's request handler; close() stops its reads of the content version. */
export type SiteHandler = ((req: IncomingMessage, res: ServerResponse) => void) & {
  close: () => void;
  /** The content version the kept pages are served under, null while it is not proven (tests). */
  version: () => string | null;
  /** The bytes the kept pages, files and editions hold, as their bound counts them (tests). */
  heldBytes: () => number;
  /** Whether « Mode urgence » is on, as the content version last said (the mirror's schedule). */
  emergency: () => boolean;
};

/** Searches and other pages out of search engines: their own store, this big (their addresses have no end). */
const ENDLESS_PAGES_MAX_BYTES = 4 * 1024 * 1024;
/** Live deltas kept: a few hundred answers of some KB (each revision's, until the next change clears them). */
const LIVE_MAX_BYTES = 4 * 1024 * 1024;
/**
 * Feeds, sitemaps and editions kept. A 100,000-article archive over 5 years has 262 weekly
 * sitemap files of ~380 addresses (~65,000 characters each, counted 2 bytes a character): ~34 MB
 * here, ~17 MB in fact (V8 keeps ASCII text one byte a character). All of them must fit, or those
 * pushed out have no copy to answer with while a flood holds the backend (docs/scale.md).
 */
const FILES_MAX_BYTES = 48 * 1024 * 1024;

/**
 * The site's HTTP handler, the same in production (npm start) and development (npm run dev):
 * security headers on every response, then the first row of the route table (routes.ts) that
 * answers: feeds and sitemaps, the edition, the newsletter's and push's calls, files, old
 * addresses, the back office's shell and reader pages rendered on the server.
 */
export function createSiteHandler(options: SiteServerOptions): SiteHandler {
  const { env, origin } = options;
  // The server reads as anon, never with a visitor's session: what it renders, anyone may see,
  // and a page is the same for everyone, so it can be cached.
  const anon = env.supabaseAnonKey;
  const db: Reader = new PostgrestClient<Database>(`${env.supabaseUrl}/rest/v1`, {
    headers: { apikey: anon, Authorization: `Bearer ${anon}` },
    // A backend that hangs must not hang the page: after this, the page goes out as a 503.
    fetch: (input, init) => fetch(input, { ...init, signal: init?.signal ?? AbortSignal.timeout(BACKEND_TIMEOUT_MS) }),
  });
  const views: Reader | null = options.serviceRoleKey
    ? new PostgrestClient<Database>(`${env.supabaseUrl}/rest/v1`, {
        headers: { apikey: options.serviceRoleKey, Authorization: `Bearer ${options.serviceRoleKey}` },
        fetch: (input, init) => fetch(input, { ...init, signal: init?.signal ?? AbortSignal.timeout(BACKEND_TIMEOUT_MS) }),
      })
    : null;
  const sanitizeHtml = serverSanitizer();
  const compress = compression();
  const setSecurityHeaders = securityHeaders({ supabaseUrl: env.supabaseUrl, origin });
  // « Mode urgence », as the content version last said (emergency.ts).
  const emergency = new EmergencyState();
  // Reader pages kept answer longer while it is on: a surge of readers costs fewer renders.
  const pageOptions = { ...options.pageCache, freshFactor: () => (emergency.isOn() ? EMERGENCY_FRESH_FACTOR : 1) };
  // Pages, feeds and editions kept (stalePages.ts): evicted all at once when the content version
  // moves (a change that any of them may show), and served only while it is proven current.
  const pages = new StalePages<StoredPage>(pageOptions);
  const endlessPages = new StalePages<StoredPage>({ maxBytes: ENDLESS_PAGES_MAX_BYTES, ...pageOptions });
  const files = new StalePages<StoredFile>({ maxBytes: FILES_MAX_BYTES, ...options.pageCache });
  // What names nothing (a 404 feed, an old address no post had) and old addresses' answers: apart, small (negativeAnswers.ts).
  const misses = negativeAnswers(options.pageCache);
  const moves = new StalePages<StoredFile>({ ...options.pageCache, maxBytes: MOVES_MAX_BYTES });
  // Today's editions, one per mode: each costs a render of every page it lists, so a copy answers
  // for minutes rather than seconds; like every copy, only while its version is proven current.
  const editions = new StalePages<StoredFile>({ ...options.pageCache, freshMs: EDITION_FRESH_MS });
  // Live coverages' delta answers: an address per revision, each small (routes/liveDelta.ts).
  const live = new StalePages<StoredFile>({ maxBytes: LIVE_MAX_BYTES, ...options.pageCache });
  const stores = [pages, endlessPages, files, misses, moves, editions, live];
  const changes = new ContentVersion(versionReader(db, options.readContentVersion));
  const currentVersion = () => changes.current();
  changes.onChange((version) => {
    emergency.update(version);
    stores.forEach((store) => store.clear());
  });
  void changes.start();
  // Read paths only: renders of pages and lookups. Writes (forms, sign-ups) keep their own limits in the database.
  const limit = new RenderLimit(options.renderLimit, emergency.isOn);
  const lite = liteTemplate(options.lite);

  const pageDocument: Site['pageDocument'] = async (address, rendered, { nonce, dataSaver, stale, litePage }) => {
    const preload = rendered.lazyModule && options.lazyModuleLinks ? options.lazyModuleLinks(rendered.lazyModule) : '';
    return fillTemplate(await options.template(address), {
      nonce,
      env,
      head: rendered.head,
      preload,
      page: {
        html: rendered.html,
        origin,
        seedJson: rendered.seedJson,
        menu: rendered.menu,
        newsletterTime: rendered.newsletterTime,
        emergency: rendered.emergency,
        dataSaver,
        stale,
      },
      // A page whose data the browser must still load (503, a missing part) needs the reader app.
      lite: dataSaver && litePage && rendered.complete ? lite : undefined,
    });
  };

  // The shell page refusals answer with, filled once when it is the same for every request (no nonce).
  let shell: string | undefined;
  const refusalShell = async (address: string, nonce: string | null) =>
    nonce
      ? fillTemplate(await options.template(address), { nonce, env })
      : (shell ??= fillTemplate(await options.template(address), { nonce, env }));

  const site: Site = {
    options,
    emergency: emergency.isOn,
    db,
    views,
    sanitizeHtml,
    pages,
    endlessPages,
    files,
    editions,
    misses,
    moves,
    live,
    limitedRender: (req, store, key, render, verdict) =>
      renderWithinLimit(limit, clientAddress(req, options.trustProxy ?? false), { store, key, render, verdict, currentVersion }),
    lookup: (req, bodies, key, build) =>
      lookupWithinLimit(limit, clientAddress(req, options.trustProxy ?? false), { bodies, misses, key, build, currentVersion }),
    generated: (store, key, build) => renderOrStale(store, key, build, () => 'keep', { currentVersion }),
    pageDocument,
    refusalShell,
    // Today's edition for reading offline, its pages measured as readers get them.
    edition: editionList({
      db,
      page: async (path, dataSaver) => {
        const { renderPage, isLitePage } = await options.renderer();
        const url = new URL(path, origin);
        const rendered = sized(await renderPage(url, { db, origin, sanitizeHtml, dataSaver, timeZone: env.newsroomTimeZone }));
        if (rendered.status !== 200 || !rendered.complete || rendered.location) return null;
        const html = await pageDocument(path, rendered, { nonce: null, dataSaver, stale: false, litePage: isLitePage(url.pathname) });
        return { html, title: rendered.meta.title ?? '' };
      },
    }),
    newsletter: newsletterRoutes(env, options.newsletter),
    push: pushRoutes(options.push),
  };

  async function route(req: IncomingMessage, res: ServerResponse, nonce: string | null): Promise<void> {
    // Parsed against the origin as text: a path starting with // must not become a host.
    const url = new URL(`${origin}${req.url?.startsWith('/') ? req.url : `/${req.url ?? ''}`}`);
    const isRead = req.method === 'GET' || req.method === 'HEAD';
    for (const row of SERVER_ROUTES) {
      if (row.methods === 'read' && !isRead) continue;
      const params = routeParams(row, url.pathname);
      if (params && (await row.handler(site, { req, res, url, params, nonce, route: row })) !== false) return;
    }
  }

  const handler = (req: IncomingMessage, res: ServerResponse): void => {
    const nonce = options.inlineScriptNonce ? newNonce() : null;
    setSecurityHeaders(res, nonce);
    compress(req as Parameters<typeof compress>[0], res as Parameters<typeof compress>[1], () => {
      route(req, res, nonce).catch((error: unknown) => {
        console.error(`${req.method} ${req.url} en échec`, error);
        if (res.headersSent) return void res.destroy();
        send(res, 500, 'text/plain; charset=utf-8', CACHE.never, "Une erreur s'est produite. Réessayez dans un instant.\n");
      });
    });
  };
  const heldBytes = () => stores.reduce((sum, store) => sum + store.heldBytes, 0);
  return Object.assign(handler, { close: () => changes.stop(), version: currentVersion, heldBytes, emergency: emergency.isOn });
}
