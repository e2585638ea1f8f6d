import type { ArticleRow, Category, NonNullColumns } from '@/lib/database';
import { latestDate } from '@/lib/dates';
import { PREVIEW_PREFIX } from '@/lib/previewPath';
import { articlePath } from '@/lib/readerPaths';
import type { DataClient } from '@/lib/supabase';
import { articleDescription, SITE_DESCRIPTION, SITE_NAME } from '@/public/meta';
import { onlyPublic } from '@/public/api/visibility';
import { FACT_CHECKS_PATH, FACT_CHECKS_TITLE } from '@/lib/factCheck';
import { escapeXml, XML_HEAD } from './html';

/** Items in an RSS feed: enough for aggregators polling every few minutes. */
export const RSS_ITEMS = 50;
/** The Google News sitemap's address (robots.txt and the sitemap index name it). */
export const NEWS_SITEMAP = '/sitemap-news.xml';
/** Google News reads articles of the last two days from a news sitemap, at most 1,000 of them. */
export const NEWS_SITEMAP_HOURS = 48;
const NEWS_SITEMAP_MAX = 1000;

/** A public article, so one with its moment: onlyPublic keeps only rows whose published_at is set and past. */
export type PublicArticle<Columns extends keyof ArticleRow> = NonNullColumns<Pick<ArticleRow, Columns | 'published_at'>, 'published_at'>;

export type FeedRow = PublicArticle<'id' | 'slug' | 'title' | 'excerpt' | 'updated_at'> & {
  category: Pick<Category, 'name' | 'slug'> | null;
};
type FeedArticle = FeedRow & { description: string };
export const FEED_COLUMNS = 'id, slug, title, excerpt, published_at, updated_at';

/**
 * Each item's description: its excerpt, or the opening of its text, whose text is read only for
 * the items without an excerpt (50 bodies of 600–1,200 words are ~400 KB to read for nothing).
 */
export async function described(db: DataClient, rows: FeedRow[]): Promise<FeedArticle[]> {
  const bare = rows.filter((a) => !a.excerpt?.trim()).map((a) => a.id);
  const texts = new Map<string, string>();
  if (bare.length) {
    const { data, error } = await db.from('articles').select('id, content').in('id', bare);
    if (error) throw failed('Feed texts', error);
    for (const a of data) texts.set(a.id, a.content);
  }
  return rows.map((a) => ({ ...a, description: articleDescription({ excerpt: a.excerpt, content: texts.get(a.id) ?? '' }) }));
}

async function siteFeed(db: DataClient, format?: 'factcheck'): Promise<FeedArticle[]> {
  const rows = db.from('articles').select(`${FEED_COLUMNS}, category:categories(name, slug)`);
  const { data, error } = await onlyPublic(format ? rows.eq('format', format) : rows)
    .order('published_at', { ascending: false })
    .limit(RSS_ITEMS)
    .overrideTypes<FeedRow[]>();
  if (error) throw failed('Feed articles', error);
  return described(db, data);
}

/** A category with its latest published articles, in one round trip as its page reads them (and one for texts, when needed). */
async function categoryFeed(db: DataClient, slug: string): Promise<{ category: Category; items: FeedArticle[] } | null> {
  const { data, error } = await onlyPublic(
    db.from('categories').select(`id, name, slug, articles(${FEED_COLUMNS})`).eq('slug', slug),
    'articles',
  )
    .order('published_at', { referencedTable: 'articles', ascending: false })
    .limit(RSS_ITEMS, { referencedTable: 'articles' })
    .maybeSingle()
    .overrideTypes<{ articles: Omit<FeedRow, 'category'>[] }>();
  if (error) throw failed('Feed category', error);
  if (!data) return null;
  const { articles, ...category } = data;
  return {
    category,
    items: await described(
      db,
      articles.map((a) => ({ ...a, category: { name: category.name, slug: category.slug } })),
    ),
  };
}

export const failed = (what: string, error: unknown) => new Error(`${what} failed to load: ${JSON.stringify(error)}`);

/**
 * When an article last changed for its readers: its last save, or its going out if later (a
 * scheduled article is saved before its moment).
 */
export const changedAt = (a: { updated_at: string; published_at: string }) => latestDate([a.updated_at, a.published_at])!;

type NewsArticle = PublicArticle<'slug' | 'title' | 'updated_at'>;

/** The public articles of the last 48 hours, newest first, at most as many as Google News reads. */
async function newsArticles(db: DataClient): Promise<NewsArticle[]> {
  const now = new Date();
  const since = new Date(now.getTime() - NEWS_SITEMAP_HOURS * 3600_000).toISOString();
  const { data, error } = await onlyPublic(db.from('articles').select('slug, title, published_at, updated_at'), undefined, now)
    .gte('published_at', since)
    .order('published_at', { ascending: false })
    .limit(NEWS_SITEMAP_MAX)
    .overrideTypes<NewsArticle[]>();
  if (error) throw failed('News sitemap articles', error);
  return data;
}

/** When sitemap-news.xml last changed (an article in it going out or saved), for the sitemap index; null while it is empty. */
export const newsSitemapLastmod = async (db: DataClient) => latestDate((await newsArticles(db)).map(changedAt));

/**
 * sitemap-news.xml: the public articles of the last 48 hours, newest first, with Google News's tags
 * (publication name and language, publication date, title), so the day's news is found within
 * minutes. Older articles stay in the article sitemaps (see sitemaps.ts).
 */
export async function newsSitemapXml(db: DataClient, origin: string): Promise<string> {
  const entry = (a: NewsArticle) =>
    [
      `<url><loc>${escapeXml(origin + articlePath(a.slug))}</loc><news:news>`,
      `<news:publication><news:name>${escapeXml(SITE_NAME)}</news:name><news:language>fr</news:language></news:publication>`,
      `<news:publication_date>${new Date(a.published_at).toISOString()}</news:publication_date>`,
      `<news:title>${escapeXml(a.title)}</news:title></news:news></url>`,
    ].join('');
  return [
    XML_HEAD,
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">',
    ...(await newsArticles(db)).map(entry),
    '</urlset>',
    '',
  ].join('\n');
}

/**
 * RSS 2.0 of the latest public articles, of the whole site or of one category. Null for an
 * unknown category.
 */
export async function rssXml(db: DataClient, origin: string, categorySlug?: string): Promise<string | null> {
  if (categorySlug) return (await categoryRss(db, origin, categorySlug))?.xml ?? null;
  return feedXml(origin, null, await siteFeed(db));
}

/** A category's RSS and its id (the feed is purged with the category); null for an unknown category. */
export async function categoryRss(db: DataClient, origin: string, slug: string): Promise<{ xml: string; categoryId: string } | null> {
  const found = await categoryFeed(db, slug);
  if (!found) return null;
  const { name, slug: own } = found.category;
  return { xml: feedXml(origin, { name, path: `/category/${own}` }, found.items), categoryId: found.category.id };
}

/** « Vrai ou faux »'s RSS: the latest published fact-checks, presented as a list of their own. */
export async function factChecksRss(db: DataClient, origin: string): Promise<string> {
  return feedXml(origin, FACT_CHECKS_FEED, await siteFeed(db, 'factcheck'));
}
const FACT_CHECKS_FEED = { name: FACT_CHECKS_TITLE, path: FACT_CHECKS_PATH };

/** A feed's channel: the whole site (null), or a category's, a tag's or « Vrai ou faux »'s page with its name. */
export function feedXml(origin: string, list: { name: string; path: string } | null, items: FeedArticle[]): string {
  const link = list ? `${origin}${list.path}` : `${origin}/`;
  const self = list ? `${origin}${list.path}/rss.xml` : `${origin}/rss.xml`;
  const item = (a: FeedArticle) => {
    const url = `${origin}${articlePath(a.slug)}`;
    return [
      '<item>',
      `<title>${escapeXml(a.title)}</title>`,
      `<link>${escapeXml(url)}</link>`,
      `<guid isPermaLink="true">${escapeXml(url)}</guid>`,
      `<pubDate>${new Date(a.published_at).toUTCString()}</pubDate>`,
      a.category ? `<category>${escapeXml(a.category.name)}</category>` : '',
      `<description>${escapeXml(a.description)}</description>`,
      '</item>',
    ].join('');
  };
  return [
    XML_HEAD,
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '<channel>',
    `<title>${escapeXml(list ? `${SITE_NAME} — ${list.name}` : SITE_NAME)}</title>`,
    `<link>${escapeXml(link)}</link>`,
    `<atom:link href="${escapeXml(self)}" rel="self" type="application/rss+xml" />`,
    `<description>${escapeXml(list ? `${list.name} : les derniers articles d'${SITE_NAME}.` : SITE_DESCRIPTION)}</description>`,
    '<language>fr-FR</language>',
    items[0] ? `<lastBuildDate>${new Date(latestDate(items.map(changedAt))!).toUTCString()}</lastBuildDate>` : '',
    ...items.map(item),
    '</channel>',
    '</rss>',
    '',
  ]
    .filter(Boolean)
    .join('\n');
}

/** robots.txt: everything public may be crawled; the back office, sign-in and previews are not. */
export const robotsTxt = (origin: string) =>
  [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /auth',
    `Disallow: ${PREVIEW_PREFIX}`,
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    `Sitemap: ${origin}${NEWS_SITEMAP}`,
    '',
  ].join('\n');
