import { createContext, useContext, useEffect } from 'react';
import type { LoadState } from '../hooks/useLoader';
import type { RouteId, RouteTable } from '../routes';
import type { DataOf, ParamsOf } from './route';

// What a page gets from its row of the route table (see RouteView): pages read their data and
// params here instead of working out keys, params and head tags themselves. Only types come from
// the table, which imports the pages.

export type RouteState<Id extends RouteId> = LoadState<DataOf<RouteTable[Id]>> & {
  /** The loader's params, as the table normalised them (the search words cut to SEARCH_MAX…). */
  params: ParamsOf<RouteTable[Id]>;
  reload: () => void;
  /** The data came in and says there is no such page (the server answered 404). */
  notFound: boolean;
};

export interface RouteContextValue {
  id: RouteId;
  state: RouteState<RouteId>;
  /** A page whose title follows its own state (the sign-in panels); undefined gives the route's back. */
  setTitle: (title: string | undefined) => void;
}

export const RouteContext = createContext<RouteContextValue | null>(null);

/** The current route's params and data (loading, ready or failed), for the page of route `id`. */
export function useRouteData<Id extends RouteId>(id: Id): RouteState<Id> {
  const route = useContext(RouteContext);
  // The id ties the page to its row: the data's type is the row's, and a page mounted under
  // another route fails here, not later on data of the wrong shape.
  if (route?.id !== id) throw new Error(`useRouteData('${id}') used on the route '${route?.id ?? 'none'}'`);
  return route.state as RouteState<Id>;
}

/** Gives the page's head another title than its route's, while the page is shown. */
export function useRouteTitle(title: string): void {
  const setTitle = useContext(RouteContext)?.setTitle;
  useEffect(() => {
    setTitle?.(title);
    return () => setTitle?.(undefined);
  }, [setTitle, title]);
}
