import { hasHtml } from '@/lib/hasHtml';
import { cursorParam } from '@/lib/liveCursor';
import { NEW_PASSWORD_TITLE } from './auth/paths';
import { sanitizer } from './components/sanitizer';
import { ARTICLE_NOT_FOUND_TITLE } from './pageTitles';
import { ROUTE_PATHS } from './routePaths';
import { matchPath, type Params } from './router/match';
import { lazyPage } from './routing/lazyPage';
import type { RoutePage } from './routing/route';
import { defineRoute, routeParams, type AnyRoute } from './routing/route';
import { isSignedInNewsroom } from './session/signedInNewsroom';

/** Longest search the site runs: the search box's own limit, and the cut applied to any URL. */
export const SEARCH_MAX = 200;

/**
 * The search words of a `q` parameter: trimmed, at most SEARCH_MAX UTF-16 units (the unit of the
 * input's maxLength), never ending on half a surrogate pair (the server would write it as U+FFFD
 * and the browser would not: a hydration mismatch).
 */
export function searchQuery(raw: string | null): string {
  let q = (raw ?? '').trim().slice(0, SEARCH_MAX);
  if (/[\uD800-\uDBFF]$/.test(q)) q = q.slice(0, -1);
  return q.trimEnd();
}

/** A list's `page` parameter: 1 when absent, 0 (no such page, a 404) for anything but a whole number from 1. */
export const pageNumber = (raw: string | null): number => (raw === null ? 1 : /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : 0);

const slugParam = (match: Params) => ({ slug: match.slug ?? '' });
const idParam = (match: Params) => ({ id: match.id ?? '' });

/**
 * The reader's routes, in matching order (first match wins; the catch-all is last). Each row is
 * everything about one page: its pattern, its component (eager, or loaded on demand with its
 * source module), the loader's params from the URL, its data (key, loader, not-found rule) and its
 * head tags. The reader app's <Routes>, the server (src/server/page.ts), hydration
 * (preloadForHydration) and the pages (useRouteData) all read it; none repeats any of it.
 * The home, category and article pages are chunks of their own that the server preloads with their
 * HTML: a reader who arrives on an article downloads none of the front page's or the lists' code,
 * and one who only browses lists never downloads the article's (the per-page budget:
 * scripts/bundleReport.ts); what they share (the cards) is one chunk, `page-parts`.
 * Loaders import their query module when they run (the server, an in-app navigation): a page's
 * first load has its data in the HTML and needs none of them.
 */
/**
 * A newsletter mail's link (one reader's): out of indexes and caches. Its title follows the page's
 * heading, which the server's answer to its button sets with `?etat=` (« Inscription confirmée »).
 */
const newsletterLink = (path: string, page: RoutePage) =>
  defineRoute({
    path,
    page,
    params: (_, search) => ({ state: search.get('etat') }),
    meta: ({ state }, __, pages) => pages.newsletterLinkMeta(path, state),
    noindex: true,
    personal: true,
  });

/** The article page's chunk (its page; a live article's coverage chunk is loaded by the page itself). */
const articleChunk = () => import('./pages/ArticlePage');

/** A country's page (/pays/…) or a topic's (/sujet/…): one page, two addresses. */
const tagRoute = (section: 'pays' | 'sujet', path: string) =>
  defineRoute({
    path,
    page: lazyPage(() => import('./pages/TagPage'), section === 'pays' ? 'CountryPage' : 'TopicPage', 'src/public/pages/TagPage.tsx'),
    params: (match, search) => ({ ...slugParam(match), page: pageNumber(search.get('page')) }),
    loader: {
      key: ({ slug, page }) => `${section}:${slug}:${page}`,
      load: async (db, { slug, page }) => (page > 0 ? (await import('./api/tags')).fetchTag(db, section, slug, page) : null),
      // As a category: a page past the last is a 404.
      missing: (data) => data === null || (data.page > 1 && data.articles.length === 0),
    },
    meta: (_, data, pages) => (data ? pages.tagMeta(data) : null),
  });

export const ROUTES = {
  home: defineRoute({
    path: ROUTE_PATHS.home,
    // A chunk of its own like the article page's (preloaded with the home page's HTML): readers who
    // arrive on an article, from a shared link, download none of the front page's code.
    page: lazyPage(() => import('./pages/HomePage'), 'HomePage', 'src/public/pages/HomePage.tsx'),
    params: () => ({}),
    loader: { key: () => 'home', load: async (db) => (await import('./api/home')).fetchHome(db), complete: (data) => !data.incomplete },
    meta: (_, __, pages) => pages.homeMeta(),
  }),
  category: defineRoute({
    path: ROUTE_PATHS.category,
    page: lazyPage(() => import('./pages/CategoryPage'), 'CategoryPage', 'src/public/pages/CategoryPage.tsx'),
    params: (match, search) => ({ ...slugParam(match), page: pageNumber(search.get('page')) }),
    loader: {
      key: ({ slug, page }) => `category:${slug}:${page}`,
      load: async (db, { slug, page }) => (page > 0 ? (await import('./api/category')).fetchCategory(db, slug, page) : null),
      // A page past the last is a 404, not the last page again under another address: a stale
      // link or a guessed number tells its crawler the address is gone.
      missing: (data) => data === null || (data.page > 1 && data.articles.length === 0),
    },
    meta: (_, data, pages) => (data ? pages.categoryMeta(data) : null),
  }),
  article: defineRoute({
    path: ROUTE_PATHS.article,
    // On demand like the rarer pages: home and category readers never download the article's
    // code; a shared link's first load gets its chunk preloaded with the HTML (lazyModuleLinks).
    page: lazyPage(articleChunk, 'ArticlePage', 'src/public/pages/ArticlePage.tsx'),
    // A live article's older entries (?avant=<seq>) and its no-JavaScript refresh (?depuis=<revision>);
    // a value that is no cursor is no page (404), as a list's bad ?page=.
    params: (match, search) => ({
      ...slugParam(match),
      before: cursorParam(search.get('avant')),
      since: cursorParam(search.get('depuis')),
    }),
    loader: {
      key: ({ slug, before, since }) => `article:${slug}${before === null && since === null ? '' : `:${before}:${since}`}`,
      load: async (db, { slug, before, since }) => {
        const data = await (await import('./api/article')).fetchArticle(db, slug, { before, since });
        // A fact-check's parts come in a chunk of their own (ArticleFactCheck.tsx): here before the
        // page renders, so its verdict band is not painted after the rest.
        if (data && 'article' in data && data.article.format === 'factcheck')
          await (await import('./pages/ArticlePage')).preloadFactCheckParts();
        return data;
      },
      missing: (data) => data === null,
      missingTitle: ARTICLE_NOT_FOUND_TITLE,
      complete: (data) => !data?.incomplete,
      // The server hands over an HTML body sanitized: the browser hydrates it without the
      // sanitizer's chunk, which it loads only for bodies it fetches itself.
      prepare: (data, { sanitizeHtml }) =>
        data && hasHtml(data.article.content)
          ? { ...data, article: { ...data.article, content: sanitizeHtml(data.article.content), sanitized: true as const } }
          : data,
      // A live article's coverage is not needed to hydrate: the server's stays as it is until its
      // code loads after the page (ArticlePage's LiveSection).
      needs: (data) => (data && hasHtml(data.article.content) && !data.article.sanitized ? sanitizer.preload() : null),
    },
    meta: (_, data, pages) => (data ? pages.articleMeta(data) : null),
  }),
  // An author's articles, the byline's link; like the article page, its code comes on demand.
  author: defineRoute({
    path: ROUTE_PATHS.author,
    page: lazyPage(() => import('./pages/AuthorPage'), 'AuthorPage', 'src/public/pages/AuthorPage.tsx'),
    params: (match, search) => ({ ...slugParam(match), page: pageNumber(search.get('page')) }),
    loader: {
      key: ({ slug, page }) => `author:${slug}:${page}`,
      load: async (db, { slug, page }) => (page > 0 ? (await import('./api/author')).fetchAuthor(db, slug, page) : null),
      // Paged like a category: a page past the last is a 404.
      missing: (data) => data === null || (data.page > 1 && data.articles.length === 0),
    },
    meta: (_, data, pages) => (data ? pages.authorMeta(data) : null),
  }),
  // Countries and topics (docs/product.md#tags): paged like a category, their code on demand.
  countries: defineRoute({
    path: ROUTE_PATHS.countries,
    page: lazyPage(() => import('./pages/CountriesPage'), 'CountriesPage', 'src/public/pages/CountriesPage.tsx'),
    loader: { key: () => 'countries', load: async (db) => (await import('./api/tags')).fetchCountries(db) },
    meta: (_, __, pages) => pages.countriesMeta(),
  }),
  country: tagRoute('pays', ROUTE_PATHS.country),
  topic: tagRoute('sujet', ROUTE_PATHS.topic),
  // An article as its page will show it, before it goes out: for the newsroom (administrators,
  // and journalists for their own articles), from the browser with their session (sessionOnly);
  // anyone else gets the 404 page. The article's query is fetched only for them.
  preview: defineRoute({
    path: ROUTE_PATHS.preview,
    page: lazyPage(() => import('./pages/PreviewPage'), 'PreviewPage', 'src/public/pages/PreviewPage.tsx'),
    params: idParam,
    loader: {
      key: ({ id }) => `preview:${id}`,
      load: async (db, { id }) => ((await isSignedInNewsroom()) ? (await import('./api/preview')).fetchPreview(db, id) : null),
      missing: (data) => data === null,
    },
    meta: (_, data, pages) => (data ? pages.previewMeta(data) : null),
    noindex: true,
    sessionOnly: true,
  }),
  // « Vrai ou faux »: the published fact-checks, paged as a category is.
  factChecks: defineRoute({
    path: ROUTE_PATHS.factChecks,
    page: lazyPage(() => import('./pages/FactChecksPage'), 'FactChecksPage', 'src/public/pages/FactChecksPage.tsx'),
    params: (_, search) => ({ page: pageNumber(search.get('page')) }),
    loader: {
      key: ({ page }) => `factChecks:${page}`,
      load: async (db, { page }) => (page > 0 ? (await import('./api/factChecks')).fetchFactChecks(db, page) : null),
      missing: (data) => data === null || (data.page > 1 && data.articles.length === 0),
    },
    meta: (_, data, pages) => (data ? pages.factChecksMeta(data) : null),
  }),
  corrections: defineRoute({
    path: ROUTE_PATHS.corrections,
    page: lazyPage(() => import('./pages/CorrectionsPage'), 'CorrectionsPage', 'src/public/pages/CorrectionsPage.tsx'),
    loader: { key: () => 'corrections', load: async (db) => (await import('./api/corrections')).fetchCorrections(db) },
    meta: (_, __, pages) => pages.correctionsMeta(),
  }),
  // A newsletter's unsubscribe link (?jeton=…) and a confirmation mail's: pages with a button that
  // POSTs the token (the server acts, src/server/newsletter.ts); the GET does nothing, so a mail
  // scanner following links unsubscribes or confirms nobody.
  unsubscribe: newsletterLink(
    ROUTE_PATHS.unsubscribe,
    lazyPage(() => import('./pages/NewsletterLinkPage'), 'UnsubscribePage', 'src/public/pages/NewsletterLinkPage.tsx'),
  ),
  confirm: newsletterLink(
    ROUTE_PATHS.confirm,
    lazyPage(() => import('./pages/NewsletterLinkPage'), 'ConfirmPage', 'src/public/pages/NewsletterLinkPage.tsx'),
  ),
  search: defineRoute({
    path: ROUTE_PATHS.search,
    page: lazyPage(() => import('./pages/SearchPage'), 'SearchPage', 'src/public/pages/SearchPage.tsx'),
    params: (_, search) => ({ q: searchQuery(search.get('q')) }),
    loader: { key: ({ q }) => `search:${q}`, load: async (db, { q }) => (await import('./api/search')).searchArticles(db, q) },
    meta: ({ q }, _, pages) => pages.searchMeta(q),
    noindex: true,
  }),
  about: defineRoute({
    path: ROUTE_PATHS.about,
    page: lazyPage(() => import('./pages/AboutPage'), 'AboutPage', 'src/public/pages/AboutPage.tsx'),
    meta: (_, __, pages) => pages.aboutMeta(),
  }),
  audience: defineRoute({
    path: ROUTE_PATHS.audience,
    page: lazyPage(() => import('./pages/AudiencePage'), 'AudiencePage', 'src/public/pages/AudiencePage.tsx'),
    meta: (_, __, pages) => pages.audienceMeta(),
  }),
  contact: defineRoute({
    path: ROUTE_PATHS.contact,
    page: lazyPage(() => import('./pages/ContactPage'), 'ContactPage', 'src/public/pages/ContactPage.tsx'),
    meta: (_, __, pages) => pages.contactMeta(),
    interactive: true,
  }),
  // « Signaler une rumeur »: a form, like the contact page's.
  rumour: defineRoute({
    path: ROUTE_PATHS.rumour,
    page: lazyPage(() => import('./pages/RumourPage'), 'RumourPage', 'src/public/pages/RumourPage.tsx'),
    meta: (_, __, pages) => pages.rumourMeta(),
    interactive: true,
  }),
  // The page retitles itself per panel (useRouteTitle); this is its first panel's head.
  auth: defineRoute({
    path: ROUTE_PATHS.auth,
    page: lazyPage(() => import('./pages/AuthPage'), 'AuthPage', 'src/public/pages/AuthPage.tsx'),
    meta: (_, __, pages) => pages.authMeta(),
    noindex: true,
    interactive: true,
  }),
  // Where a recovery e-mail's link lands; its code comes with the page, like the sign-in page's.
  newPassword: defineRoute({
    path: ROUTE_PATHS.newPassword,
    page: lazyPage(() => import('./pages/NewPasswordPage'), 'NewPasswordPage', 'src/public/pages/NewPasswordPage.tsx'),
    meta: (_, __, pages) => ({ ...pages.authMeta(NEW_PASSWORD_TITLE), path: ROUTE_PATHS.newPassword }),
    noindex: true,
    interactive: true,
  }),
  // A signed-in reader's saved articles, loaded by the browser with their session (the server
  // sends the page loading); kept out of the data-saver's lite pages, which have no session.
  savedArticles: defineRoute({
    path: ROUTE_PATHS.savedArticles,
    page: lazyPage(() => import('./pages/SavedArticlesPage'), 'SavedArticlesPage', 'src/public/pages/SavedArticlesPage.tsx'),
    meta: (_, __, pages) => pages.savedArticlesMeta(),
    noindex: true,
    interactive: true,
  }),
  // Any other address: 404, in French, with a search and the latest headlines (read with the page,
  // never a 503: a failed read leaves them out and keeps the page out of caches).
  notFound: defineRoute({
    path: ROUTE_PATHS.notFound,
    page: lazyPage(() => import('./pages/NotFoundPage'), 'NotFoundPage', 'src/public/pages/NotFoundPage.tsx'),
    loader: {
      key: () => 'not-found',
      load: async (db) => (await import('./api/latest')).fetchLatestHeadlines(db),
      complete: (data) => !data.incomplete,
    },
    meta: () => null,
    notFound: true,
  }),
};

export type RouteTable = typeof ROUTES;
export type RouteId = keyof RouteTable;

/** The table as rows in matching order. */
export const ROUTE_LIST = Object.entries(ROUTES) as [RouteId, AnyRoute][];

/** Each route's path pattern by name (for code that only needs to recognise a page). */
export const PATHS = Object.fromEntries(ROUTE_LIST.map(([id, route]) => [id, route.path])) as Record<RouteId, string>;

/** Source modules of the pages loaded on demand: the production server checks the build has them. */
export const LAZY_PAGE_MODULES = ROUTE_LIST.flatMap(([, route]) => (route.page.module ? [route.page.module] : []));

export interface RouteMatch {
  id: RouteId;
  route: AnyRoute;
  /** The loader's params, normalised by the route. */
  params: unknown;
}

/** The route a URL shows and its params: the same answer on the server and in the browser. */
export function matchRoute(pathname: string, search: URLSearchParams): RouteMatch {
  for (const [id, route] of ROUTE_LIST) {
    const match = matchPath(route.path, pathname);
    if (match) return { id, route, params: routeParams(route, match, search) };
  }
  // Unreachable while the catch-all is last; a table without one would render nothing anyway.
  throw new Error(`No reader route for ${pathname}`);
}
