/**
 * What the service worker may keep (src/offline/worker.ts). Pure, so it is tested on its own and
 * the server shares its constants.
 */
import { PREVIEW_PREFIX } from '@/lib/previewPath';
import { isArticlePath } from '@/lib/readerPaths';
import { isBackOfficePath } from '@/public/router/history';
import { EDITION_PATH, WORKER_PATH } from './paths';

/**
 * Cache-Control of a data-saver page (src/server/headers.ts CACHE.savedPage). `private` there only
 * keeps CDNs from handing the data-saver variant to normal-mode readers: the server renders every
 * page as anon, so the reader's own browser may keep it. Any other private response is never kept.
 */
export const SAVED_PAGE_CACHE = 'private, max-age=60';

/**
 * Pages never kept: the back office, sign-in, previews of unpublished articles. A reader's own
 * links (unsubscribe) are answered no-store by the server, which isStorableResponse refuses.
 */
export function isPrivatePath(pathname: string): boolean {
  return (
    isBackOfficePath(pathname) ||
    pathname === '/auth' ||
    pathname.startsWith('/auth/') ||
    pathname.startsWith(PREVIEW_PREFIX) ||
    pathname === '/preview' ||
    pathname.startsWith('/preview/')
  );
}

/** A page of the reader site the worker may keep: same origin, readable by anyone. */
export function isKeepablePage(url: URL, origin: string): boolean {
  return url.origin === origin && !isPrivatePath(url.pathname) && url.pathname !== WORKER_PATH && url.pathname !== EDITION_PATH;
}

/** A response the worker may store: a full 200, neither no-store nor private (bar the data-saver page's). */
export function isStorableResponse(response: { status: number; headers: { get(name: string): string | null } }): boolean {
  if (response.status !== 200) return false;
  const cacheControl = (response.headers.get('Cache-Control') ?? '').toLowerCase();
  const directives = cacheControl.split(',').map((d) => d.trim());
  if (directives.includes('no-store')) return false;
  return !directives.includes('private') || cacheControl.replace(/\s/g, '') === SAVED_PAGE_CACHE.replace(/\s/g, '');
}

/** An article's page, which may be unpublished later (and must then leave the cache). */
export { isArticlePath };

/** The hashed files of the build (cache-first: their names change when their content does). */
export const isHashedAsset = (url: URL, origin: string) => url.origin === origin && url.pathname.startsWith('/assets/');

/** The site's own files a page's HTML loads (scripts, stylesheets, module preloads), as paths. */
export function pageAssets(html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/<(?:script|link)\b[^>]*?\s(?:src|href)="(\/assets\/[^"]+)"/g)) found.add(match[1]);
  return [...found];
}

/** The page's <title>, without the site's name, as the server escaped it (safe to put back in HTML). */
export function pageTitle(html: string): string {
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
  return title.replace(/ — Afrique Actu.*$/, '').trim();
}
