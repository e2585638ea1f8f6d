import shareDefault from '../assets/share-default.jpg';
import { documentTitle, shareCard, type PageMeta } from '../meta';

// The browser's side of the head (usePageMeta): a chunk of its own, loaded when a navigation
// changes the page; the server writes the first page's head itself (src/server/head.ts).

export { routeMeta } from '../routing/routeMeta';

function setTag(selector: string, create: () => HTMLElement, attribute: string, value: string): void {
  let element = document.head.querySelector<HTMLElement>(selector);
  if (!element) {
    element = create();
    document.head.append(element);
  }
  element.setAttribute(attribute, value);
}
function setMeta(attribute: 'name' | 'property', key: string, value: string): void {
  const create = () => {
    const meta = document.createElement('meta');
    meta.setAttribute(attribute, key);
    return meta;
  };
  setTag(`meta[${attribute}="${key}"]`, create, 'content', value);
}

/**
 * The tab title, and after an in-app navigation the description, the canonical address and the
 * share card too, which the phone's share sheet and any crawler running scripts read.
 */
export function writePageHead(meta: PageMeta, origin: string): void {
  const card = shareCard(meta, origin, shareDefault);
  document.title = documentTitle(meta.title);
  const canonical = document.head.querySelector('link[rel="canonical"]');
  // The server's JSON-LD and a list's prev/next links describe the first page only.
  if (canonical && canonical.getAttribute('href') !== card.url)
    document.head.querySelectorAll('script[type="application/ld+json"],link[rel=prev],link[rel=next]').forEach((s) => s.remove());
  setTag('link[rel="canonical"]', () => Object.assign(document.createElement('link'), { rel: 'canonical' }), 'href', card.url);
  setMeta('name', 'description', card.description);
  setMeta('property', 'og:title', card.title);
  setMeta('property', 'og:description', card.description);
  setMeta('property', 'og:url', card.url);
  setMeta('property', 'og:image', card.image);
  setMeta('property', 'og:type', meta.kind === 'article' ? 'article' : 'website');
  setMeta('name', 'twitter:title', card.title);
  setMeta('name', 'twitter:description', card.description);
  setMeta('name', 'twitter:image', card.image);
  if (meta.noindex) setMeta('name', 'robots', 'noindex');
  else document.head.querySelector('meta[name="robots"]')?.remove();
}
