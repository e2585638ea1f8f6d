import { CACHE } from '../headers';
import { wordpressLocation, wordpressRedirect } from '../wordpressAddresses';
import { fileOf, Refused } from '../negativeAnswers';
import { moved, refuse, unavailable } from './answers';
import { publicArticleId } from './ids';
import { articleKey } from './keys';
import type { RouteHandler } from './site';

/**
 * An archive imported from WordPress: its old addresses lead to the articles (wordpressAddresses.ts),
 * never in place of the site's own pages (isSitePath: those are answered by later rows). Each
 * answer is looked up under the render limit and kept apart from the feeds (moves; an address no
 * post had in misses), with its article's id: the 301 is purged with the article.
 */
export const wordpressAddresses: RouteHandler = async (site, { req, res, url, params, route, nonce }) => {
  const keys = route.keys(params);
  let location: string | null;
  try {
    location = await wordpressLocation(url, async (path) => {
      const build = async () => {
        const slug = await wordpressRedirect(site.db, path);
        const id = slug ? await publicArticleId(site.db, slug) : undefined;
        return { body: slug, keys: id ? [articleKey(id)] : [] };
      };
      const file = fileOf(await site.lookup(req, site.moves, `wordpress ${path}`, build));
      keys.push(...file.keys);
      return file.body;
    });
  } catch (error) {
    if (error instanceof Refused) return refuse(res, error.why, 'text/html; charset=utf-8', await site.refusalShell(url.pathname, nonce));
    unavailable(res, error, url.pathname);
    return;
  }
  if (!location) return false;
  moved(res, location, CACHE[route.cache], route.edge ? { policy: route.edge, keys } : undefined);
};
