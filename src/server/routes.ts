import { articlePath, authorPath, categoryPath, CONFIRM_PATH, tagPath, UNSUBSCRIBE_PATH } from '@/lib/readerPaths';
import { liveDeltaPath } from '@/lib/live';
import { EDITION_PATH } from '@/offline/paths';
import { SHORT_LINK_PREFIX } from '@/essentiel/shortLinks';
import { NO_SCRIPT_VIEW_PREFIX } from '@/lib/channels';
import { isBackOfficePath } from '@/public/router/history';
import { matchPath, type Params } from '@/public/router/match';
import { ROUTE_PATHS } from '@/public/routePaths';
import { categoryRss, factChecksRss, NEWS_SITEMAP, newsSitemapXml, rssXml } from './feeds';
import type { CacheName, EdgePolicy } from './headers';
import { NEWSLETTER_API } from './newsletter';
import { PUSH_KEY_PATH } from './push';
import { ARTICLE_SITEMAP_PATTERN, articleSitemapXml, PAGES_SITEMAP, pagesSitemapXml, sitemapIndexXml } from './sitemaps';
import { appShell } from './routes/backOffice';
import { editionFile } from './routes/edition';
import { editionDay, shortLinkRedirect } from './routes/essentiel';
import { ESSENTIEL_PREPARE_PATH, prepareEdition } from './routes/essentielApi';
import { foldSlashes } from './routes/foldSlashes';
import { generatedFile } from './routes/generatedFile';
import { categoryKey, KEY, parseKey, tagKey } from './routes/keys';
import { tagRss } from './tagFeeds';
import { readsOnly } from './routes/methods';
import { liveDelta } from './routes/liveDelta';
import { servedView } from './routes/servedView';
import { readerPage } from './routes/readerPage';
import { robotsFile } from './routes/robots';
import type { RouteHandler } from './routes/site';
import { buildFiles } from './routes/staticFiles';
import { verdictCard } from './routes/verdictCard';
import { wordpressAddresses } from './routes/wordpress';
import { verdictCardPath } from './verdictCard';

/**
 * One row per kind of answer the site's server gives, in matching order (the first whose path
 * matches and whose handler answers wins). Each row is everything about its answers: the addresses
 * (a path pattern with :params, a RegExp whose named groups are the params, or a test), the
 * methods, the handler (one file under routes/), the browser's cache lifetime (CACHE in
 * headers.ts), the edge's (EDGE; none: never kept by a shared cache), the purge keys its answers
 * carry from the request (a handler adds those of the data it read: a category feed's category,
 * a page's article) and the fixed addresses that carry a key (purgePaths). app.ts, the purge
 * mapping and the tests read it; a new route is one row and one file.
 */
export interface ServerRoute {
  name: string;
  path: string | RegExp | ((pathname: string) => boolean);
  /** Only GET and HEAD (others go on to the 405), or every method (the handler sorts them). */
  methods: 'read' | 'any';
  handler: RouteHandler;
  cache: CacheName;
  edge: EdgePolicy | null;
  /** The keys every answer of the row carries, from its params (`all` is added when sent). */
  keys: (params: Params) => string[];
  /** The fixed addresses of this row that carry a key: `slug` names the article, category or author of an id key. */
  purgePaths?: (key: string, slug?: string) => string[];
}

const XML = 'application/xml; charset=utf-8';
const LIVE_DELTA_PATTERN = liveDeltaPath(':slug', ':revision');
const RSS = 'application/rss+xml; charset=utf-8';
const feeds = () => [KEY.feeds];
const none = () => [];
/** A row's purge paths: its fixed address for the keys it carries. */
const carriedBy = (path: string, keys: string[]) => (key: string) => (keys.includes(key) ? [path] : []);

type FileBuild = Parameters<typeof generatedFile> extends [string, ...infer Rest] ? Rest : never;

/** A category's feed, purged with its category too. */
const categoryFeed: FileBuild[0] = async (site, { slug }) => {
  const found = await categoryRss(site.db, site.options.origin, slug ?? '');
  return found && { body: found.xml, keys: [categoryKey(found.categoryId)] };
};

/** A country's or a topic's feed, purged with its tag too. */
const tagFeed =
  (section: 'pays' | 'sujet'): FileBuild[0] =>
  async (site, { slug }) => {
    const found = await tagRss(site.db, site.options.origin, section, slug ?? '');
    return found && { body: found.xml, keys: [tagKey(found.tagId)] };
  };
const tagFeedRow = (section: 'pays' | 'sujet'): ServerRoute => ({
  // Tags' slugs follow the categories' rule (80 characters at most).
  ...fileRow(`${section}Feed`, `/${section}/:slug/rss.xml`, RSS, tagFeed(section), 'category'),
  purgePaths: (key, slug) => (parseKey(key).kind === 'tag' && slug ? [`/${section}/${slug}/rss.xml`] : []),
});

/** A generated file's row: reads only, kept 5 minutes by browsers and hours at the edge, purged with the feeds. */
const fileRow = (name: string, path: string | RegExp, type: string, ...file: FileBuild): ServerRoute => ({
  name,
  path,
  methods: 'read',
  handler: generatedFile(type, ...file),
  cache: 'feed',
  edge: 'hours',
  keys: feeds,
  purgePaths: typeof path === 'string' ? carriedBy(path, [KEY.feeds]) : undefined,
});

export const SERVER_ROUTES: ServerRoute[] = [
  // robots.txt says only what the origin is: answered at once, outside the kept files and the render limit; purged with everything.
  { name: 'robots', path: '/robots.txt', methods: 'read', handler: robotsFile, cache: 'feed', edge: 'hours', keys: none },
  fileRow('sitemapIndex', '/sitemap.xml', XML, (site) => sitemapIndexXml(site.db, site.options.origin)),
  fileRow('pagesSitemap', PAGES_SITEMAP, XML, (site) => pagesSitemapXml(site.db, site.options.origin)),
  // The weekly files: purged by key only (a URL purge cannot list them; the index names them).
  fileRow('articleSitemap', ARTICLE_SITEMAP_PATTERN, XML, (site, { slug }) => articleSitemapXml(site.db, site.options.origin, slug ?? '')),
  fileRow('newsSitemap', NEWS_SITEMAP, XML, (site) => newsSitemapXml(site.db, site.options.origin)),
  fileRow('siteFeed', '/rss.xml', RSS, (site) => rssXml(site.db, site.options.origin)),
  fileRow('factChecksFeed', `${ROUTE_PATHS.factChecks}/rss.xml`, RSS, (site) => factChecksRss(site.db, site.options.origin)),
  {
    ...fileRow('categoryFeed', `${categoryPath(':slug')}/rss.xml`, RSS, categoryFeed, 'category'),
    purgePaths: (key, slug) => (parseKey(key).kind === 'category' && slug ? [`${categoryPath(slug)}/rss.xml`] : []),
  },
  tagFeedRow('pays'),
  tagFeedRow('sujet'),
  // The normal mode's edition (the data-saver one is kept by the reader's browser only, handler).
  {
    name: 'edition',
    path: (pathname) => pathname === EDITION_PATH,
    methods: 'read',
    handler: editionFile,
    cache: 'edition',
    edge: 'hours',
    keys: () => [KEY.edition, KEY.front],
    purgePaths: carriedBy(EDITION_PATH, [KEY.edition, KEY.front]),
  },
  // The newsletter's links and the back office's calls (newsletter.ts), the reader's push key (push.ts): personal, never kept.
  {
    name: 'newsletter',
    path: (pathname) => pathname === CONFIRM_PATH || pathname === UNSUBSCRIBE_PATH || pathname.startsWith(`${NEWSLETTER_API}/`),
    methods: 'any',
    handler: (site, { req, res, url }) => site.newsletter(req, res, url),
    cache: 'never',
    edge: null,
    keys: none,
  },
  {
    name: 'push',
    path: PUSH_KEY_PATH,
    methods: 'any',
    handler: (site, { req, res, url }) => site.push(req, res, url),
    cache: 'never',
    edge: null,
    keys: none,
  },
  // A live coverage's delta (routes/liveDelta.ts): its article's key is added from the answer.
  // No purge path: an address per revision, which no URL list can name; a purge by tag (article-<id>)
  // drops them all, and by URL the edge keeps one for its short lifetime (EDGE.live) at most.
  {
    name: 'liveDelta',
    path: LIVE_DELTA_PATTERN,
    methods: 'read',
    handler: liveDelta,
    cache: 'live',
    edge: 'live',
    keys: none,
  },
  // « L'essentiel du jour » (src/essentiel): a day's page and card, purged with the edition and its
  // articles; short links /a/{id} (kept by browsers only: the answer carries the channel tag);
  // the back office's « Préparer maintenant ».
  {
    name: 'essentielPage',
    path: '/edition/:day',
    methods: 'read',
    handler: editionDay('page'),
    cache: 'feed',
    edge: 'hours',
    keys: () => [KEY.edition],
  },
  {
    name: 'essentielCard',
    path: '/edition/:day/carte.jpg',
    methods: 'read',
    handler: editionDay('card'),
    cache: 'feed',
    edge: 'hours',
    keys: () => [KEY.edition],
  },
  // A « Vrai ou faux »'s share picture (routes/verdictCard.ts): purged with its article, so a changed verdict redraws it.
  {
    name: 'verdictCard',
    path: verdictCardPath(articlePath(':slug')),
    methods: 'read',
    handler: verdictCard,
    cache: 'feed',
    edge: 'hours',
    keys: none,
    purgePaths: (key, slug) => (parseKey(key).kind === 'article' && slug ? [verdictCardPath(articlePath(slug))] : []),
  },
  {
    name: 'shortLink',
    path: `${SHORT_LINK_PREFIX}:id`,
    methods: 'read',
    handler: shortLinkRedirect,
    cache: 'never',
    edge: null,
    keys: none,
  },
  // A reader without JavaScript, counted (routes/servedView.ts): personal to the request, never kept.
  { name: 'servedView', path: `${NO_SCRIPT_VIEW_PREFIX}:id`, methods: 'read', handler: servedView, cache: 'never', edge: null, keys: none },
  { name: 'essentielApi', path: ESSENTIEL_PREPARE_PATH, methods: 'any', handler: prepareEdition, cache: 'never', edge: null, keys: none },
  // Lifetimes set by the files' middleware (static.ts): fingerprinted forever, others an hour; nothing to purge.
  { name: 'files', path: () => true, methods: 'any', handler: buildFiles, cache: 'staticFile', edge: null, keys: none },
  { name: 'methods', path: () => true, methods: 'any', handler: readsOnly, cache: 'never', edge: null, keys: none },
  // The article's key is added by the handler: a renamed or unpublished article purges its old addresses.
  { name: 'wordpress', path: () => true, methods: 'read', handler: wordpressAddresses, cache: 'moved', edge: 'hours', keys: none },
  {
    name: 'foldSlashes',
    path: (pathname) => pathname.includes('//'),
    methods: 'read',
    handler: foldSlashes,
    cache: 'staticFile',
    edge: 'hours',
    keys: none,
  },
  { name: 'backOffice', path: isBackOfficePath, methods: 'read', handler: appShell, cache: 'revalidate', edge: null, keys: none },
  // Reader pages: their keys are what each shows (routes/pageKeys.ts), read by the render.
  { name: 'page', path: '*', methods: 'read', handler: readerPage, cache: 'page', edge: 'hours', keys: none, purgePaths: readerPagePaths },
];

/** The reader's pages that carry a key at a fixed address. */
function readerPagePaths(key: string, slug?: string): string[] {
  const parsed = parseKey(key);
  if (parsed.kind === 'fixed')
    return parsed.key === KEY.front
      ? [ROUTE_PATHS.home, ROUTE_PATHS.factChecks]
      : parsed.key === KEY.corrections
        ? [ROUTE_PATHS.corrections]
        : [];
  if (!slug) return [];
  // A tag's kind is not in its key: both addresses (the other one answers 301 or 404).
  if (parsed.kind === 'tag') return [tagPath('pays', slug), tagPath('theme', slug)];
  return [{ article: articlePath, category: categoryPath, author: authorPath }[parsed.kind](slug)];
}

/** The params a row's path gives for this path, or null when it is not the row's. */
export function routeParams(route: ServerRoute, pathname: string): Params | null {
  if (typeof route.path === 'string') return matchPath(route.path, pathname);
  if (route.path instanceof RegExp) return route.path.exec(pathname)?.groups ?? null;
  return route.path(pathname) ? {} : null;
}

/**
 * The site's fixed addresses that carry a key, for a purge by URL (Cloudflare's default):
 * `front` → `/`, `/edition.json`; `feeds` → the feeds and sitemaps; an article, a category or an
 * author → its first page (and a category's feed), given its slug. Keys no address lists (`all`,
 * `menu`, `search`, `404`, the weekly sitemaps' `feeds`, a category's later pages) are purged by
 * tag or not at all by URL.
 */
export function purgePaths(key: string, slug?: string): string[] {
  return [...new Set(SERVER_ROUTES.flatMap((route) => route.purgePaths?.(key, slug) ?? []))];
}
