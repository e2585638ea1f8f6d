import { latestDate } from '@/lib/dates';
import { FACT_CHECKS_PATH } from '@/lib/factCheck';
import { articlePath, authorPath, categoryPath, COUNTRIES_PATH, tagPath } from '@/lib/readerPaths';
import type { DataClient } from '@/lib/supabase';
import { CATEGORY_PAGE_SIZE } from '@/public/api/category';
import { fetchCorrections } from '@/public/api/corrections';
import { onlyPublic, newestPublicTagged } from '@/public/api/visibility';
import { changedAt, failed, NEWS_SITEMAP, newsSitemapLastmod, type PublicArticle } from './feeds';
import { escapeXml, XML_HEAD } from './html';

/** The protocol's limit of URLs in one sitemap file (a week of the busiest newsroom is far below it). */
export const MAX_SITEMAP_URLS = 50_000;
/** Rows per request while listing a file's articles (PostgREST pages; hosted's max-rows is 1,000). */
const PAGE_ROWS = 1000;
const DAY_MS = 86_400_000;

/** The sitemaps /sitemap.xml points to. At the root: a sitemap may only list URLs under its own folder. */
export const PAGES_SITEMAP = '/sitemap-pages.xml';
/**
 * The article sitemap of one week of publication, named by its Monday (UTC, `YYYY-MM-DD`): an
 * article stays in its week's file for good, so a new article changes only this week's file and
 * crawlers re-read only the files whose <lastmod> moved.
 */
export const articleSitemapPath = (week: string) => `/sitemap-articles-${week}.xml`;
/** The article sitemaps' addresses, for the server's routes; its `slug` group is the week's Monday. */
export const ARTICLE_SITEMAP_PATTERN = /^\/sitemap-articles-(?<slug>\d{4}-\d{2}-\d{2})\.xml$/;

export interface SitemapOptions {
  /** Rows per request of an article file (tests make it small, to read a file in several pages). */
  pageRows?: number;
}

const lastmodTag = (lastmod: string | null) => (lastmod ? `<lastmod>${new Date(lastmod).toISOString()}</lastmod>` : '');

/** The weeks with public articles, oldest first, each dated by its latest change (a roll-up, not a read of the archive). */
async function weeks(db: DataClient) {
  const { data, error } = await db.rpc('sitemap_weeks');
  if (error) throw failed('Sitemap weeks', error);
  return data;
}

function urlset(origin: string, entries: { path: string; lastmod: string | null }[]): string {
  const urls = entries.map((e) => `<url><loc>${escapeXml(origin + e.path)}</loc>${lastmodTag(e.lastmod)}</url>`);
  return [XML_HEAD, '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
}

/** Home's date: the latest change of any public article. */
const homeLastmod = (all: { lastmod: string }[]) => latestDate(all.map((w) => w.lastmod));
/** /corrections' date: the latest correction. */
const correctionsLastmod = async (db: DataClient) => (await fetchCorrections(db, 1))[0]?.corrected_at ?? null;

/**
 * /sitemap.xml, a sitemap index: the pages sitemap, the news sitemap and one article sitemap a
 * week, each dated by its latest change, so crawlers fetch only the files that changed. The pages
 * file is dated by home or /corrections: a category's or an author's page shows articles whose
 * changes home's date already counts.
 */
export async function sitemapIndexXml(db: DataClient, origin: string) {
  const [all, corrections, news] = await Promise.all([weeks(db), correctionsLastmod(db), newsSitemapLastmod(db)]);
  const files = [
    { path: PAGES_SITEMAP, lastmod: latestDate([homeLastmod(all), corrections].filter((d) => d !== null)) },
    { path: NEWS_SITEMAP, lastmod: news },
    ...all.map((w) => ({ path: articleSitemapPath(w.week), lastmod: w.lastmod })),
  ];
  const items = files.map((f) => `<sitemap><loc>${escapeXml(origin + f.path)}</loc>${lastmodTag(f.lastmod)}</sitemap>`);
  return [XML_HEAD, '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...items, '</sitemapindex>', ''].join('\n');
}

/**
 * Every visible country and topic with a public article, dated by its latest article (its first
 * page's newest), in one round trip.
 */
async function tagPages(db: DataClient): Promise<{ path: string; lastmod: string | null }[]> {
  type Row = { kind: string; slug: string; article_tags: { article: { published_at: string; updated_at: string } | null }[] };
  const { data, error } = await newestPublicTagged(
    db.from('tags').select('kind, slug, article_tags!inner(article:articles(published_at, updated_at))').eq('hidden', false),
  )
    .order('slug')
    // Each tag's newest row, from its date index (fetchTag reads its page the same way).
    .limit(1, { referencedTable: 'article_tags' })
    .overrideTypes<Row[], { merge: false }>();
  if (error) throw failed('Sitemap tags', error);
  return data.map((t) => {
    const newest = t.article_tags[0]?.article;
    return { path: tagPath(t.kind, t.slug), lastmod: newest ? changedAt(newest) : null };
  });
}

/**
 * The pages sitemap: home (dated by the latest article change), every category and author with
 * a public article (dated by the articles their first page shows), /corrections (by the latest
 * correction), the « Pays » index, « Vrai ou faux » and every country and topic with a public article.
 */
export async function pagesSitemapXml(db: DataClient, origin: string) {
  const [all, pages, corrections, tags] = await Promise.all([
    weeks(db),
    db.rpc('sitemap_pages', { p_page_size: CATEGORY_PAGE_SIZE }),
    correctionsLastmod(db),
    tagPages(db),
  ]);
  if (pages.error) throw failed('Sitemap pages', pages.error);
  return urlset(origin, [
    { path: '/', lastmod: homeLastmod(all) },
    ...pages.data.categories.map((c) => ({ path: categoryPath(c.slug), lastmod: c.lastmod })),
    { path: '/corrections', lastmod: corrections },
    ...pages.data.authors.map((a) => ({ path: authorPath(a.slug), lastmod: a.lastmod })),
    { path: COUNTRIES_PATH, lastmod: null },
    { path: FACT_CHECKS_PATH, lastmod: null },
    ...tags,
  ]);
}

type SitemapArticle = PublicArticle<'id' | 'slug' | 'updated_at'>;

/** The week a file's name gives, as [Monday, next Monday) in UTC; null unless it is a real date and a Monday. */
function weekOf(week: string): [Date, Date] | null {
  const start = new Date(`${week}T00:00:00Z`);
  if (Number.isNaN(start.getTime()) || start.toISOString().slice(0, 10) !== week || start.getUTCDay() !== 1) return null;
  return [start, new Date(start.getTime() + 7 * DAY_MS)];
}

/**
 * The article sitemap of the week starting on `week` (a Monday, `YYYY-MM-DD`): its public
 * articles, oldest first, read from the outline index page by page, each page after the last row
 * read (published_at, id), with one `now` for all pages. A page can come back shorter than asked
 * (a project's max-rows setting): only an empty one ends it. Null for a week with no public
 * article, or a name that is not a week's Monday (404).
 */
export async function articleSitemapXml(
  db: DataClient,
  origin: string,
  week: string,
  { pageRows = PAGE_ROWS }: SitemapOptions = {},
): Promise<string | null> {
  const range = weekOf(week);
  if (!range) return null;
  const [from, to] = range.map((d) => d.toISOString());
  const rows: SitemapArticle[] = [];
  const now = new Date();
  while (rows.length < MAX_SITEMAP_URLS) {
    const last = rows.at(-1);
    const query = onlyPublic(db.from('articles').select('id, slug, published_at, updated_at'), undefined, now)
      .gte('published_at', last?.published_at ?? from)
      .lt('published_at', to);
    // The first condition starts the index scan at the last date; this one leaves out what was read.
    const after = last ? query.or(`published_at.gt."${last.published_at}",id.gt.${last.id}`) : query;
    const { data, error } = await after
      .order('published_at')
      .order('id')
      .limit(Math.min(pageRows, MAX_SITEMAP_URLS - rows.length))
      .overrideTypes<SitemapArticle[]>();
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
