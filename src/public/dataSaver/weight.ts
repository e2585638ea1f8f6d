import { SITE_ENV_ELEMENT_ID, type SiteEnv } from '@/lib/siteEnv';
import { readPageJson } from './liteDom';

/** Bytes shown to readers in data-saver mode, in French ("38 Ko"; 1 Ko = 1024 octets, as the bench). */
export function formatKo(bytes: number): string {
  const ko = bytes / 1024;
  return `${ko < 10 ? ko.toFixed(1).replace('.', ',') : Math.round(ko)} Ko`;
}

/** How far ahead of the screen a picture's size is asked for (TapImage and tapDom.ts). */
export const TAP_SIZE_MARGIN = '200px';

const sizes = new Map<string, Promise<number | null>>();

/** The Supabase project's origin: the only one the page may ask (its CSP's connect-src). */
function readProjectOrigin(): string | null {
  const env = readPageJson<SiteEnv>(SITE_ENV_ELEMENT_ID);
  try {
    return env ? new URL(env.supabaseUrl).origin : null;
  } catch {
    return null;
  }
}

// #site-env is written once by the server: it is read and parsed on first use only. (The lite
// script memoises this rather than import lib/env, which would bring the whole env reader in.)
let origin: string | null | undefined;
const projectOrigin = () => (origin === undefined ? (origin = readProjectOrigin()) : origin);

/**
 * An image's size in bytes, asked of its server with HEAD (a few hundred bytes, no picture):
 * what tapping "Afficher l'image" will cost. Null when the server does not say, or when the
 * picture is not in the project's storage (an outside link: the page may not ask other hosts).
 * Once per URL.
 */
export function imageBytes(url: string): Promise<number | null> {
  const project = projectOrigin();
  if (!project || !url.startsWith(`${project}/`)) return Promise.resolve(null);
  let size = sizes.get(url);
  if (!size) {
    size = fetch(url, { method: 'HEAD' })
      .then((res) => {
        const length = Number(res.headers.get('content-length'));
        return res.ok && length > 0 ? length : null;
      })
      .catch(() => null);
    sizes.set(url, size);
  }
  return size;
}

/**
 * What the page has cost so far: the document and every file the browser can measure (the site's
 * own; another origin's are measured only when it allows it), plus the pictures the reader chose
 * to show (their size from imageBytes). Files read from the cache cost nothing, and count so.
 */
export function pageBytes(extra = 0): number {
  const entries = [
    ...performance.getEntriesByType('navigation'),
    ...performance.getEntriesByType('resource'),
  ] as PerformanceResourceTiming[];
  return entries.reduce((sum, e) => sum + (e.transferSize || 0), extra);
}

/** "Cette page : 41 Ko". */
export const pageWeightText = (bytes: number) => `Cette page : ${formatKo(bytes)}`;

/** The page weight changed (a picture shown on request): the footer's figure listens to this. */
export const PAGE_WEIGHT_EVENT = 'page-weight';
let shownBytes = 0;

/** Counts a picture the reader chose to show: cross-origin files are not measured by the browser. */
export async function countShownImage(url: string): Promise<void> {
  shownBytes += (await imageBytes(url)) ?? 0;
  window.dispatchEvent(new Event(PAGE_WEIGHT_EVENT));
}

/** The page's cost so far, pictures shown on request included. */
export const currentPageBytes = () => pageBytes(shownBytes);
