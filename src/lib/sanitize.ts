import DOMPurify, { type WindowLike } from 'dompurify';

// The one allowlist for article HTML, used by the editor before saving and by the reader before
// rendering: formatting, headings, lists, quotes, links and images. No scripts, styles, forms,
// frames, event handlers or non-http(s) URLs survive.
const ALLOWED_TAGS = [
  'p', 'br', 'h2', 'h3', 'h4', 'strong', 'b', 'em', 'i', 'u', 's', 'blockquote', 'ul', 'ol', 'li',
  'a', 'img', 'figure', 'figcaption', 'hr', 'code', 'pre', 'sub', 'sup',
];
const ALLOWED_ATTR = ['href', 'title', 'src', 'alt', 'width', 'height'];
const SAFE_URL = /^(?:https?:|mailto:|\/(?!\/)|#)/i;

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
        if (value !== null && !SAFE_URL.test(value.trim())) node.removeAttribute(attr);
      }
      if (node.tagName === 'A' && /^https?:/i.test(node.getAttribute('href') ?? '')) {
        // External links open in a new tab without giving the new page a handle on ours.
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
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
