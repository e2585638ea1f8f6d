import DOMPurify, { type WindowLike } from 'dompurify';

// The one allowlist for article HTML, used by the editor before saving and by the reader before
// rendering: formatting, headings, lists, quotes, links and images. No scripts, styles, forms,
// frames, event handlers or non-http(s) URLs survive.
const ALLOWED_TAGS = [
  'p',
  'br',
  'h2',
  'h3',
  'h4',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'blockquote',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'figure',
  'figcaption',
  'hr',
  'code',
  'pre',
  'sub',
  'sup',
];
const ALLOWED_ATTR = ['href', 'title', 'src', 'alt', 'width', 'height', 'target'];
const ABSOLUTE_URL = /^(?:https?:|mailto:)/i;
// Any origin would do: a relative URL is safe when it resolves to the page's own origin.
const SITE = 'https://site.invalid';

/**
 * http(s) and mailto links, fragments, and paths on this site. A path is resolved as a browser
 * does (backslashes read as slashes, tabs and newlines dropped), so `/\evil.example`,
 * `/\t/evil.example` or `\\evil.example`, which browsers send off-site, are refused.
 */
function isSafeUrl(raw: string): boolean {
  const value = raw.trim();
  if (ABSOLUTE_URL.test(value)) return true;
  if (!value.startsWith('/') && !value.startsWith('#')) return false;
  try {
    return new URL(value, `${SITE}/article/`).origin === SITE;
  } catch {
    return false;
  }
}

type Purifier = ReturnType<typeof DOMPurify>;
const purifiers = new WeakMap<object, Purifier>();

function purifierFor(win?: WindowLike): Purifier {
  const key = win ?? globalThis;
  let purifier = purifiers.get(key);
  if (!purifier) {
    purifier = win ? DOMPurify(win) : DOMPurify;
    purifier.addHook('afterSanitizeAttributes', (node) => {
      for (const attr of ['href', 'src']) {
        const value = node.getAttribute(attr);
        if (value !== null && !isSafeUrl(value)) node.removeAttribute(attr);
      }
      // A link's target is the editor's choice (the link dialog's « nouvel onglet »: '_blank' or
      // '_self'); an outside address with none opens in a new tab. Set again after href (removed
      // first), so links read `<a href target rel>` as the embeds expect. Written for the reader's
      // first-load budget (the repeated test gzips to less than a variable).
      if (node.tagName === 'A') {
        const target = node.getAttribute('target');
        node.removeAttribute('target');
        const kept =
          target === '_self' && /^https?:/i.test(node.getAttribute('href') ?? '')
            ? target
            : target === '_blank' || /^https?:/i.test(node.getAttribute('href') ?? '')
              ? '_blank'
              : '';
        if (kept) node.setAttribute('target', kept);
        // A new tab gets no handle on ours.
        if (kept === '_blank') node.setAttribute('rel', 'noopener noreferrer');
      }
      if (node.tagName === 'IMG') {
        node.setAttribute('loading', 'lazy');
        node.setAttribute('decoding', 'async');
      }
    });
    purifiers.set(key, purifier);
  }
  return purifier;
}

/** Sanitizes article HTML with the allowlist. `win` is a DOM window where there is no global one. */
export function sanitizeArticleHtml(html: string, win?: WindowLike): string {
  return purifierFor(win).sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    KEEP_CONTENT: true,
  }) as string;
}
