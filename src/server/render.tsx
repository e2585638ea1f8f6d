import { StrictMode } from 'react';
import { renderToReadableStream } from 'react-dom/server';
import { DEFAULT_TIME_ZONE } from '@/lib/siteEnv';
import type { DataClient } from '@/lib/supabase';
import { fetchEmergencyNotice, type EmergencyNotice } from '@/public/api/emergency';
import { fetchMenu } from '@/public/api/menu';
import { fetchNewsletterTime } from '@/public/api/newsletterSchedule';
import type { MenuCategory } from '@/public/categories';
import type { PageContextValue } from '@/public/page/PageContext';
import { ReaderApp } from '@/public/ReaderApp';
import { StaticRouter } from '@/public/router/Router';
import { headTags } from './head';
import { hoistPreloads, leadPicturePreload } from './leadPicture';
import { resolvePage, type ResolvedPage } from './page';

export { pageCacheKey } from './page';
export { isLitePage } from '@/public/dataSaver/litePages';

export interface RenderedPage extends ResolvedPage {
  /** The reader's HTML for the page, to go inside #root. */
  html: string;
  /** The page's <head> tags (title, description, canonical, share cards, JSON-LD). */
  head: string;
  /** The menu's categories the page was rendered with, for the browser's first render; absent when they did not load. */
  menu?: MenuCategory[];
  /** The newsletter's send time the footer was rendered with; absent when it did not load. */
  newsletterTime?: string;
  /** « Mode urgence » as the page was rendered with it; absent when it did not load. */
  emergency?: EmergencyNotice;
}

export interface RenderOptions {
  db: DataClient;
  origin: string;
  sanitizeHtml: (html: string) => string;
  /** Data-saver mode: pictures on request, carousels as lists (see src/public/dataSaver). */
  dataSaver?: boolean;
  /** The newsroom's time zone (VITE_NEWSROOM_TIME_ZONE), for the times live entries show; UTC when unset. */
  timeZone?: string;
}

/** A render still waiting after this (a chunk or a read that never settles) sends what it has. */
const RENDER_TIMEOUT_MS = 10_000;

/**
 * Renders a reader URL to HTML with the browser's own components and loaders. Everything is
 * awaited (lazy pages included) before the HTML is sent: readers on slow links get the whole
 * page at once, and no inline script is needed to stream late parts in.
 */
export async function renderPage(
  url: URL,
  { db, origin, sanitizeHtml, dataSaver = false, timeZone = DEFAULT_TIME_ZONE }: RenderOptions,
): Promise<RenderedPage> {
  const [resolved, menu, newsletterTime, emergency] = await Promise.all([
    resolvePage(url, db, sanitizeHtml),
    // Without it the page shows the first menu (NAV_CATEGORIES), and is not cached as the page.
    fetchMenu(db).catch((error: unknown) => {
      console.error(`Rendu serveur de ${url.pathname} : le menu n’a pas pu être chargé`, error);
      return undefined;
    }),
    // Without it the footer promises the default time, and the page is not cached as the page.
    fetchNewsletterTime(db).then(
      (time) => time ?? undefined,
      (error: unknown) => {
        console.error(`Rendu serveur de ${url.pathname} : l’heure de la newsletter n’a pas pu être chargée`, error);
        return undefined;
      },
    ),
    // Without it the page has no banner nor prepared edition's offer, and is not cached as the page.
    fetchEmergencyNotice(db).catch((error: unknown) => {
      console.error(`Rendu serveur de ${url.pathname} : l’avis « Mode urgence » n’a pas pu être chargé`, error);
      return undefined;
    }),
  ]);
  // Moved: the answer is the new address, not a page.
  if (resolved.location) return { ...resolved, html: '', head: '' };
  const page: PageContextValue = { origin, seed: resolved.seed, menu, newsletterTime, emergency, sanitizeHtml, dataSaver, timeZone };
  let failed = false;
  const stream = await renderToReadableStream(
    <StrictMode>
      <StaticRouter location={url.pathname + url.search}>
        <ReaderApp page={page} />
      </StaticRouter>
    </StrictMode>,
    {
      signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
      // Every boundary is complete when the HTML is read, so none is sent out of order: without
      // this, React sends large parts hidden and reveals them with inline scripts.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      // A part that failed renders its fallback and the browser renders it again; such a page
      // is not cached.
      onError: (error) => {
        failed = true;
        console.error(`Rendu serveur de ${url.pathname} en échec`, error);
      },
    },
  );
  await stream.allReady;
  const { html, preloads } = hoistPreloads(await new Response(stream).text());
  return {
    ...resolved,
    menu,
    newsletterTime,
    emergency,
    complete: resolved.complete && !failed && !!menu && !!newsletterTime && !!emergency,
    html,
    head: headTags(resolved.meta, origin) + preloads + leadPicturePreload(html),
  };
}
