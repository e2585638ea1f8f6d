import { Suspense } from 'react';
import { Route, Routes } from '@/public/router/Router';
import { Loading } from '@/lib/Loading';
import { SiteFooter } from './components/SiteFooter';
import { Header } from './components/Header';
import { EmergencyBanner } from './emergency/EmergencyBanner';
import { DataSaverOffer } from './dataSaver/DataSaverOffer';
import { usePageView } from './hooks/usePageView';
import { useScrollToTop } from './hooks/useScrollToTop';
import type { PageContextValue } from './page/PageContext';
import { matchRoute, ROUTE_LIST } from './routes';
import { RouteView } from './routing/RouteView';
import { SessionProvider } from './session/SessionProvider';
import './styles.css';
// The cards' styles ride in the entry's stylesheet (their code is in the page-parts chunk,
// vite.config.ts): every listing page carries them in its HTML anyway (server/inlineStyles.ts), and
// a chunk's own stylesheet would be one more file for the app to fetch when moving to a listing.
import './components/ArticleCard.css';
import './components/MostRead.css';
import './dataSaver/TapImage.css';
// Also an article's and a search's country and topic links: in two pages' chunks, their styles were a chunk of their own.
import './components/ArticleTags.css';

/**
 * Loads the chunks the first page renders with (its page if loaded on demand, and what its data
 * needs, as its row of the route table says), so hydration finds everything at hand and keeps
 * the server's HTML as it is. `search` is the URL's query: the route's params come from both.
 */
export function preloadForHydration(place: { pathname: string; search: string }, page: PageContextValue): Promise<unknown> {
  const { route, params } = matchRoute(place.pathname, new URLSearchParams(place.search));
  const needs: Promise<unknown>[] = route.page.preload ? [route.page.preload()] : [];
  const seed = page.seed;
  const extra = seed && route.loader?.needs && seed.key === route.loader.key(params) ? route.loader.needs(seed.data) : null;
  if (extra) needs.push(extra);
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
      <EmergencyBanner />
      <DataSaverOffer />
      <main id="main">
        <Suspense fallback={<Loading />}>
          <Routes>
            {ROUTE_LIST.map(([id, route]) => (
              <Route key={id} path={route.path} element={<RouteView key={id} id={id} route={route} />} />
            ))}
          </Routes>
        </Suspense>
      </main>
      <SiteFooter />
    </SessionProvider>
  );
}
