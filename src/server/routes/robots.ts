import { robotsTxt } from '../feeds';
import { CACHE } from '../headers';
import { send } from './answers';
import type { RouteHandler } from './site';

/**
 * robots.txt, answered at once from the origin alone: never behind the render limit nor kept with
 * the pages (a change does not touch it). A crawler reads a 5xx or 429 on it as "stop crawling the
 * site", so a flood of other addresses must never make it answer one.
 */
export const robotsFile: RouteHandler = (site, { res, params, route }) =>
  send(
    res,
    200,
    'text/plain; charset=utf-8',
    CACHE[route.cache],
    robotsTxt(site.options.origin),
    route.edge ? { policy: route.edge, keys: route.keys(params) } : undefined,
  );
