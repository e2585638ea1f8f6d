import * as pages from '../meta';
import type { PageMeta } from '../meta';
import { NOT_FOUND_TITLE } from '../pageTitles';
import { isMissing, LOADING_TITLE, loadErrorMessage, type AnyRoute, type DataState } from './route';

/**
 * The head of a route's page in any state: the page as found (with the route's noindex), its
 * not-found page, or while its data is on its way or failed, a placeholder kept out of indexes.
 * The server (data ready) and the browser (usePageMeta) both take it from here.
 */
export function routeMeta(route: AnyRoute, pathname: string, params: unknown, state: DataState<unknown>): PageMeta {
  if (isMissing(route, state)) return pages.errorMeta(route.loader?.missingTitle ?? NOT_FOUND_TITLE, pathname);
  const found = route.meta(params, state.data, pages);
  if (found) {
    const { noindex: _, ...meta } = found;
    return route.noindex ? { ...meta, noindex: true } : meta;
  }
  return pages.errorMeta(state.status === 'error' ? loadErrorMessage(state.error) : LOADING_TITLE, pathname);
}
