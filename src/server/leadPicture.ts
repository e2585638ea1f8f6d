// The page's main picture (its LCP), asked for from the <head>. React preloads a high-priority <img>
// on its own (a <link rel="preload"> before the page's HTML, as on the article page), but not one in
// a <picture>, whose <source> may pick another copy: the featured card on the home and category
// pages (a phone's copy, and a wider one beside its text). Found by the browser only once the body
// arrived, behind the app's scripts, that picture was late, and it was most of the LCP.

const PICTURE = /<picture>((?:<source\b[^>]*>)*)<img\b([^>]*)>/g;
const SOURCE = /<source\b([^>]*)>/g;
const ATTRIBUTE = /([a-zA-Z-]+)="([^"]*)"/g;

/** An element's attributes by lower-case name, values as written (still HTML-escaped). */
function attributes(text: string): Map<string, string> {
  return new Map([...text.matchAll(ATTRIBUTE)].map(([, name, value]) => [name.toLowerCase(), value]));
}

/** One preload for the copies a <source> or the <img> offers, under `media` when given. */
function preloadLink(copies: Map<string, string>, media: string | null): string {
  const srcset = copies.get('srcset');
  const parts = ['<link rel="preload" as="image" fetchpriority="high"'];
  if (media) parts.push(`media="${media}"`);
  if (srcset) parts.push(`imagesrcset="${srcset}"`, ...(copies.has('sizes') ? [`imagesizes="${copies.get('sizes')}"`] : []));
  else parts.push(`href="${copies.get('src') ?? ''}"`);
  return `${parts.join(' ')} />`;
}

/**
 * Preload links for the first <picture> of the rendered HTML whose <img> has fetchPriority="high":
 * one per <source>, under its media query, and one for the <img> under none of them, so the
 * browser fetches the one copy it will show. Empty when there is none, or when a <source> picks by
 * something else than a media query (a format), which a preload cannot say.
 */
export function leadPicturePreload(html: string): string {
  for (const [, sourcesText, imgText] of html.matchAll(PICTURE)) {
    const img = attributes(imgText);
    if (img.get('fetchpriority') !== 'high') continue;
    const sources = [...sourcesText.matchAll(SOURCE)].map(([, text]) => attributes(text));
    if (sources.some((s) => !s.get('media') || !s.get('srcset'))) return '';
    const elsewhere = sources.map((s) => `(not ${s.get('media')})`).join(' and ');
    return [...sources.map((s) => preloadLink(s, s.get('media')!)), preloadLink(img, elsewhere || null)].join('');
  }
  return '';
}

const LEADING_PRELOADS = /^(?:<link rel="preload"[^>]*\/>)+/;

/**
 * The preloads React writes at the start of a render (a high-priority <img> outside a <picture>:
 * the article's main picture) taken out of the page's HTML for the head, where the browser reads
 * them before the app's scripts instead of after them. The app's first render hydrates the same
 * HTML without them (React skips links it does not render at the root, and there are none now).
 */
export function hoistPreloads(html: string): { html: string; preloads: string } {
  const preloads = LEADING_PRELOADS.exec(html)?.[0] ?? '';
  return { html: html.slice(preloads.length), preloads };
}
