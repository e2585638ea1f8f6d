/**
 * Today's edition for reading offline: what /edition.json lists (src/server/edition.ts), what the
 * service worker stores, and the texts readers see. Pure and free of DOM and React.
 */
import { formatDayMonth } from '@/lib/dates';
import { formatKo } from '@/public/dataSaver/weight';

/** At most this many articles, the latest public ones of the last EDITION_HOURS hours. */
export const EDITION_MAX_ARTICLES = 12;
export const EDITION_HOURS = 48;
/** A quiet day still makes an edition: at least this many articles, however old. */
export const EDITION_MIN_ARTICLES = 5;
/** The picture stored with each article: its main one at this width (the data-saver edition has none). */
export const EDITION_IMAGE_WIDTH = 640;

export interface EditionFile {
  /** Path on the site (pages) or absolute URL (pictures). */
  url: string;
  /** Bytes over the wire, compressed as the server sends it. */
  bytes: number;
}

export interface EditionPage extends EditionFile {
  title: string;
}

export interface Edition {
  /** When the list was made (ISO). */
  date: string;
  dataSaver: boolean;
  /** The home page first, then the articles, newest first. */
  pages: EditionPage[];
  images: EditionFile[];
  /** Everything above (the reader app's files are already in the reader's browser). */
  bytes: number;
}

/**
 * « Préparer » (« Mode urgence », before a known date: an election, an exam week): the edition
 * grows to this many articles and this many bytes, in either mode, until the date.
 */
export const PREPARED_EDITION = { maxArticles: 24, budget: 1024 * 1024 } as const;

/** The articles an edition carries: the recent ones, topped up with the latest when few are recent. */
export function editionArticles<T extends { published_at: string }>(latest: readonly T[], now: Date, max = EDITION_MAX_ARTICLES): T[] {
  const since = now.getTime() - EDITION_HOURS * 3600_000;
  const recent = latest.filter((a) => Date.parse(a.published_at) >= since);
  const chosen = recent.length >= EDITION_MIN_ARTICLES ? recent : latest.slice(0, EDITION_MIN_ARTICLES);
  return chosen.slice(0, max);
}

/**
 * The edition's articles with the live coverages not closed first (their pages carry the latest
 * 20 entries), however old the coverage's start: what moves tonight goes offline too. At most
 * `max` (EDITION_MAX_ARTICLES, or a prepared edition's), none twice.
 */
export function withLiveCoverages<T extends { slug: string }>(live: readonly T[], articles: readonly T[], max = EDITION_MAX_ARTICLES): T[] {
  const first = live.slice(0, max);
  const slugs = new Set(first.map((a) => a.slug));
  return [...first, ...articles.filter((a) => !slugs.has(a.slug))].slice(0, max);
}

/** The edition never costs more than this (bytes): articles beyond it wait for the next one. */
export const EDITION_BUDGET = { full: 500 * 1024, dataSaver: 100 * 1024 } as const;

/** One article of the edition: its page and, unless in data-saver mode, its picture. */
export interface EditionItem {
  page: EditionPage;
  image?: EditionFile;
}

/** The home page and the articles, in order, as many as fit the budget (the home page always goes). */
export function fitEdition(
  home: EditionPage,
  articles: readonly EditionItem[],
  budget: number,
): { pages: EditionPage[]; images: EditionFile[] } {
  const pages = [home];
  const images: EditionFile[] = [];
  let bytes = home.bytes;
  for (const { page, image } of articles) {
    const cost = page.bytes + (image && !images.some((i) => i.url === image.url) ? image.bytes : 0);
    if (bytes + cost > budget) break;
    bytes += cost;
    pages.push(page);
    if (image && !images.some((i) => i.url === image.url)) images.push(image);
  }
  return { pages, images };
}

export const editionBytes = (pages: readonly EditionFile[], images: readonly EditionFile[]) =>
  [...pages, ...images].reduce((sum, file) => sum + file.bytes, 0);

/** "≈ 312 Ko". */
export const editionSizeText = (bytes: number) => `≈ ${formatKo(bytes)}`;

/** "Hors ligne — édition du 22 novembre". */
export const offlineEditionText = (date: string) => `Hors ligne — édition du ${formatDayMonth(date)}`;

/** A page read before, with no edition downloaded: "Hors ligne — page enregistrée le 22 novembre". */
export const offlinePageText = (date: string) => `Hors ligne — page enregistrée le ${formatDayMonth(date)}`;

/** "1 article", "12 articles". */
export const articleCount = (articles: number) => `${articles} article${articles > 1 ? 's' : ''}`;

/** "Édition du 22 novembre enregistrée : 12 articles à lire hors ligne." */
export const editionSavedText = (date: string, articles: number) =>
  `Édition du ${formatDayMonth(date)} enregistrée : ${articleCount(articles)} à lire hors ligne.`;
