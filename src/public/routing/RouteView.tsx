import { Suspense, useEffect, useState } from 'react';
import { Loading } from '@/lib/Loading';
import { loadDataClient } from '../api/dataClient';
import { useLoader, type LoadState } from '../hooks/useLoader';
import { usePageMeta } from '../hooks/usePageMeta';
import type { RouteId } from '../routes';
import { navigateTo } from '../router/history';
import { useLocation, useParams, useSearchParams } from '../router/Router';
import { RouteContext, type RouteState } from './RouteContext';
import { isRedirect, redirectTarget } from './redirect';
import { isMissing, loadInBrowser, routeParams, type AnyRoute } from './route';

interface RouteProps {
  id: RouteId;
  route: AnyRoute;
}

const READY: LoadState<undefined> = { status: 'ready', data: undefined, error: null };
const LOADING: LoadState<undefined> = { status: 'loading', data: undefined, error: null };
const noReload = () => {};

/**
 * Renders a row of the route table: runs its loader with the params the table makes of the URL
 * (the server ran the same loader under the same key, so a first page starts from its data),
 * keeps the head in step, and hands the page its data (useRouteData). Mounted afresh per route
 * (keyed by PublicApp), so a route with a loader and one without never share hooks.
 */
export function RouteView({ id, route }: RouteProps) {
  const match = useParams();
  const [search] = useSearchParams();
  const params = routeParams(route, match, search);
  return route.loader ? (
    <LoadedRoute id={id} route={route} params={params} />
  ) : (
    <RouteFrame id={id} route={route} params={params} state={{ ...READY, reload: noReload }} />
  );
}

function LoadedRoute({ id, route, params }: RouteProps & { params: unknown }) {
  const loader = route.loader!;
  const state = useLoader(loader.key(params), async () => loadInBrowser(loader, await loadDataClient(), params));
  // The page lives elsewhere (an article's old link): the address becomes the current one, as
  // the server's 301 would make it, and the page shows its loading state until then.
  const moved = state.status === 'ready' && isRedirect(state.data) ? state.data : null;
  useEffect(() => {
    if (moved) navigateTo(redirectTarget(moved, window.location), { replace: true });
  }, [moved]);
  return <RouteFrame id={id} route={route} params={params} state={moved ? { ...LOADING, reload: state.reload } : state} />;
}

function RouteFrame({ id, route, params, state }: RouteProps & { params: unknown; state: LoadState<unknown> & { reload: () => void } }) {
  const { pathname } = useLocation();
  const [title, setTitle] = useState<string>();
  usePageMeta({ route, pathname, params, state, title });
  const value = { id, setTitle, state: { ...state, params, notFound: isMissing(route, state) } as RouteState<RouteId> };
  // The page's chunk (a page loaded on demand) and its data load side by side.
  return (
    <RouteContext.Provider value={value}>
      <Suspense fallback={<Loading />}>
        <route.page />
      </Suspense>
    </RouteContext.Provider>
  );
}
