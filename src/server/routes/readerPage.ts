import { dataSaverForRequest } from '@/public/dataSaver/choice';
import { CACHE } from '../headers';
import type { Verdict } from '../stalePages';
import { acceptedEncoding, encodeDocument, encodedBytes } from '../encodedDocument';
import { moved, refuse, send } from './answers';
import { sendShell } from './backOffice';
import type { RouteHandler } from './site';
import { sized, type StoredPage } from './stored';

const HTML = 'text/html; charset=utf-8';

/** Kept when whole and for anyone; a page for one visitor or a missing page is answered but not kept; a failed one is tried again. */
const verdict = (p: StoredPage): Verdict =>
  !p.complete || p.status === 503 ? 'failed' : p.status === 200 && !p.private ? 'keep' : 'final';

/**
 * A reader page (src/public/routes.ts) rendered on the server, kept per data-saver mode and served
 * from its kept copy while the content version is proven current (stalePages.ts).
 */
export const readerPage: RouteHandler = async (site, request) => {
  const { req, res, url, nonce, route } = request;
  const address = url.pathname + url.search;
  // Pages differ by data-saver mode: caches keep one copy per Save-Data header and cookie.
  res.setHeader('Vary', 'Save-Data, Cookie');
  if (!site.options.ssr) return sendShell(site, request, false);
  // « Mode urgence »: the lite page for everyone, whatever they chose.
  const emergency = site.emergency();
  const dataSaver = emergency || dataSaverForRequest(req.headers);
  // Everything that reads the route table comes through the renderer: in development, Vite loads
  // it (and the pages' CSS imports) fresh; Node could not import the pages itself.
  const { renderPage, pageCacheKey, isLitePage } = await site.options.renderer();
  // The two variants of a page are kept apart, like the caches in front of us (Vary).
  const cacheKey = pageCacheKey(url);
  const store = cacheKey?.endless ? site.endlessPages : site.pages;
  const key = cacheKey && `${dataSaver ? 'saver' : 'full'} ${cacheKey.key}`;
  const litePage = isLitePage(url.pathname);
  // A kept page answers every address with its key: it is rendered from what the key holds alone.
  const renderUrl = cacheKey?.url ?? url;
  const { db } = site;
  const { origin } = site.options;
  const render = async () => {
    const page = sized(
      await renderPage(renderUrl, { db, origin, sanitizeHtml: site.sanitizeHtml, dataSaver, timeZone: site.options.env.newsroomTimeZone }),
    );
    if (site.options.inlineScriptNonce || page.location) return page;
    // Filled once, for every request the render answers (a production template is one string).
    const document = await site.pageDocument(renderUrl.pathname + renderUrl.search, page, {
      nonce: null,
      dataSaver,
      stale: false,
      litePage,
    });
    const encoded = encodeDocument(document);
    return { ...page, document, encoded, bytes: page.bytes + 2 * document.length + encodedBytes(encoded) };
  };
  const outcome = await site.limitedRender(req, store, key, render, verdict);
  if (typeof outcome === 'string') return refuse(res, outcome, HTML, await site.refusalShell(address, nonce));
  const { page: rendered, stale } = outcome;
  // What a shared cache may keep: a whole page for anyone, fresh (send() tags only public answers).
  const edge = rendered.complete && !stale && !rendered.private ? { policy: route.edge ?? 'hours', keys: rendered.keys } : undefined;
  // An old address of an article: the current one, with this request's own query (the render,
  // shared by every request for the page at the time, knows only the path).
  if (rendered.location) return moved(res, rendered.location + url.search, CACHE.moved, edge);
  const html = (!stale && rendered.document) || (await site.pageDocument(address, rendered, { nonce, dataSaver, stale, litePage }));
  // A page with a part missing (a failed read, a render error) is not kept by any cache, nor is
  // an old copy served while the backend struggles: the next reader should get a fresh one.
  // In « Mode urgence » the lite page is the page anyone gets: shared caches and the edge keep it.
  const cache =
    !rendered.complete || stale || rendered.private
      ? CACHE.never
      : dataSaver && !emergency
        ? CACHE.savedPage
        : rendered.status === 404
          ? CACHE.missing
          : CACHE[route.cache];
  const tags = edge && (rendered.status === 404 ? { ...edge, policy: 'missing' as const } : edge);
  // A page for one visitor (a preview, an unsubscribe link): never in an index, whatever a crawler makes of it.
  if (rendered.private) res.setHeader('X-Robots-Tag', 'noindex');
  if (stale) res.setHeader('X-Page-Cache', 'stale');
  if (rendered.status === 503) res.setHeader('Retry-After', '30');
  const encoding = !stale && rendered.encoded ? acceptedEncoding(req) : null;
  if (encoding) {
    // compression() leaves a response that already has its encoding alone (and still adds Vary).
    res.setHeader('Content-Encoding', encoding);
    return send(res, rendered.status, HTML, cache, rendered.encoded![encoding], tags);
  }
  send(res, rendered.status, HTML, cache, html, tags);
};
