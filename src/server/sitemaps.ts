import { latestDate } from '@/lib/dates';
import { articlePath, authorPath, categoryPath } from '@/lib/readerPaths';
import type { DataClient } from '@/lib/supabase';
import { fetchCorrections } from '@/public/api/corrections';
import { onlyPublic } from '@/public/api/visibility';
import { changedAt, failed, NEWS_SITEMAP, newsSitemapLastmod, type PublicArticle } from './feeds';
import { escapeXml, XML_HEAD } from './html';

/**
 * URLs per article sitemap. The protocol allows 50,000 (and 50 MB); 10,000 makes each file ten
 * PostgREST pages of 1,000 rows (hosted's max-rows), answered in about a second even when a
 * crawler is the only visitor, and about 1.3 MB before compression.
 */
export const ARTICLES_PER_SITEMAP = 10_000;
/** Rows per request while listing a file's articles (PostgREST pages). */
const PAGE_ROWS = 1000;

/** The sitemaps /sitemap.xml points to. At the root: a sitemap may only list URLs under its own folder. */
export const PAGES_SITEMAP = '/sitemap-pages.xml';
export const articleSitemapPath = (n: number) => `/sitemap-articles-${n}.xml`;
/** The article sitemaps' addresses, for the server's routes; its `slug` group is the file's number, from 1. */
export const ARTICLE_SITEMAP_PATTERN = /^\/sitemap-articles-(?<slug>[1-9][0-9]{0,6})\.xml$/;

export interface SitemapOptions {
  /** URLs per article file (tests make it small). */
  perFile?: number;
  /** Rows per request of an article file (tests make it small, to read a file in several pages). */
  pageRows?: number;
}

const lastmodTag = (lastmod: string | null) => (lastmod ? `<lastmod>${new Date(lastmod).toISOString()}</lastmod>` : '');

async function outline(db: DataClient, perFile: number) {
  const { data, error } = await db.rpc('sitemap_outline', { p_per_file: perFile });
  if (error) throw failed('Sitemap outline', error);
  return data;
}

function urlset(origin: string, entries: { path: string; lastmod: string | null }[]): string {
  const urls = entries.map((e) => `<url><loc>${escapeXml(origin + e.path)}</loc>${lastmodTag(e.lastmod)}</url>`);
  return [XML_HEAD, '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
}

/**
 * The pages sitemap: home (dated by the latest article change), every category and author with
 * a public article (dated by their latest), and /corrections (by the latest correction).
 */
async function pagesSitemap(db: DataClient, perFile: number) {
  const [site, corrections] = await Promise.all([outline(db, perFile), fetchCorrections(db, 1)]);
  const entries = [
    { path: '/', lastmod: latestDate(site.article_files) },
    ...site.categories.map((c) => ({ path: categoryPath(c.slug), lastmod: c.lastmod })),
    { path: '/corrections', lastmod: corrections[0]?.corrected_at ?? null },
    ...site.authors.map((a) => ({ path: authorPath(a.slug), lastmod: a.lastmod })),
  ];
  return { site, entries };
}

/**
 * /sitemap.xml, a sitemap index: the pages sitemap, the news sitemap and the article sitemaps,
 * each dated by its latest change, so crawlers fetch only the files that changed.
 */
export async function sitemapIndexXml(db: DataClient, origin: string, { perFile = ARTICLES_PER_SITEMAP }: SitemapOptions = {}) {
  const [{ site, entries }, news] = await Promise.all([pagesSitemap(db, perFile), newsSitemapLastmod(db)]);
  const files = [
    { path: PAGES_SITEMAP, lastmod: latestDate(entries.flatMap((e) => (e.lastmod ? [e.lastmod] : []))) },
    { path: NEWS_SITEMAP, lastmod: news },
    ...site.article_files.map((lastmod, i) => ({ path: articleSitemapPath(i + 1), lastmod })),
  ];
  const items = files.map((f) => `<sitemap><loc>${escapeXml(origin + f.path)}</loc>${lastmodTag(f.lastmod)}</sitemap>`);
  return [XML_HEAD, '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...items, '</sitemapindex>', ''].join('\n');
}

export const pagesSitemapXml = async (db: DataClient, origin: string, { perFile = ARTICLES_PER_SITEMAP }: SitemapOptions = {}) =>
  urlset(origin, (await pagesSitemap(db, perFile)).entries);

type SitemapArticle = PublicArticle<'id' | 'slug' | 'updated_at'>;

/**
 * Article sitemap number `n` (from 1): the public articles, oldest first as sitemap_outline cuts
 * them, from position (n - 1) × perFile, read page by page (one `now` for all pages, so an article
 * going live meanwhile does not shift them). The first page skips to the file's start; each next
 * one starts after the last row read (published_at, id), so the last of 10 files skips its 90,000
 * index entries once rather than on each of its 10 pages. A page can come back shorter than asked
 * (a project's max-rows setting): only an empty one, or a full file, ends it. Null past the last file.
 */
export async function articleSitemapXml(
  db: DataClient,
  origin: string,
  n: number,
  { perFile = ARTICLES_PER_SITEMAP, pageRows = PAGE_ROWS }: SitemapOptions = {},
): Promise<string | null> {
  if (!Number.isSafeInteger(n) || n < 1) return null;
  const start = (n - 1) * perFile;
  const rows: SitemapArticle[] = [];
  const now = new Date();
  while (rows.length < perFile) {
    const want = Math.min(pageRows, perFile - rows.length);
    const last = rows.at(-1);
    const query = onlyPublic(db.from('articles').select('id, slug, published_at, updated_at'), undefined, now);
    // The first condition starts the index scan at the last date; the second leaves out what was read.
    const after = last
      ? query
          .gte('published_at', last.published_at)
          .or(`published_at.gt."${last.published_at}",and(published_at.eq."${last.published_at}",id.gt.${last.id})`)
      : query;
    const ordered = after.order('published_at').order('id');
    const { data, error } = await (last ? ordered.limit(want) : ordered.range(start, start + want - 1)).overrideTypes<SitemapArticle[]>();
    if (error) throw failed('Sitemap articles', error);
    if (!data.length) break;
    rows.push(...data);
  }
  if (!rows.length) return null;
  return urlset(
    origin,
    rows.map((a) => ({ path: articlePath(a.slug), lastmod: changedAt(a) })),
  );
}
