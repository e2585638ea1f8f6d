import { createContext, useContext } from 'react';
import { dataSaverInBrowser } from '../dataSaver/choice';
import { LITE_ROOT_ATTRIBUTE } from '../dataSaver/liteDom';
import { OFFLINE_BANNER_ATTRIBUTE } from '@/offline/paths';
import type { EmergencyNotice } from '../api/emergency';
import type { MenuCategory } from '../categories';
import { PAGE_DATA_ELEMENT_ID, type PageDataBlock } from './pageDataBlock';

const isLiteRoot = () => document.getElementById('root')?.hasAttribute(LITE_ROOT_ATTRIBUTE) ?? false;

/** A page's data as its loader returned it, under the loader's key (see the route table, routes.ts). */
export interface PageSeed {
  key: string;
  data: unknown;
}

export interface PageContextValue {
  /** The site's public origin (SITE_URL): canonical and share links use it. */
  origin: string;
  /**
   * The first page's data, loaded by the server that rendered it. The loader with the same key
   * starts from it instead of fetching again; it is used once (see useLoader).
   */
  seed: PageSeed | null;
  /** The menu's categories as the server read them with the page; absent, the reader shows NAV_CATEGORIES. */
  menu?: MenuCategory[];
  /** The newsletter's send time ('HH:MM') as the server read it with the page; absent, its default. */
  newsletterTime?: string;
  /**
   * The page came from the browser's own HTTP cache (pages may be kept a few minutes): its data
   * may be out of date (an article unpublished since), so the page shows it and reloads it at once.
   */
  seedMayBeStale?: boolean;
  /**
   * The service worker served this page from its store (offline, or the network failing): the
   * page works from its seed, and the refresh of that seed, bound to fail, fails quietly (useLoader).
   */
  servedFromStore?: boolean;
  /** Data-saver mode as the server rendered the page (see dataSaver/choice.ts). */
  dataSaver?: boolean;
  /**
   * « Mode urgence » as the server read it with the page: while it is on, every reading page is
   * the lite one for everyone, whatever the reader chose, with the newsroom's banner.
   */
  emergency?: EmergencyNotice;
  /** On the server only: sanitizes article HTML at once (browsers load DOMPurify on demand). */
  sanitizeHtml?: (html: string) => string;
  /**
   * On the server only: the newsroom's time zone (its settings); browsers read the same from the
   * page's settings block (newsroomTimeZone, src/lib/env.ts).
   */
  timeZone?: string;
}

const PageContext = createContext<PageContextValue | null>(null);
export const PageProvider = PageContext.Provider;

/** The page's context where there may be none (a component tried alone): null then. */
export const useOptionalPage = (): PageContextValue | null => useContext(PageContext);

export function usePage(): PageContextValue {
  const value = useContext(PageContext);
  if (!value) throw new Error('usePage must be used inside <PageProvider>');
  return value;
}

/** What the server put in the page, or (a page the browser renders alone) the browser's origin. */
export function readPageData(): PageContextValue {
  const text = document.getElementById(PAGE_DATA_ELEMENT_ID)?.textContent;
  const page: Partial<PageDataBlock> = text ? JSON.parse(text) : {};
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  // No bytes over the network for the document: it was read from the cache.
  const fromCache = !!navigation && navigation.transferSize === 0 && navigation.decodedBodySize > 0;
  return {
    origin: page.origin ?? window.location.origin,
    seed: page.seed ?? null,
    menu: page.menu,
    newsletterTime: page.newsletterTime,
    emergency: page.emergency,
    // Also when the server sent the last render it had, its backend being slow (see stalePages.ts).
    seedMayBeStale: fromCache || page.stale === true,
    servedFromStore: document.querySelector(`[${OFFLINE_BANNER_ATTRIBUTE}]`) !== null,
    // A lite page is rendered afresh by the app (main.tsx): the browser's view of the mode then
    // holds (the reader just turned it off, say), not the one the server rendered with.
    // « Mode urgence » makes it lite for everyone.
    dataSaver: page.emergency?.on || (page.dataSaver === undefined || isLiteRoot() ? dataSaverInBrowser() : page.dataSaver),
  };
}
