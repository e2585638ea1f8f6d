import type { IncomingMessage, ServerResponse } from 'node:http';
import { PostgrestClient } from '@supabase/postgrest-js';
import compression from 'compression';
import type { Database } from '@/lib/database';
import { impossibleSlug } from '@/lib/slug';
import { categoryPath } from '@/lib/readerPaths';
import type { SiteEnv } from '@/lib/siteEnv';
import { dataSaverForRequest } from '@/public/dataSaver/choice';
import { isBackOfficePath } from '@/public/router/history';
import { matchPath } from '@/public/router/match';
import { EDITION_PATH } from '@/offline/paths';
import { newsletterRoutes, type NewsletterServer } from './newsletter';
import { pushRoutes } from './push';
import type { PushServer } from '@/push/config';
import { NEWS_SITEMAP, newsSitemapXml, rssXml } from './feeds';
import { robotsRoute } from './robots';
import { EDITION_FRESH_MS, editionList } from './edition';
import { CACHE, newNonce, securityHeaders } from './headers';
import type { LiteScripts } from './lite';
import type * as Renderer from './render';
import type { RenderedPage } from './render';
import { ContentVersion } from './contentVersion';
import { clientAddress, RenderLimit, renderWithinLimit, type LimitOptions, type Refusal } from './renderLimit';
import { renderOrStale, StalePages, type Sized, type StoreOptions, type Verdict } from './stalePages';
import { serverSanitizer } from './sanitize';
import { acceptedEncoding, encodeDocument, encodedBytes, type EncodedDocument } from './encodedDocument';
import { scriptSafeJson } from './html';
import { ARTICLE_SITEMAP_PATTERN, articleSitemapXml, PAGES_SITEMAP, pagesSitemapXml, sitemapIndexXml } from './sitemaps';
import { fillTemplate, liteTemplate } from './template';
import { MOVES_MAX_BYTES, wordpressLocation, wordpressRedirect } from './wordpressAddresses';
import { bodyOf, lookupWithinLimit, negativeAnswers, Refused, storedFile, type StoredFile } from './negativeAnswers';

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
  /**
   * Reads public.content_version() another way than through PostgREST (directContentVersion.ts:
   * the server's own Postgres connection, which a flood of costly API requests cannot queue behind).
   */
  readContentVersion?: (signal: AbortSignal) => Promise<string>;
}

/**
 * How the page cache reads the content version: through PostgREST, or first the other way given
 * (the server's own Postgres connection), falling back to PostgREST while that fails (a wrong
 * password or an unreachable pooler must not leave every page unproven). Either read proves as much.
 */
function versionReader(db: Reader, direct?: (signal: AbortSignal) => Promise<string>): (signal: AbortSignal) => Promise<string> {
  const throughApi = async (signal: AbortSignal) => {
    const { data, error } = await db.rpc('content_version').abortSignal(signal);
    if (error) throw new Error(`content_version: ${error.message}`);
    return String(data);
  };
  if (!direct) return throughApi;
  let failing = false;
  return async (signal) => {
    try {
      const version = await direct(signal);
      if (failing) console.error('The content version is read over Postgres again');
      failing = false;
      return version;
    } catch (error) {
      if (!failing) console.error('The content version could not be read over Postgres: read through the API meanwhile', error);
      failing = true;
      return throughApi(signal);
    }
  };
}

/** The site's request handler; close() stops its reads of the content version. */
export type SiteHandler = ((req: IncomingMessage, res: ServerResponse) => void) & {
  close: () => void;
  /** The content version the kept pages are served under, null while it is not proven (tests). */
  version: () => string | null;
  /** The bytes the kept pages, files and editions hold, as their bound counts them (tests). */
  heldBytes: () => number;
};

/** Searches and other pages out of search engines: their own store, this big (their addresses have no end). */
const ENDLESS_PAGES_MAX_BYTES = 4 * 1024 * 1024;
/**
 * Feeds, sitemaps and editions kept. A 100,000-article archive over 5 years has 262 weekly
 * sitemap files of ~380 addresses (~65,000 characters each, counted 2 bytes a character): ~34 MB
 * here, ~17 MB in fact (V8 keeps ASCII text one byte a character). All of them must fit, or those
 * pushed out have no copy to answer with while a flood holds the backend (docs/scale.md).
 */
const FILES_MAX_BYTES = 48 * 1024 * 1024;

type Reader = PostgrestClient<Database>;
/** Files the server writes from the database (robots.txt, from the origin alone, is robots.ts's). A RegExp pattern's named groups are its params. */
const GENERATED: {
  pattern: string | RegExp;
  type: string;
  body: (db: Reader, origin: string, slug?: string) => Promise<string | null> | string;
  /** The kind of page its slug names: one longer than the database holds is a 404 at once (src/lib/slug.ts). */
  slugOf?: 'category';
}[] = [
  { pattern: '/sitemap.xml', type: 'application/xml; charset=utf-8', body: (db, origin) => sitemapIndexXml(db, origin) },
  { pattern: PAGES_SITEMAP, type: 'application/xml; charset=utf-8', body: (db, origin) => pagesSitemapXml(db, origin) },
  {
    pattern: ARTICLE_SITEMAP_PATTERN,
    type: 'application/xml; charset=utf-8',
    body: (db, origin, week) => articleSitemapXml(db, origin, week ?? ''),
  },
  { pattern: NEWS_SITEMAP, type: 'application/xml; charset=utf-8', body: newsSitemapXml },
  { pattern: '/rss.xml', type: 'application/rss+xml; charset=utf-8', body: (db, origin) => rssXml(db, origin) },
  { pattern: `${categoryPath(':slug')}/rss.xml`, type: 'application/rss+xml; charset=utf-8', body: rssXml, slugOf: 'category' },
];

/** A rendered page with its seed serialised for a <script> (once, for every response it serves) and its size. */
type StoredPage = RenderedPage &
  Sized & {
    seedJson: string;
    /** The whole document as readers get it (not stale), made once per render when it is the same for every request (no nonce). */
    document?: string;
    /** That document compressed, once per render (encodedDocument.ts). */
    encoded?: EncodedDocument;
  };

/** A rendered page with the memory it holds, for the stale-page store's bound. */
const sized = (page: RenderedPage): StoredPage => {
  const seedJson = scriptSafeJson(JSON.stringify(page.seed));
  return { ...page, seedJson, bytes: 2 * (page.html.length + page.head.length + (page.seed ? seedJson.length : 0)) };
};

function send(res: ServerResponse, status: number, type: string, cache: string, body: string | Buffer): void {
  res.statusCode = status;
  res.setHeader('Content-Type', type);
  res.setHeader('Cache-Control', cache);
  res.end(body);
}

/**
 * The site's HTTP handler, the same in production (npm start) and development (npm run dev):
 * security headers on every response, feeds, files, then reader pages rendered on the server
 * and the back office's shell.
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
  const sanitizeHtml = serverSanitizer();
  const compress = compression();
  const setSecurityHeaders = securityHeaders({ supabaseUrl: env.supabaseUrl, origin });
  // Pages, feeds and editions kept (stalePages.ts): evicted all at once when the content version
  // moves (a change that any of them may show), and served only while it is proven current.
  const stalePages = new StalePages<StoredPage>(options.pageCache);
  const endlessPages = new StalePages<StoredPage>({ maxBytes: ENDLESS_PAGES_MAX_BYTES, ...options.pageCache });
  const files = new StalePages<StoredFile>({ maxBytes: FILES_MAX_BYTES, ...options.pageCache });
  // What names nothing (a 404 feed, an old address no post had) and old addresses' answers: apart, small (negativeAnswers.ts).
  const misses = negativeAnswers(options.pageCache);
  const moves = new StalePages<StoredFile>({ ...options.pageCache, maxBytes: MOVES_MAX_BYTES });
  // Today's editions, one per mode: each costs a render of every page it lists, so a copy answers
  // for minutes rather than seconds; like every copy, only while its version is proven current.
  const editions = new StalePages<StoredFile>({ ...options.pageCache, freshMs: EDITION_FRESH_MS });
  const changes = new ContentVersion(versionReader(db, options.readContentVersion));
  const currentVersion = () => changes.current();
  changes.onChange(() => {
    stalePages.clear();
    endlessPages.clear();
    files.clear();
    misses.clear();
    moves.clear();
    editions.clear();
  });
  void changes.start();
  const limit = new RenderLimit(options.renderLimit);
  const newsletter = newsletterRoutes(env, options.newsletter);
  const push = pushRoutes(options.push);
  const lite = liteTemplate(options.lite);
  const robots = robotsRoute(origin);

  /** A rendered page in the template, as readers get it. */
  async function pageDocument(
    address: string,
    rendered: StoredPage,
    { nonce, dataSaver, stale, litePage }: { nonce: string | null; dataSaver: boolean; stale: boolean; litePage: boolean },
  ): Promise<string> {
    const preload = rendered.lazyModule && options.lazyModuleLinks ? options.lazyModuleLinks(rendered.lazyModule) : '';
    return fillTemplate(await options.template(address), {
      nonce,
      env,
      head: rendered.head,
      preload,
      page: { html: rendered.html, origin, seedJson: rendered.seedJson, menu: rendered.menu, dataSaver, stale },
      // A page whose data the browser must still load (503, a missing part) needs the reader app.
      lite: dataSaver && litePage && rendered.complete ? lite : undefined,
    });
  }

  // Today's edition for reading offline, its pages measured as readers get them.
  const edition = editionList({
    db,
    page: async (path, dataSaver) => {
      const { renderPage, isLitePage } = await options.renderer();
      const url = new URL(path, origin);
      const rendered = sized(await renderPage(url, { db, origin, sanitizeHtml, dataSaver }));
      if (rendered.status !== 200 || !rendered.complete || rendered.location) return null;
      const html = await pageDocument(path, rendered, { nonce: null, dataSaver, stale: false, litePage: isLitePage(url.pathname) });
      return { html, title: rendered.meta.title ?? '' };
    },
  });

  async function page(req: IncomingMessage, res: ServerResponse, url: URL, nonce: string | null): Promise<void> {
    const address = url.pathname + url.search;
    // Pages differ by data-saver mode: caches keep one copy per Save-Data header and cookie.
    res.setHeader('Vary', 'Save-Data, Cookie');
    const dataSaver = dataSaverForRequest(req.headers);
    if (isBackOfficePath(url.pathname) || !options.ssr) {
      // The back office is rendered in the browser, for signed-in staff only.
      if (isBackOfficePath(url.pathname)) res.setHeader('X-Robots-Tag', 'noindex');
      const shell = fillTemplate(await options.template(address), { nonce, env });
      return send(res, 200, 'text/html; charset=utf-8', CACHE.revalidate, shell);
    }
    // Everything that reads the route table comes through the renderer: in development, Vite loads
    // it (and the pages' CSS imports) fresh; Node could not import the pages itself.
    const { renderPage, pageCacheKey, isLitePage } = await options.renderer();
    // The two variants of a page are kept apart, like the caches in front of us (Vary).
    const cacheKey = pageCacheKey(url);
    const store = cacheKey?.endless ? endlessPages : stalePages;
    const key = cacheKey && `${dataSaver ? 'saver' : 'full'} ${cacheKey.key}`;
    const litePage = isLitePage(url.pathname);
    // A kept page answers every address with its key: it is rendered from what the key holds alone.
    const renderUrl = cacheKey?.url ?? url;
    const render = async () => {
      const page = sized(await renderPage(renderUrl, { db, origin, sanitizeHtml, dataSaver }));
      if (options.inlineScriptNonce || page.location) return page;
      // Filled once, for every request the render answers (a production template is one string).
      const document = await pageDocument(renderUrl.pathname + renderUrl.search, page, { nonce: null, dataSaver, stale: false, litePage });
      const encoded = encodeDocument(document);
      return { ...page, document, encoded, bytes: page.bytes + 2 * document.length + encodedBytes(encoded) };
    };
    const verdict = (p: StoredPage): Verdict =>
      !p.complete || p.status === 503 ? 'failed' : p.status === 200 && !p.private ? 'keep' : 'final';
    const outcome = await limitedRender(req, store, key, render, verdict);
    if (typeof outcome === 'string') return refuse(res, outcome, 'text/html; charset=utf-8', await refusalShell(address, nonce));
    const { page: rendered, stale } = outcome;
    // An old address of an article: the current one, with this request's own query (the render,
    // shared by every request for the page at the time, knows only the path).
    if (rendered.location) {
      res.setHeader('Location', rendered.location + url.search);
      return send(res, 301, 'text/plain; charset=utf-8', CACHE.moved, '');
    }
    const html = (!stale && rendered.document) || (await pageDocument(address, rendered, { nonce, dataSaver, stale, litePage }));
    // A page with a part missing (a failed read, a render error) is not kept by any cache, nor is
    // an old copy served while the backend struggles: the next reader should get a fresh one.
    const cache =
      !rendered.complete || stale || rendered.private
        ? CACHE.never
        : dataSaver
          ? CACHE.savedPage
          : rendered.status === 404
            ? CACHE.missing
            : CACHE.page;
    // A page for one visitor (a preview, an unsubscribe link): never in an index, whatever a crawler makes of it.
    if (rendered.private) res.setHeader('X-Robots-Tag', 'noindex');
    if (stale) res.setHeader('X-Page-Cache', 'stale');
    if (rendered.status === 503) res.setHeader('Retry-After', '30');
    const encoding = !stale && rendered.encoded ? acceptedEncoding(req) : null;
    if (encoding) {
      // compression() leaves a response that already has its encoding alone (and still adds Vary).
      res.setHeader('Content-Encoding', encoding);
      return send(res, rendered.status, 'text/html; charset=utf-8', cache, rendered.encoded![encoding]);
    }
    send(res, rendered.status, 'text/html; charset=utf-8', cache, html);
  }

  /** renderOrStale under the render limit, for this request's client (renderLimit.ts). */
  const limitedRender = <T extends Sized>(
    req: IncomingMessage,
    store: StalePages<T>,
    key: string | null,
    render: () => Promise<T>,
    verdict: (page: T) => Verdict,
  ) => renderWithinLimit(limit, clientAddress(req, options.trustProxy ?? false), { store, key, render, verdict, currentVersion });

  /** A lookup of a file or an old address under the render limit, its misses kept apart (negativeAnswers.ts). */
  const lookup = (req: IncomingMessage, bodies: StalePages<StoredFile>, key: string, build: () => Promise<string | null>) =>
    lookupWithinLimit(limit, clientAddress(req, options.trustProxy ?? false), { bodies, misses, key, build, currentVersion });

  // The shell page refusals answer with, filled once when it is the same for every request (no nonce).
  let shell: string | undefined;
  const refusalShell = async (address: string, nonce: string | null) =>
    nonce
      ? fillTemplate(await options.template(address), { nonce, env })
      : (shell ??= fillTemplate(await options.template(address), { nonce, env }));

  /** A flood's answer, at once and cheaply: for a page its shell (the browser renders the page itself, if a reader's). */
  function refuse(res: ServerResponse, why: Refusal, type: string, body: string): void {
    res.setHeader('Retry-After', why === 'client' ? '5' : '10');
    send(res, why === 'client' ? 429 : 503, type, CACHE.never, body);
  }

  /** A generated file, kept like a page: rebuilt at most once per fresh time, a failure answered for FAILED_MS. */
  async function generated(
    store: StalePages<StoredFile>,
    key: string,
    build: () => Promise<string | null>,
  ): Promise<{ body: string | null; stale: boolean }> {
    const { page, stale } = await renderOrStale(
      store,
      key,
      async () => storedFile(await build()),
      () => 'keep',
      { currentVersion },
    );
    return { body: page.body, stale };
  }

  function sendFile(res: ServerResponse, type: string, cache: string, { body, stale }: { body: string | null; stale: boolean }) {
    if (body === null) return send(res, 404, 'text/plain; charset=utf-8', CACHE.missing, 'Flux introuvable\n');
    if (stale) res.setHeader('X-Page-Cache', 'stale');
    send(res, 200, type, stale ? CACHE.never : cache, body);
  }

  /** A file that could not be built (the backend failing): tried again in a few seconds, not on every request. */
  function unavailable(res: ServerResponse, error: unknown, what: string): void {
    console.error(`${what} could not be built`, error);
    res.setHeader('Retry-After', '30');
    send(res, 503, 'text/plain; charset=utf-8', CACHE.never, 'Momentanément indisponible. Réessayez dans un instant.\n');
  }

  async function route(req: IncomingMessage, res: ServerResponse, nonce: string | null): Promise<void> {
    // Parsed against the origin as text: a path starting with // must not become a host.
    const url = new URL(`${origin}${req.url?.startsWith('/') ? req.url : `/${req.url ?? ''}`}`);
    const isRead = req.method === 'GET' || req.method === 'HEAD';
    if (robots(req, res, url.pathname)) return;
    for (const file of isRead ? GENERATED : []) {
      const params =
        typeof file.pattern === 'string' ? matchPath(file.pattern, url.pathname) : (file.pattern.exec(url.pathname)?.groups ?? null);
      if (!params) continue;
      // A slug no page can have: not found at once, neither looked up nor kept (its address can be any length).
      if (file.slugOf && impossibleSlug(file.slugOf, params.slug ?? ''))
        return sendFile(res, file.type, CACHE.feed, { body: null, stale: false });
      try {
        // Under the render limit like pages: a flood of unknown feed addresses costs the backend a few lookups at a time.
        const built = await lookup(req, files, url.pathname, async () => file.body(db, origin, params.slug));
        if (typeof built === 'string')
          return refuse(res, built, 'text/plain; charset=utf-8', 'Trop de demandes. Réessayez dans un instant.\n');
        return sendFile(res, file.type, CACHE.feed, { body: built.page.body, stale: built.stale });
      } catch (error) {
        return unavailable(res, error, url.pathname);
      }
    }
    if (isRead && url.pathname === EDITION_PATH) {
      // Per reader's mode, like pages (the data-saver edition has lite pages and no pictures).
      res.setHeader('Vary', 'Save-Data, Cookie');
      const dataSaver = dataSaverForRequest(req.headers);
      try {
        const list = await generated(editions, dataSaver ? 'saver' : 'full', async () => JSON.stringify(await edition(dataSaver)));
        return sendFile(res, 'application/json; charset=utf-8', CACHE.savedPage, list);
      } catch (error) {
        return unavailable(res, error, EDITION_PATH);
      }
    }
    if (await newsletter(req, res, url)) return;
    if (push(req, res, url)) return;
    const served = await new Promise<boolean>((resolve, reject) => {
      res.once('close', () => resolve(true));
      options.files(req, res, (error) => (error ? reject(error) : resolve(false)));
    });
    if (served) return;
    if (!isRead) {
      res.setHeader('Allow', 'GET, HEAD');
      return send(res, 405, 'text/plain; charset=utf-8', CACHE.never, 'Méthode non autorisée\n');
    }
    // An archive imported from WordPress: its old addresses lead to the articles (wordpressAddresses.ts),
    // never in place of the site's own pages (isSitePath: those are answered by page() below).
    let moved: string | null;
    try {
      moved = await wordpressLocation(url, async (path) =>
        bodyOf(await lookup(req, moves, `wordpress ${path}`, () => wordpressRedirect(db, path))),
      );
    } catch (error) {
      if (error instanceof Refused) return refuse(res, error.why, 'text/html; charset=utf-8', await refusalShell(url.pathname, nonce));
      return unavailable(res, error, url.pathname);
    }
    if (moved) {
      res.setHeader('Location', moved);
      return send(res, 301, 'text/plain; charset=utf-8', CACHE.moved, '');
    }
    // One address per page: repeated slashes are folded (caches and search engines see one URL).
    if (url.pathname.includes('//')) {
      res.setHeader('Location', url.pathname.replace(/\/{2,}/g, '/') + url.search);
      return send(res, 301, 'text/plain; charset=utf-8', CACHE.staticFile, '');
    }
    await page(req, res, url, nonce);
  }

  const handler = (req: IncomingMessage, res: ServerResponse): void => {
    const nonce = options.inlineScriptNonce ? newNonce() : null;
    setSecurityHeaders(res, nonce);
    compress(req as Parameters<typeof compress>[0], res as Parameters<typeof compress>[1], () => {
      route(req, res, nonce).catch((error: unknown) => {
        console.error(`${req.method} ${req.url} failed`, error);
        if (res.headersSent) return void res.destroy();
        send(res, 500, 'text/plain; charset=utf-8', CACHE.never, "Une erreur s'est produite. Réessayez dans un instant.\n");
      });
    });
  };
  const heldBytes = () => [stalePages, endlessPages, files, misses, moves, editions].reduce((sum, store) => sum + store.heldBytes, 0);
  return Object.assign(handler, { close: () => changes.stop(), version: currentVersion, heldBytes });
}
