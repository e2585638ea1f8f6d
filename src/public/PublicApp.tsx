import { Suspense, type ComponentType } from 'react';
import { Route, Routes } from '@/public/router/Router';
import { matchPath } from '@/public/router/match';
import { hasHtml } from '@/lib/content';
import { Loading } from '@/lib/Loading';
import type { ArticlePageData } from './api/types';
import { sanitizer } from './components/ArticleBody';
import { Footer } from './components/Footer';
import { Header } from './components/Header';
import { usePageView } from './hooks/usePageView';
import { useScrollToTop } from './hooks/useScrollToTop';
import { ArticlePage } from './pages/ArticlePage';
import { CategoryPage } from './pages/CategoryPage';
import { HomePage } from './pages/HomePage';
import { NotFoundPage } from './pages/NotFoundPage';
import { PATHS } from './routes';
import { loaderKey } from './loaders';
import type { PageContextValue } from './page/PageContext';
import { preloadable } from './page/preloadable';
import { SessionProvider } from './session/SessionProvider';
import './styles.css';

// Home, category and article pages (where shared links land) come with the first load; pages
// that are rarely a first visit load on demand, keeping the first load within its 120 KB budget.
function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  const chunk = preloadable<ComponentType>(() => load().then((m) => m[name]));
  const Page = () => {
    const Component = chunk.read();
    return <Component />;
  };
  return Object.assign(Page, { preload: chunk.preload });
}
const AboutPage = lazyPage(() => import('./pages/AboutPage'), 'AboutPage');
const AuthPage = lazyPage(() => import('./pages/AuthPage'), 'AuthPage');
const ContactPage = lazyPage(() => import('./pages/ContactPage'), 'ContactPage');
const SearchPage = lazyPage(() => import('./pages/SearchPage'), 'SearchPage');
// `module` is the page's source path as Vite's build manifest names it: the server links the
// page's CSS from there, so the HTML it sends is styled before the page's script arrives.
const LAZY_PAGES = [
  { path: PATHS.about, page: AboutPage, module: 'src/public/pages/AboutPage.tsx' },
  { path: PATHS.auth, page: AuthPage, module: 'src/public/pages/AuthPage.tsx' },
  { path: PATHS.contact, page: ContactPage, module: 'src/public/pages/ContactPage.tsx' },
  { path: PATHS.search, page: SearchPage, module: 'src/public/pages/SearchPage.tsx' },
];
export const LAZY_PAGE_MODULES = LAZY_PAGES.map((p) => p.module);
/** The source module of the page loaded on demand at this path, if it is one. */
export const lazyPageModule = (pathname: string) => LAZY_PAGES.find((p) => matchPath(p.path, pathname))?.module;

/**
 * Loads the chunks the first page renders with (its lazy page, an HTML article's sanitizer), so
 * hydration finds everything at hand and keeps the server's HTML as it is.
 */
export function preloadForHydration(pathname: string, page: PageContextValue): Promise<unknown> {
  const needs: Promise<unknown>[] = LAZY_PAGES.filter((p) => matchPath(p.path, pathname)).map((p) => p.page.preload());
  const article = matchPath(PATHS.article, pathname);
  const data = article && page.seed?.key === loaderKey.article(article.slug) ? (page.seed.data as ArticlePageData | null) : null;
  if (data && hasHtml(data.article.content)) needs.push(sanitizer.preload());
  // A chunk that fails to load is retried when its part renders (see preloadable).
  return Promise.allSettled(needs);
}

export function PublicApp() {
  usePageView();
  useScrollToTop();
  return (
    <SessionProvider>
      <a className="skip-link" href="#main">
        Aller au contenu
      </a>
      <Header />
      <main id="main">
        <Suspense fallback={<Loading />}>
          <Routes>
            <Route path={PATHS.home} element={<HomePage />} />
            <Route path={PATHS.category} element={<CategoryPage />} />
            <Route path={PATHS.article} element={<ArticlePage />} />
            <Route path={PATHS.search} element={<SearchPage />} />
            <Route path={PATHS.about} element={<AboutPage />} />
            <Route path={PATHS.contact} element={<ContactPage />} />
            <Route path={PATHS.auth} element={<AuthPage />} />
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
        </Suspense>
      </main>
      <Footer />
    </SessionProvider>
  );
}
