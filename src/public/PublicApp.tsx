import { lazy, Suspense } from 'react';
import { Route, Routes } from '@/public/router/Router';
import { Loading } from '@/lib/Loading';
import { Footer } from './components/Footer';
import { Header } from './components/Header';
import { usePageView } from './hooks/usePageView';
import { useScrollToTop } from './hooks/useScrollToTop';
import { ArticlePage } from './pages/ArticlePage';
import { CategoryPage } from './pages/CategoryPage';
import { HomePage } from './pages/HomePage';
import { NotFoundPage } from './pages/NotFoundPage';
import { PATHS } from './routes';
import { SessionProvider } from './session/SessionProvider';
import './styles.css';

// Home, category and article pages (where shared links land) come with the first load; pages
// that are rarely a first visit load on demand, keeping the first load within its 120 KB budget.
const lazyPage = <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K) =>
  lazy(() => load().then((m) => ({ default: m[name] })));
const AboutPage = lazyPage(() => import('./pages/AboutPage'), 'AboutPage');
const AuthPage = lazyPage(() => import('./pages/AuthPage'), 'AuthPage');
const ContactPage = lazyPage(() => import('./pages/ContactPage'), 'ContactPage');
const SearchPage = lazyPage(() => import('./pages/SearchPage'), 'SearchPage');

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
