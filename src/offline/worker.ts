/// <reference lib="webworker" />
/**
 * The reader's service worker (/sw.js, built by scripts/serviceWorker.ts). Nothing is precached:
 * readers pay for every byte, so it keeps what they read (pages network-first, the build's hashed
 * files cache-first) and, on request, today's edition. Never the back office, sign-in, previews,
 * Supabase calls or any response marked no-store or private (see cachePolicy.ts).
 */
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { masterOf } from '@/lib/renditions';
import { untagged } from '@/lib/channels';
import { isArticlePath, isHashedAsset, isKeepablePage, isStorableResponse, pageAssets, pageTitle } from './cachePolicy';
import { EDITION_PATH } from './paths';
import { offlineBanner, type OfflineIndex } from './banner';
import type { Edition } from './edition';
import { DOWNLOAD_EDITION, type DownloadReply } from './messages';
import './pushAlerts';

declare const self: ServiceWorkerGlobalScope;
/** The build this worker belongs to: a new deploy is a new worker (see scripts/serviceWorker.ts). */
declare const __BUILD_ID__: string;

/** The build's files: one cache per build, the last build's dropped when this one takes over. */
const ASSETS = `afrique-actu-assets-${__BUILD_ID__}`;
/** Pages and pictures are the site's, not the build's: they outlive a deploy. */
const PAGES = 'afrique-actu-pages-v1';
const IMAGES = 'afrique-actu-images-v1';
const OURS = /^afrique-actu-/;
/** What the worker knows of its pages (titles, when saved, the edition), kept as a response in PAGES. */
const INDEX_URL = new URL('/__offline/index.json', self.location.origin).href;
/** A cached article is checked against the site at most this often (unpublished ones leave). */
const CHECK_EVERY_MS = 10 * 60_000;

// Resolves once this worker is activating; nothing waits on it (clientsClaim() takes over then).
void self.skipWaiting();
clientsClaim();

const origin = self.location.origin;
const pathOf = (url: string) => new URL(url, origin).pathname;

let indexWrites: Promise<unknown> = Promise.resolve();
async function readIndex(): Promise<OfflineIndex> {
  const stored = await (await caches.open(PAGES)).match(INDEX_URL);
  return stored ? ((await stored.json()) as OfflineIndex) : { edition: null, pages: {} };
}
/** Index changes one after another: two pages saved at once must not lose one's entry. */
function updateIndex(change: (index: OfflineIndex) => void): Promise<void> {
  const next = indexWrites.then(async () => {
    const index = await readIndex();
    change(index);
    const body = JSON.stringify(index);
    await (await caches.open(PAGES)).put(INDEX_URL, new Response(body, { headers: { 'Content-Type': 'application/json' } }));
  });
  indexWrites = next.catch(() => {});
  return next;
}

/** The build's files a page loads, fetched (usually from the HTTP cache, so at no cost) into ASSETS. */
async function keepAssets(html: string): Promise<void> {
  const cache = await caches.open(ASSETS);
  for (const path of pageAssets(html)) {
    if (await cache.match(path)) continue;
    const response = await fetch(path).catch(() => null);
    if (response && isStorableResponse(response)) await cache.put(path, response);
  }
}

/**
 * Stores a page with its title and files, under its address without channel tags (`?s=hl` from the
 * offline banner, `?s=wa` from a shared link): a tagged link finds the page stored untagged, and no
 * page is stored twice. The caller has checked it may be stored.
 */
async function keepPage(url: string, response: Response): Promise<void> {
  const html = await response.clone().text();
  await (await caches.open(PAGES)).put(untagged(url), response);
  const path = pathOf(url);
  await updateIndex((index) => {
    index.pages[path] = { title: pageTitle(html), savedAt: new Date().toISOString() };
  });
  await keepAssets(html);
}

async function forgetPage(path: string): Promise<void> {
  await (await caches.open(PAGES)).delete(new URL(path, origin).href);
  await updateIndex((index) => {
    delete index.pages[path];
    if (index.edition) index.edition.pages = index.edition.pages.filter((p) => p !== path);
  });
}

const withBanner = (html: string, banner: string) => html.replace(/<body[^>]*>/, (body) => `${body}${banner}`);

/** A page read before or downloaded, shown with the offline banner. */
async function offlinePage(cached: Response, url: string): Promise<Response> {
  const banner = offlineBanner(await readIndex(), pathOf(url));
  const headers = new Headers(cached.headers);
  headers.delete('Content-Length');
  return new Response(withBanner(await cached.text(), banner), { status: cached.status, headers });
}

/** The site's header, as plain markup: the page never read has no stylesheet to count on. */
const OFFLINE_HEADER =
  '<header style="background:#fff;border-bottom:3px solid #b45309;padding:.75rem 1rem">' +
  '<a href="/" style="font:700 1.35rem Georgia,\'Noto Serif\',\'DejaVu Serif\',serif;color:#1c1917;text-decoration:none">' +
  'Afrique<span style="color:#b45309">Actu</span></a></header>';

/** A page never read: the site's header, and what can be read instead, listed openly. */
async function notSavedPage(): Promise<Response> {
  const index = await readIndex();
  const html =
    '<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<title>Hors ligne — Afrique Actu</title></head><body style="margin:0;background:#fffdf8">' +
    OFFLINE_HEADER +
    offlineBanner(index, null, true) +
    '<main style="padding:1rem;font:16px/1.5 system-ui,sans-serif"><h1>Cette page n\'est pas disponible hors ligne</h1>' +
    '<p>Elle sera là à votre prochaine connexion.</p></main></body></html>';
  return new Response(html, { status: 503, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } });
}

/** Asks the site whether cached articles are still public, and forgets those that are gone (404/410). */
let lastCheck = 0;
async function dropUnpublished(visited: string): Promise<void> {
  // Readers come back by the home page: each visit there checks; other pages at most every few minutes.
  if (visited !== '/' && Date.now() - lastCheck < CHECK_EVERY_MS) return;
  lastCheck = Date.now();
  const index = await readIndex();
  for (const path of Object.keys(index.pages).filter(isArticlePath)) {
    const response = await fetch(path, { method: 'HEAD', cache: 'no-store', redirect: 'manual' }).catch(() => null);
    if (!response) return; // offline again: the next visit checks
    if (response.status === 404 || response.status === 410) await forgetPage(path);
  }
}

const pages = new NetworkFirst({
  cacheName: PAGES,
  matchOptions: { ignoreVary: true, ignoreSearch: false },
  plugins: [
    {
      // A tagged link (`?s=hl` from the offline banner) reads the copy stored without its tag.
      cacheKeyWillBeUsed: async ({ request }) => untagged(request.url),
      // Stored by keepPage, with the index and the page's files, not by the strategy.
      cacheWillUpdate: async () => null,
      fetchDidSucceed: async ({ request, response, event }) => {
        const path = pathOf(request.url);
        if (response.status === 404 || response.status === 410) await forgetPage(path);
        else if (isStorableResponse(response)) (event as ExtendableEvent).waitUntil(keepPage(request.url, response.clone()));
        (event as ExtendableEvent).waitUntil(dropUnpublished(path));
        return response;
      },
      cachedResponseWillBeUsed: async ({ cachedResponse, request }) => cachedResponse && offlinePage(cachedResponse, request.url),
      handlerDidError: async () => notSavedPage(),
    },
  ],
});

registerRoute(
  ({ request, url }) => request.mode === 'navigate' && isKeepablePage(url, origin),
  async (options) => {
    // Known to be offline: the stored page with its banner, rather than one the browser's HTTP
    // cache might still hold without it.
    if (!self.navigator.onLine) {
      const stored = await (await caches.open(PAGES)).match(untagged(options.request.url), { ignoreVary: true });
      if (stored) return offlinePage(stored, options.request.url);
    }
    return pages.handle(options);
  },
);

const assets = new CacheFirst({
  cacheName: ASSETS,
  plugins: [
    { cacheWillUpdate: async ({ response }) => (isStorableResponse(response) ? response : null) },
    new ExpirationPlugin({ maxEntries: 80 }),
  ],
});

/** The back office's own files never enter the cache: only what a reader's page asks for does. */
async function fromReaderPage(clientId: string): Promise<boolean> {
  const client = clientId ? await self.clients.get(clientId) : undefined;
  return !client || isKeepablePage(new URL(client.url), origin);
}

registerRoute(
  ({ url }) => isHashedAsset(url, origin),
  async (options) => ((await fromReaderPage((options.event as FetchEvent).clientId)) ? assets.handle(options) : fetch(options.request)),
);

/**
 * Pictures: the edition's stored copies; offline, any stored copy of the same picture (the page's
 * srcset may ask for another width than the one stored). Nothing is stored here at run time.
 */
const isPicture = (request: Request, url: URL) => request.destination === 'image' && url.pathname.includes('/storage/v1/object/public/');
registerRoute(
  ({ request, url }) => isPicture(request, url),
  async ({ request }) => {
    const cache = await caches.open(IMAGES);
    const stored = await cache.match(request, { ignoreVary: true });
    if (stored) return stored;
    try {
      return await fetch(request);
    } catch (error) {
      const master = masterOf(request.url);
      for (const key of await cache.keys()) if (masterOf(key.url) === master) return (await cache.match(key))!;
      throw error;
    }
  },
);

/** Today's edition: the pages and pictures /edition.json lists, for this reader's mode. */
async function downloadEdition(): Promise<DownloadReply> {
  const listed = await fetch(EDITION_PATH, { cache: 'no-store' });
  if (!listed.ok) throw new Error(`${EDITION_PATH} answered ${listed.status}`);
  const edition = (await listed.json()) as Edition;
  const stored: string[] = [];
  for (const page of edition.pages) {
    const response = await fetch(page.url, { cache: 'no-cache' });
    if (!isStorableResponse(response)) continue;
    await keepPage(new URL(page.url, origin).href, response);
    stored.push(page.url);
  }
  const images = await caches.open(IMAGES);
  for (const image of edition.images) {
    const response = await fetch(image.url, { mode: 'cors' }).catch(() => null);
    if (response && isStorableResponse(response)) await images.put(image.url, response);
  }
  // Pictures of an older edition go: the new one has its own.
  const wanted = new Set(edition.images.map((i) => i.url));
  for (const key of await images.keys()) if (!wanted.has(key.url)) await images.delete(key);
  await updateIndex((index) => {
    index.edition = { date: edition.date, dataSaver: edition.dataSaver, pages: stored };
  });
  return { ok: true, date: edition.date, articles: stored.filter(isArticlePath).length };
}

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type !== DOWNLOAD_EDITION) return;
  const port = event.ports[0];
  event.waitUntil(
    downloadEdition()
      .catch((error: unknown): DownloadReply => {
        console.error('The edition could not be downloaded', error);
        return { ok: false };
      })
      .then((reply) => port?.postMessage(reply)),
  );
});

/**
 * A new build's worker takes over at once (skipWaiting, clientsClaim) and drops the last build's
 * files, keeping those the stored pages still load: a downloaded edition keeps working offline.
 */
self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const old = (await caches.keys()).filter((name) => OURS.test(name) && name !== ASSETS && name !== PAGES && name !== IMAGES);
      const current = await caches.open(ASSETS);
      const pagesCache = await caches.open(PAGES);
      for (const request of await pagesCache.keys()) {
        if (request.url === INDEX_URL) continue;
        const html = (await (await pagesCache.match(request))?.text()) ?? '';
        for (const path of pageAssets(html)) {
          if (await current.match(path)) continue;
          for (const name of old) {
            const kept = await (await caches.open(name)).match(path);
            if (kept) {
              await current.put(path, kept);
              break;
            }
          }
        }
      }
      await Promise.all(old.map((name) => caches.delete(name)));
    })(),
  );
});
