import { beyondSlugMax } from '@/lib/slug';
import type { Params } from '@/public/router/match';
import { CACHE } from '../headers';
import { refuse, sendFile, unavailable } from './answers';
import type { RouteHandler, Site } from './site';
import { storedFile, type Built } from './stored';

/**
 * A file the server writes from the database (a feed, a sitemap; robots.txt from the origin), kept
 * like a page. `slugOf`: the kind of page its slug names, one longer than the database holds being
 * a 404 at once, neither looked up nor kept (its address can be any length; src/lib/slug.ts).
 */
export function generatedFile(
  type: string,
  build: (site: Site, params: Params) => Promise<Built> | Built,
  slugOf?: 'category',
): RouteHandler {
  return async (site, { req, res, url, params, route }) => {
    const cache = CACHE[route.cache];
    const policy = route.edge ?? 'hours';
    if (slugOf && beyondSlugMax(slugOf, params.slug ?? ''))
      return sendFile(res, type, cache, policy, { body: null, stale: false, keys: [] });
    try {
      // Under the render limit like pages: a flood of unknown feed addresses costs the backend a few lookups at a time.
      const built = await site.limitedRender(
        req,
        site.files,
        url.pathname,
        async () => storedFile(await build(site, params)),
        () => 'keep',
      );
      if (typeof built === 'string')
        return refuse(res, built, 'text/plain; charset=utf-8', 'Trop de demandes. Réessayez dans un instant.\n');
      const { body, keys } = built.page;
      return sendFile(res, type, cache, policy, { body, stale: built.stale, keys: [...route.keys(params), ...keys] });
    } catch (error) {
      return unavailable(res, error, url.pathname);
    }
  };
}
