import { CACHE } from '../headers';
import { wordpressLocation, wordpressRedirect } from '../wordpressAddresses';
import { moved, unavailable } from './answers';
import { publicArticleId } from './ids';
import { articleKey } from './keys';
import type { RouteHandler } from './site';
import { storedFile } from './stored';

/**
 * An archive imported from WordPress: its old addresses lead to the articles (wordpressAddresses.ts),
 * never in place of the site's own pages (isSitePath: those are answered by later rows). Each
 * answer is kept like a feed, with its article's id: the 301 is purged with the article.
 */
export const wordpressAddresses: RouteHandler = async (site, { res, url, params, route }) => {
  const keys = route.keys(params);
  let location: string | null;
  try {
    location = await wordpressLocation(url, async (path) => {
      const build = async () => {
        const slug = await wordpressRedirect(site.db, path);
        const id = slug ? await publicArticleId(site.db, slug) : undefined;
        return storedFile({ body: slug, keys: id ? [articleKey(id)] : [] });
      };
      const { page } = await site.generated(site.files, `wordpress ${path}`, build);
      keys.push(...page.keys);
      return page.body;
    });
  } catch (error) {
    unavailable(res, error, url.pathname);
    return;
  }
  if (!location) return false;
  moved(res, location, CACHE[route.cache], route.edge ? { policy: route.edge, keys } : undefined);
};
