import { attributeChannel, isNotAReader } from '@/lib/channels';
import { CACHE } from '../headers';
import { clientAddress } from '../renderLimit';
import { send } from './answers';
import type { RouteHandler } from './site';

/** A transparent 1×1 GIF: what the article page's <noscript> picture gets, counted or not. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The channel tag the page's address carried, as its Referer gives it (the site's own pages only). */
function pageSearch(referer: string | undefined, origin: string): string {
  try {
    const page = new URL(referer ?? '');
    return page.origin === new URL(origin).origin ? page.search : '';
  } catch {
    return '';
  }
}

/**
 * /api/lu/<article id>: a reader without JavaScript is counted here, with the channel their page's
 * tag gives, else the landing rule (an article with no referrer the server can see: « Messageries »).
 * Crawlers and link previews are not; a failure is logged, never the reader's concern. Without the
 * service role key (site.views), nothing is counted.
 */
export const servedView: RouteHandler = async (site, { req, res, url, params }) => {
  const articleId = params.id ?? '';
  const agent = req.headers['user-agent'] ?? '';
  if (site.views && UUID.test(articleId) && !isNotAReader(agent)) {
    const { channel } = attributeChannel({
      search: pageSearch(req.headers.referer, site.options.origin),
      referrer: '',
      origin: site.options.origin,
      landedOnArticle: true,
    });
    const { error } = await site.views.rpc('record_served_view', {
      p_article_id: articleId,
      p_channel: channel,
      p_kind: url.searchParams.get('k') === 'lite' ? 'lite' : 'full',
      p_address: clientAddress(req, site.options.trustProxy ?? false).slice(0, 64),
      p_agent: agent,
    });
    if (error) console.error('Vue sans JavaScript non comptée :', error.message);
  }
  send(res, 200, 'image/gif', CACHE.never, PIXEL);
};
