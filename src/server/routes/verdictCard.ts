import { factCheckOf } from '@/lib/factCheck';
import { onlyPublic } from '@/public/api/visibility';
import { CACHE } from '../headers';
import type { Built } from '../negativeAnswers';
import { renderVerdictCard } from '../verdictCard';
import { refuse, send, unavailable } from './answers';
import { articleKey, KEY } from './keys';
import type { RouteHandler, Site } from './site';

const TOO_MANY = 'Trop de demandes. Réessayez dans un instant.\n';

/** The picture of a public fact-check with its claim, kept as text one byte a character (the stores hold strings); null otherwise. */
async function verdictCardOf(site: Site, slug: string): Promise<Built> {
  const { data, error } = await onlyPublic(
    site.db.from('articles').select('id, format, fact_check, published_at').eq('slug', slug),
  ).maybeSingle();
  if (error) throw new Error(`verdict picture: ${error.message}`);
  const check = data && factCheckOf(data);
  if (!data || !check?.claim) return null;
  const jpeg = await renderVerdictCard({ verdict: check.verdict, claim: check.claim, summary: check.summary, origin: site.options.origin });
  return { body: jpeg.toString('latin1'), keys: [articleKey(data.id)] };
}

/**
 * `/article/{slug}/verdict.jpg`: a fact-check's share picture, kept like a feed and purged with its
 * article, so a changed verdict redraws it. Anything else is a short-lived 404.
 */
export const verdictCard: RouteHandler = async (site, { req, res, url, params, route }) => {
  try {
    const built = await site.lookup(req, site.files, url.pathname, () => verdictCardOf(site, params.slug ?? ''));
    if (typeof built === 'string') return refuse(res, built, 'text/plain; charset=utf-8', TOO_MANY);
    const { body, keys } = built.page;
    if (body === null)
      return send(res, 404, 'text/plain; charset=utf-8', CACHE.missing, 'Image introuvable\n', { policy: 'missing', keys: [KEY.missing] });
    send(res, 200, 'image/jpeg', built.stale ? CACHE.never : CACHE[route.cache], Buffer.from(body, 'latin1'), {
      policy: route.edge ?? 'hours',
      keys: [...route.keys(params), ...keys],
    });
  } catch (error) {
    unavailable(res, error, url.pathname);
  }
};
