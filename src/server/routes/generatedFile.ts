import { impossibleSlug } from '@/lib/slug';
import type { Params } from '@/public/router/match';
import { CACHE } from '../headers';
import { refuse, sendFile, unavailable } from './answers';
import type { RouteHandler, Site } from './site';
import type { Built } from '../negativeAnswers';

/**
 * A file the server writes from the database (a feed, a sitemap), kept like a page; one that names
 * nothing is kept apart (negativeAnswers.ts). `slugOf`: the kind of page its slug names, one the
 * database cannot hold being a 404 at once, neither looked up nor kept (its address can be any
 * length; src/lib/slug.ts).
 */
export function generatedFile(
  type: string,
  build: (site: Site, params: Params) => Promise<Built> | Built,
  slugOf?: 'category',
): RouteHandler {
  return async (site, { req, res, url, params, route }) => {
    const cache = CACHE[route.cache];
    const policy = route.edge ?? 'hours';
    if (slugOf && impossibleSlug(slugOf, params.slug ?? ''))
      return sendFile(res, type, cache, policy, { body: null, stale: false, keys: [] });
    try {
      // Under the render limit like pages: a flood of unknown feed addresses costs the backend a few lookups at a time.
      const built = await site.lookup(req, site.files, url.pathname, async () => build(site, params));
      if (typeof built === 'string')
        return refuse(res, built, 'text/plain; charset=utf-8', 'Trop de demandes. Réessayez dans un instant.\n');
      const { body, keys } = built.page;
      return sendFile(res, type, cache, policy, { body, stale: built.stale, keys: [...route.keys(params), ...keys] });
    } catch (error) {
      return unavailable(res, error, url.pathname);
    }
  };
}
