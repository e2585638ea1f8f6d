import { LINK_TAGS } from '@/lib/channels';
import { escapeHtml } from '@/lib/html';
import { isArticlePath } from './cachePolicy';
import { offlineEditionText, offlinePageText } from './edition';
import { OFFLINE_BANNER_ATTRIBUTE } from './paths';

// The banner the service worker puts on pages shown offline: the reader's only way on while offline.

export interface PageEntry {
  title: string;
  savedAt: string;
}
/** What the worker knows of its pages (titles, when saved, the edition). */
export interface OfflineIndex {
  edition: { date: string; dataSaver: boolean; pages: string[] } | null;
  pages: Record<string, PageEntry>;
}

/** The band's colours: the site's near-black, its paper white. */
export const BANNER_BACKGROUND = '#1c1917';
export const BANNER_TEXT = '#fffdf8';
/**
 * Its links, coloured on purpose: left to the browser they were its dark blue on the near-black
 * band (about 2:1), unreadable. Amber (#fcd34d) is about 12:1 there; underlined, they read as links.
 */
export const BANNER_LINK = '#fcd34d';
const LINK_STYLE = `color:${BANNER_LINK};text-decoration:underline`;

/**
 * A stored page's link, tagged « Édition hors ligne » (`?s=hl`, src/lib/channels.ts): opened once
 * the reader is back online, its view counts for the edition that brought it. The worker finds the
 * stored copy without the tag (untagged).
 */
const offlineLink = (path: string) => escapeHtml(`${path}?s=${LINK_TAGS.horsLigne}`);

/**
 * "Hors ligne — édition du 22 novembre" and the articles that can be read, put before the
 * reader's root: the page's own app never sees it and the reader pays no script for it.
 */
export function offlineBanner(index: OfflineIndex, page: string | null, open = false): string {
  const saved = page ? index.pages[page]?.savedAt : undefined;
  const heading = index.edition ? offlineEditionText(index.edition.date) : offlinePageText(saved ?? new Date().toISOString());
  const articles = Object.entries(index.pages)
    .filter(([path]) => isArticlePath(path) && path !== page)
    .sort(([, a], [, b]) => b.savedAt.localeCompare(a.savedAt));
  const links = articles
    .map(([path, { title }]) => `<li><a href="${offlineLink(path)}" style="${LINK_STYLE}">${title || escapeHtml(path)}</a></li>`)
    .join('');
  const home = page !== '/' && index.pages['/'] ? `<a href="${offlineLink('/')}" style="${LINK_STYLE}">Accueil</a> · ` : '';
  const list = articles.length
    ? `<details${open ? ' open' : ''}><summary>${home}Articles disponibles hors ligne (${articles.length})</summary><ul>${links}</ul></details>`
    : home;
  return (
    `<div class="offline-banner" role="status" ${OFFLINE_BANNER_ATTRIBUTE} style="background:${BANNER_BACKGROUND};color:${BANNER_TEXT};padding:.5rem 1rem;font:15px/1.4 system-ui,sans-serif">` +
    `<strong>${escapeHtml(heading)}</strong>${list}</div>`
  );
}
