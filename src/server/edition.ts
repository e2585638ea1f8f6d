import { gzipSync } from 'node:zlib';
import type { LiveFrontItem } from '@/lib/live';
import { imageAtWidth } from '@/lib/renditions';
import { articlePath } from '@/lib/readerPaths';
import type { DataClient } from '@/lib/supabase';
import { fetchEmergencyNotice } from '@/public/api/emergency';
import { onlyPublic } from '@/public/api/visibility';
import {
  EDITION_BUDGET,
  EDITION_IMAGE_WIDTH,
  EDITION_MAX_ARTICLES,
  PREPARED_EDITION,
  editionArticles,
  withLiveCoverages,
  editionBytes,
  fitEdition,
  type Edition,
  type EditionItem,
} from '@/offline/edition';
import type { PublicArticle } from './feeds';

/**
 * How long the server's copy of an edition answers without working it out again: every home page
 * asks for its size. Kept in the page cache like pages (app.ts), so only while its content version
 * is proven current: a change readers could see (an unpublished headline) drops it.
 */
export const EDITION_FRESH_MS = 5 * 60_000;
/** Bytes of a response's status line and headers, added to each file's body. */
const HEADER_BYTES = 400;

export interface EditionSources {
  db: DataClient;
  /** A page as a reader in that mode gets it, or null when it is not a complete 200. */
  page: (path: string, dataSaver: boolean) => Promise<{ html: string; title: string } | null>;
}

type EditionArticle = PublicArticle<'slug' | 'image_url'>;

/** A picture's size in bytes (its Content-Length), or null when it cannot be had. */
const headBytes = async (url: string): Promise<number | null> => {
  const response = await fetch(url, { method: 'HEAD', signal: AbortSignal.timeout(5000) }).catch(() => null);
  const length = Number(response?.ok ? response.headers.get('Content-Length') : NaN);
  return Number.isFinite(length) && length > 0 ? length : null;
};

/** A page's bytes as the server sends it (gzip; the site's compression, within a few per cent). */
const pageBytes = (html: string) => gzipSync(html).length + HEADER_BYTES;

/**
 * The public live coverages not closed (live_front), as the edition lists articles; none when they
 * could not be read (the edition goes without them rather than not at all).
 */
async function liveArticles(db: DataClient, now: Date): Promise<EditionArticle[]> {
  const live = await db.rpc('live_front');
  const slugs = live.error ? [] : (live.data as unknown as LiveFrontItem[]).map((c) => c.slug);
  if (live.error) console.error('L’édition hors ligne part sans ses directs', live.error);
  if (!slugs.length) return [];
  const { data, error } = await onlyPublic(db.from('articles').select('slug, image_url, published_at').in('slug', slugs), undefined, now)
    .order('published_at', { ascending: false })
    .overrideTypes<EditionArticle[]>();
  if (error) console.error('L’édition hors ligne part sans ses directs', error);
  return data ?? [];
}

/** A prepared date to come (« Préparer »): the larger edition; else, or when it cannot be read, the day's. */
async function editionSize(db: DataClient, dataSaver: boolean): Promise<{ maxArticles: number; budget: number }> {
  const notice = await fetchEmergencyNotice(db).catch((error: unknown) => {
    console.error('The edition goes at its usual size (the emergency notice did not load)', error);
    return null;
  });
  if (notice?.preparedUntil) return PREPARED_EDITION;
  return { maxArticles: EDITION_MAX_ARTICLES, budget: dataSaver ? EDITION_BUDGET.dataSaver : EDITION_BUDGET.full };
}

async function buildEdition({ db, page }: EditionSources, dataSaver: boolean, now: Date): Promise<Edition> {
  const live = liveArticles(db, now);
  const { maxArticles, budget } = await editionSize(db, dataSaver);
  const { data, error } = await onlyPublic(db.from('articles').select('slug, image_url, published_at'), undefined, now)
    .order('published_at', { ascending: false })
    .limit(maxArticles)
    .overrideTypes<EditionArticle[]>();
  if (error) throw new Error(`Edition articles could not be read: ${error.message}`);
  const articles = withLiveCoverages(await live, editionArticles(data, now, maxArticles), maxArticles);
  const measured = await Promise.all(
    ['/', ...articles.map((a) => articlePath(a.slug))].map(async (path) => {
      const p = await page(path, dataSaver);
      return p && { url: path, title: p.title, bytes: pageBytes(p.html) };
    }),
  );
  const [home, ...articlePages] = measured;
  if (!home) throw new Error('The home page could not be rendered for the edition');
  const items: EditionItem[] = await Promise.all(
    articles.flatMap((article, i) => {
      const articlePage = articlePages[i];
      if (!articlePage) return [];
      const url = !dataSaver && article.image_url ? imageAtWidth(article.image_url, EDITION_IMAGE_WIDTH) : null;
      return [
        (async (): Promise<EditionItem> => {
          const bytes = url ? await headBytes(url) : null;
          return { page: articlePage, image: url && bytes !== null ? { url, bytes: bytes + HEADER_BYTES } : undefined };
        })(),
      ];
    }),
  );
  const { pages, images } = fitEdition(home, items, budget);
  return { date: now.toISOString(), dataSaver, pages, images, bytes: editionBytes(pages, images) };
}

/**
 * /edition.json: the home page and the latest articles, with their size, that "Télécharger
 * l'édition du jour" stores (src/offline/worker.ts), for a reader in normal or data-saver mode.
 * Pages are rendered as readers get them to be measured; the caller keeps the list (EDITION_FRESH_MS).
 */
export function editionList(sources: EditionSources): (dataSaver: boolean) => Promise<Edition> {
  return (dataSaver) => buildEdition(sources, dataSaver, new Date());
}
