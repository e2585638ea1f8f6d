import { useEffect, useRef } from 'react';
import { usePage } from '../page/PageContext';
import type { AnyRoute, DataState } from '../routing/route';
import { useHydratingServerMarkup } from './useServerMarkup';

export interface ShownPage {
  route: AnyRoute;
  pathname: string;
  params: unknown;
  state: DataState<unknown>;
  /** A title the page set for itself (useRouteTitle), over the route's. */
  title?: string;
}

/**
 * Keeps the head in step with the page shown (routeMeta, written by pageHead.ts). The server wrote
 * the first page's head: that code (the pages' meta, about 1.5 KB gzip) loads with the first change
 * (an in-app navigation, the page's data reloaded, a title of its own), never with the page.
 */
export function usePageMeta({ route, pathname, params, state, title }: ShownPage): void {
  const { origin } = usePage();
  // The first render of a page the server made has its head already.
  const serverHead = useRef(useHydratingServerMarkup());
  const shown = useRef<ShownPage>(null);
  shown.current = { route, pathname, params, state, title };
  const paramsKey = JSON.stringify(params);
  useEffect(() => {
    if (serverHead.current) {
      serverHead.current = false;
      return;
    }
    let current = true;
    void import('./pageHead').then(({ routeMeta, writePageHead }) => {
      const page = shown.current;
      if (!current || !page) return;
      const meta = routeMeta(page.route, page.pathname, page.params, page.state);
      writePageHead(page.title === undefined ? meta : { ...meta, title: page.title }, origin);
    });
    return () => {
      current = false;
    };
  }, [route, pathname, paramsKey, state.status, state.data, state.error, title, origin]);
}
