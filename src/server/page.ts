import type { DataClient } from '@/lib/supabase';
import { loadArticle, loadCategory, loaderKey, loadHome, loadSearch } from '@/public/loaders';
import { articleMeta, categoryMeta, homeMeta, NOT_FOUND_TITLE, searchTitle, staticMeta, type PageMeta } from '@/public/meta';
import type { PageSeed } from '@/public/page/PageContext';
import { PATHS } from '@/public/routes';
import { matchPath } from '@/public/router/match';

/** What the server knows about a reader URL before rendering it. */
export interface ResolvedPage {
  status: 200 | 404 | 503;
  meta: PageMeta;
  /** The page's data under its loader key; null when the page has none or its load failed. */
  seed: PageSeed | null;
  /** Source module of a page loaded on demand in the browser (its CSS must come with the HTML). */
  lazyModule?: string;
}

const notFound = (path: string, title = NOT_FOUND_TITLE): ResolvedPage => ({
  status: 404,
  meta: staticMeta(title, path, "Cette page n'existe pas ou n'est plus en ligne.", true),
  seed: null,
});

/** Pages without data: their title and description, and the module the browser loads for them. */
const STATIC_PAGES: Record<string, { title: string; description?: string; noindex?: boolean; module: string }> = {
  [PATHS.about]: {
    title: 'À propos',
    description: "Mission, vision et valeurs d'Afrique Actu : l'Afrique racontée par celles et ceux qui la vivent.",
    module: 'src/public/pages/AboutPage.tsx',
  },
  [PATHS.contact]: {
    title: 'Contact',
    description: 'Écrire à la rédaction d’Afrique Actu, proposer un sujet, rejoindre nos journalistes ou devenir partenaire.',
    module: 'src/public/pages/ContactPage.tsx',
  },
  [PATHS.auth]: { title: 'Connexion', noindex: true, module: 'src/public/pages/AuthPage.tsx' },
};

/**
 * Matches the URL against the reader's routes and runs the page's loader (the same one the
 * browser runs), as anon: what the server renders is what any visitor may read.
 */
export async function resolvePage(url: URL, db: DataClient): Promise<ResolvedPage> {
  const path = url.pathname;
  try {
    if (matchPath(PATHS.home, path)) return { status: 200, meta: homeMeta(), seed: { key: loaderKey.home(), data: await loadHome(db) } };

    const category = matchPath(PATHS.category, path);
    if (category) {
      const data = await loadCategory(db, { slug: category.slug });
      const seed = { key: loaderKey.category(category.slug), data };
      return data ? { status: 200, meta: categoryMeta(data), seed } : { ...notFound(path), seed };
    }

    const article = matchPath(PATHS.article, path);
    if (article) {
      const data = await loadArticle(db, { slug: article.slug });
      const seed = { key: loaderKey.article(article.slug), data };
      return data ? { status: 200, meta: articleMeta(data), seed } : { ...notFound(path, 'Article introuvable'), seed };
    }

    if (matchPath(PATHS.search, path)) {
      const q = (url.searchParams.get('q') ?? '').trim();
      const data = await loadSearch(db, { q });
      return {
        status: 200,
        meta: staticMeta(searchTitle(q), path, 'Rechercher dans les articles d’Afrique Actu.', true),
        seed: { key: loaderKey.search(q), data },
        lazyModule: 'src/public/pages/SearchPage.tsx',
      };
    }
  } catch (error) {
    // The backend did not answer: the browser shows the page's loading state and retries itself.
    console.error(`Server render of ${path}: page data failed to load`, error);
    return { status: 503, meta: staticMeta(null, path), seed: null };
  }

  for (const [pattern, page] of Object.entries(STATIC_PAGES))
    if (matchPath(pattern, path))
      return { status: 200, meta: staticMeta(page.title, pattern, page.description, page.noindex), seed: null, lazyModule: page.module };

  return notFound(path);
}
