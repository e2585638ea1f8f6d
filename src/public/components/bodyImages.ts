import { copyAtWidth, DATA_SAVER_ARTICLE_WIDTH, responsiveImage } from '@/lib/renditions';

// The pictures of an article's body, rewritten in its sanitized HTML for the reader (never for the
// editor, which finds its images in the stored HTML by their src). The sanitizer's output has
// every attribute double-quoted and escaped; values are moved as they are, never unescaped, and
// rendition URLs add only [\w./:-] to a source that was already in the HTML.

const IMG = /<img\b([^>]*)>/g;
const ATTR = /([\w-]+)="([^"]*)"/g;
/** The body's column: 42rem at most (ArticlePage.css). */
const BODY_SIZES = '(min-width: 704px) 672px, 100vw';
const NO_SIZE = { width: 0, height: 0 };

const attributes = (text: string) => Object.fromEntries([...text.matchAll(ATTR)].map((m) => [m[1], m[2]]));
const sizeAttributes = ({ width, height }: { width: number; height: number }, prefix = '') =>
  width && height ? ` ${prefix}width="${width}" ${prefix}height="${height}"` : '';

/** A picture stored with renditions gets its srcset and sizes, and its size where it had none. */
export function responsiveBodyImages(html: string): string {
  return html.replace(IMG, (tag, inner: string) => {
    const a = attributes(inner);
    const image = a.src ? responsiveImage(a.src, NO_SIZE) : null;
    if (!image?.srcSet) return tag;
    return `<img${inner} srcset="${image.srcSet}" sizes="${BODY_SIZES}"${a.width ? '' : sizeAttributes(image)}>`;
  });
}

/**
 * Data-saver mode: each picture becomes the button that shows it when tapped (tapDom.ts gives it
 * its behaviour), pointing at a smaller copy where there is one.
 */
export function tapBodyImages(html: string): string {
  return html.replace(IMG, (_tag, inner: string) => {
    const a = attributes(inner);
    if (!a.src) return '';
    const copy = copyAtWidth(a.src, DATA_SAVER_ARTICLE_WIDTH, NO_SIZE);
    return tapButtonHtml({ ...copy, alt: a.alt ?? '' });
  });
}

/**
 * The button that shows one picture when tapped (tapDom.ts), from values already escaped for an
 * attribute: the sanitizer's, or escapeHtml's (bodyGallery.ts).
 */
export const tapButtonHtml = (copy: { src: string; alt: string; width: number; height: number }) =>
  `<button type="button" class="tap-image" data-tap-src="${copy.src}" data-tap-alt="${copy.alt}"${sizeAttributes(copy, 'data-tap-')}>` +
  `Afficher l'image<span class="tap-image__size"></span></button>`;
