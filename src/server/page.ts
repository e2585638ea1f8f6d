import type { DataClient } from '@/lib/supabase';
import type { ArticlePageData } from '@/public/api/types';
import { loadArticle, loadCategory, loaderKey, loadHome, loadSearch } from '@/public/loaders';
import {
  aboutMeta,
  ARTICLE_NOT_FOUND_TITLE,
  articleMeta,
  authMeta,
  categoryMeta,
  contactMeta,
  errorMeta,
  homeMeta,
  NOT_FOUND_TITLE,
  searchMeta,
  type PageMeta,
} from '@/public/meta';
import type { PageSeed } from '@/public/page/PageContext';
import { lazyPageModule } from '@/public/PublicApp';
import { PATHS } from '@/public/routes';
import { matchPath } from '@/public/router/match';

/** Longest search the site runs (the search box's own limit). */
const SEARCH_MAX = 200;

/** What the server knows about a reader URL before rendering it. */
export interface ResolvedPage {
  status: 200 | 404 | 503;
  meta: PageMeta;
  /** The page's data under its loader key; null when the page has none or its load failed. */
  seed: PageSeed | null;
  /** False when part of the page failed to load: it must not be cached as the page. */
  complete: boolean;
  /** Source module of a page loaded on demand in the browser (its CSS must come with the HTML). */
  lazyModule?: string;
}

/** Pages without data of their own. */
const STATIC_PAGES = [
  { path: PATHS.about, meta: aboutMeta },
  { path: PATHS.contact, meta: contactMeta },
  { path: PATHS.auth, meta: () => authMeta() },
];

const found = (meta: PageMeta, seed: PageSeed | null, complete = true): ResolvedPage => ({ status: 200, meta, seed, complete });
const notFound = (path: string, seed: PageSeed | null = null, title = NOT_FOUND_TITLE): ResolvedPage => ({
  status: 404,
  meta: errorMeta(title, path),
  seed,
  complete: true,
});

/**
 * Matches the URL against the reader's routes and runs the page's loader (the same one the
 * browser runs), as anon: what the server renders is what any visitor may read.
 */
async function resolveData(url: URL, db: DataClient): Promise<ResolvedPage> {
  const path = url.pathname;
  try {
    if (matchPath(PATHS.home, path)) return found(homeMeta(), { key: loaderKey.home(), data: await loadHome(db) });

    const category = matchPath(PATHS.category, path);
    if (category) {
      const data = await loadCategory(db, { slug: category.slug });
      const seed = { key: loaderKey.category(category.slug), data };
      return data ? found(categoryMeta(data), seed) : notFound(path, seed);
    }

    const article = matchPath(PATHS.article, path);
    if (article) {
      const data: ArticlePageData | null = await loadArticle(db, { slug: article.slug });
      const seed = { key: loaderKey.article(article.slug), data };
      return data ? found(articleMeta(data), seed, !data.incomplete) : notFound(path, seed, ARTICLE_NOT_FOUND_TITLE);
    }

    if (matchPath(PATHS.search, path)) {
      const q = (url.searchParams.get('q') ?? '').trim().slice(0, SEARCH_MAX);
      return found(searchMeta(q), { key: loaderKey.search(q), data: await loadSearch(db, { q }) });
    }
  } catch (error) {
    // The backend did not answer: the page goes out in its loading state and the browser loads
    // the data itself.
    console.error(`Server render of ${path}: page data failed to load`, error);
    return { status: 503, meta: errorMeta(null, path), seed: null, complete: false };
  }

  const page = STATIC_PAGES.find((p) => matchPath(p.path, path));
  return page ? found(page.meta(), null) : notFound(path);
}

/** What the server knows of a reader URL before rendering it: status, head, data, CSS to link. */
export async function resolvePage(url: URL, db: DataClient): Promise<ResolvedPage> {
  const resolved = await resolveData(url, db);
  return { ...resolved, lazyModule: lazyPageModule(url.pathname) };
}
