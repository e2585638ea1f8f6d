import { articlePath } from '@/lib/readerPaths';
import { renderCard } from '@/essentiel/card';
import { isDay } from '@/essentiel/day';
import { currentItems } from '@/essentiel/edition';
import { editionPageHtml, NO_EDITION_HTML } from '@/essentiel/page';
import { CHANNEL_TAG, uuidOfShortId } from '@/essentiel/shortLinks';
import { CACHE } from '../headers';
import type { Built } from '../negativeAnswers';
import { moved, refuse, send, unavailable } from './answers';
import { articleKey, KEY } from './keys';
import type { RouteHandler, Site } from './site';

const HTML = 'text/html; charset=utf-8';
const TOO_MANY = 'Trop de demandes. Réessayez dans un instant.\n';
/** How many earlier editions a day's page links to. */
const PREVIOUS_DAYS = 7;

/** A day's stored edition and its stories as they read now (public ones only: the server reads as anon). */
async function storedEdition(site: Site, day: string) {
  const { data, error } = await site.db.from('daily_editions').select('articles').eq('day', day).maybeSingle();
  if (error) throw new Error(`daily_editions: ${error.message}`);
  if (!data) return null;
  const items = await currentItems(site.db, data.articles);
  return items.length ? { items, keys: [KEY.edition, ...data.articles.map(articleKey)] } : null;
}

async function pageOf(site: Site, day: string): Promise<Built> {
  const edition = await storedEdition(site, day);
  if (!edition) return null;
  const { data, error } = await site.db
    .from('daily_editions')
    .select('day')
    .lt('day', day)
    .order('day', { ascending: false })
    .limit(PREVIOUS_DAYS);
  if (error) throw new Error(`daily_editions: ${error.message}`);
  const html = editionPageHtml({ origin: site.options.origin, day, items: edition.items, previousDays: data.map((d) => d.day) });
  return { body: html, keys: edition.keys };
}

/** The card, kept as text one byte a character (the stores hold strings). */
async function cardOf(site: Site, day: string): Promise<Built> {
  const edition = await storedEdition(site, day);
  if (!edition) return null;
  const jpeg = await renderCard(edition.items, { origin: site.options.origin, day });
  return { body: jpeg.toString('latin1'), keys: edition.keys };
}

/** `/edition/{day}` and its card: kept like a feed, a day with no edition a short-lived 404. */
export const editionDay =
  (what: 'page' | 'card'): RouteHandler =>
  async (site, { req, res, url, params, route }) => {
    const day = params.day ?? '';
    const missing = () => send(res, 404, HTML, CACHE.missing, NO_EDITION_HTML, { policy: 'missing', keys: [KEY.missing, KEY.edition] });
    if (!isDay(day)) return missing();
    try {
      const built = await site.lookup(req, site.files, url.pathname, () => (what === 'page' ? pageOf(site, day) : cardOf(site, day)));
      if (typeof built === 'string') return refuse(res, built, 'text/plain; charset=utf-8', TOO_MANY);
      const { body, keys } = built.page;
      if (body === null) return missing();
      if (built.stale) res.setHeader('X-Page-Cache', 'stale');
      const type = what === 'page' ? HTML : 'image/jpeg';
      send(res, 200, type, built.stale ? CACHE.never : CACHE[route.cache], what === 'page' ? body : Buffer.from(body, 'latin1'), {
        policy: route.edge ?? 'hours',
        keys: [...route.keys(params), ...keys],
      });
    } catch (error) {
      unavailable(res, error, url.pathname);
    }
  };

/**
 * A short link `/a/{id}`: a 301 to the article, its channel tag (`s=`) carried on, so the article
 * page (whose caches ignore the tag) can count where its reader came from. The article's slug is
 * kept like an old address's answer; the redirect itself is kept by the reader's browser only (the
 * edge drops `s` from its keys, and each channel's answer differs by it).
 */
export const shortLinkRedirect: RouteHandler = async (site, { req, res, url, params }) => {
  const id = uuidOfShortId(params.id ?? '');
  const notFound = () => send(res, 404, 'text/plain; charset=utf-8', CACHE.missing, 'Article introuvable\n');
  if (!id) return notFound();
  try {
    const built = await site.lookup(req, site.moves, `/a/${params.id}`, async () => {
      const { data, error } = await site.db.from('articles').select('slug').eq('id', id).maybeSingle();
      if (error) throw new Error(`articles: ${error.message}`);
      return data && { body: data.slug, keys: [articleKey(id)] };
    });
    if (typeof built === 'string') return refuse(res, built, 'text/plain; charset=utf-8', TOO_MANY);
    if (built.page.body === null) return notFound();
    const tag = url.searchParams.get('s') ?? '';
    moved(res, `${articlePath(built.page.body)}${CHANNEL_TAG.test(tag) ? `?s=${tag}` : ''}`, SHORT_LINK_CACHE);
  } catch (error) {
    unavailable(res, error, url.pathname);
  }
};

/** A short link's answer: the reader's browser keeps it a minute (an article renamed since is followed then). */
const SHORT_LINK_CACHE = 'private, max-age=60';
