import { impossibleSlug } from '@/lib/slug';
import type { LiveDelta } from '@/lib/live';
import { liveCursor } from '@/lib/liveCursor';
import { CACHE } from '../headers';
import { refuse, send, unavailable } from './answers';
import { articleKey, KEY } from './keys';
import type { RouteHandler } from './site';

const JSON_TYPE = 'application/json; charset=utf-8';
const NOT_FOUND = JSON.stringify({ error: 'Direct introuvable' });
const PAGE_ONLY_HEADERS = ['Content-Security-Policy', 'Permissions-Policy', 'X-Frame-Options'];

/**
 * A live coverage's delta (GET /article/<slug>/live/<revision>): what changed after that revision,
 * as live_delta says it without the article's id, `{ coverage, entries, reload }`. Every reader
 * up to date asks the same address (the client sends the revision of the last answer), so one
 * read answers them all: kept like a page (its store cleared when the content version moves, so
 * an edit or a deletion is in the next answer), briefly by browsers and for one interval at the
 * edge, purged with the article. An unknown, unpublished or non-live article, an impossible slug
 * or a revision that is not a bounded whole number: a JSON 404.
 */
export const liveDelta: RouteHandler = async (site, { req, res, params, route }) => {
  // A phone on data pays every header of every check (an empty one must stay under 1 KB): the
  // page-only headers go (no document runs from JSON); nosniff and the referrer policy stay.
  for (const header of PAGE_ONLY_HEADERS) res.removeHeader(header);
  const slug = params.slug ?? '';
  const since = liveCursor(params.revision);
  if (since === null || impossibleSlug('article', slug)) return send(res, 404, JSON_TYPE, CACHE.never, NOT_FOUND);
  try {
    const found = await site.lookup(req, site.live, `${slug} ${since}`, async () => {
      const { data, error } = await site.db.rpc('live_delta', { p_slug: slug, p_since: since });
      if (error) throw new Error(`live_delta failed: ${error.message}`);
      if (!data) return null;
      const { articleId, ...delta } = data as unknown as LiveDelta & { articleId: string };
      return { body: JSON.stringify(delta), keys: [articleKey(articleId)] };
    });
    if (typeof found === 'string') return refuse(res, found, JSON_TYPE, JSON.stringify({ error: 'Trop de demandes' }));
    const { page, stale } = found;
    if (page.body === null) return send(res, 404, JSON_TYPE, CACHE.missing, NOT_FOUND, { policy: 'missing', keys: [KEY.missing] });
    // An old copy served while the backend struggles goes to this reader only.
    if (stale) return send(res, 200, JSON_TYPE, CACHE.never, page.body);
    send(res, 200, JSON_TYPE, CACHE[route.cache], page.body, { policy: route.edge ?? 'live', keys: [...route.keys(params), ...page.keys] });
  } catch (error) {
    unavailable(res, error, `The live delta of ${slug}`);
  }
};
