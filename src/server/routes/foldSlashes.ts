import { CACHE } from '../headers';
import { moved } from './answers';
import type { RouteHandler } from './site';

/** One address per page: repeated slashes are folded (caches and search engines see one URL). */
export const foldSlashes: RouteHandler = (_site, { res, url, params, route }) => {
  moved(
    res,
    url.pathname.replace(/\/{2,}/g, '/') + url.search,
    CACHE[route.cache],
    route.edge ? { policy: route.edge, keys: route.keys(params) } : undefined,
  );
};
