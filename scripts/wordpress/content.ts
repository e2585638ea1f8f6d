import { JSDOM } from 'jsdom';
import { youtubeLinkOfEmbed, xPostLink } from '../../src/admin/articles/editor/embedLinks.ts';
import { parseEmbedUrl } from '../../src/lib/embeds.ts';
import { escapeHtml } from '../../src/lib/html.ts';

/**
 * A WordPress post's content as the product's article HTML (docs/wordpress-import.md#content):
 * block comments dropped, paragraphs made where WordPress made them on display (wpautop),
 * [caption] as a figure with its caption, [gallery] as its figures in order, YouTube and X embeds
 * as the product's embed lines (the link alone in its paragraph), any other shortcode dropped with
 * its text kept and named in the report, then the product's sanitizer. Two steps, because the
 * pictures are stored in between: prepareContent lists the pictures, finishContent points them to
 * their new addresses.
 */

export interface AttachmentFacts {
  url: string;
  alt: string;
  caption: string;
}

export interface PreparedContent {
  /** A document of the content, its shortcodes already turned into HTML. */
  body: HTMLElement;
  /** Addresses of its pictures (as WordPress wrote them), in order, each once. */
  images: string[];
  /** Shortcodes dropped with their text kept, by name, each once. */
  droppedShortcodes: string[];
}

const BLOCK_COMMENT = /<!--\s*\/?wp:[\s\S]*?-->/g;
const BLOCK_START = /^<\/?(p|h[1-6]|ul|ol|li|blockquote|figure|figcaption|div|table|pre|hr|iframe|script)\b/i;

/** WordPress's wpautop, simply: blank lines separate paragraphs, a single line break is a <br>. */
export function autop(html: string): string {
  if (/<p[\s>]/i.test(html)) return html;
  return html
    .split(/\n\s*\n/)
    .map((chunk) => chunk.trim())
    .filter(Boolean)
    .map((chunk) => (BLOCK_START.test(chunk) ? chunk : `<p>${chunk.replace(/\n/g, '<br>\n')}</p>`))
    .join('\n');
}

/** `key="value"` (or 'value', or bare value) attributes of a shortcode. */
function shortcodeAttributes(raw: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const m of raw.matchAll(/([\w-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|(\S+))/g)) attrs[m[1].toLowerCase()] = m[2] ?? m[3] ?? m[4] ?? '';
  return attrs;
}

/** An embed line when the link is a YouTube video or an X post, else a plain link in its paragraph. */
function embedLine(raw: string): string {
  const url = raw.trim().replace(/^=/, '');
  const embed = parseEmbedUrl(url);
  if (embed) return `\n\n<p>${escapeHtml(embed.url)}</p>\n\n`;
  return /^https?:\/\//.test(url) ? `\n\n<p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>\n\n` : '';
}

const figure = (img: string, caption: string) =>
  `<figure>${img}${caption.trim() ? `<figcaption>${caption.trim()}</figcaption>` : ''}</figure>`;

/** A shortcode's own name: lower case ASCII, as WordPress plugins register them. */
const SHORTCODE = /\[(\/?)([a-z][a-z0-9_-]*)((?:\s[^\]]*)?)\](?:([\s\S]*?)\[\/\2\])?/g;

/** [caption], [gallery] and embeds made HTML; other shortcodes dropped, their text kept. */
function replaceShortcodes(html: string, attachment: (id: number) => AttachmentFacts | null, dropped: Set<string>): string {
  return html.replace(SHORTCODE, (whole, closing: string, name: string, rawAttrs: string, inner: string | undefined) => {
    const attrs = shortcodeAttributes(rawAttrs);
    if (closing) {
      dropped.add(name);
      return '';
    }
    switch (name) {
      case 'caption':
      case 'wp_caption': {
        const body = inner ?? '';
        const img = /<a\b[^>]*>\s*<img\b[^>]*>\s*<\/a>|<img\b[^>]*>/i.exec(body)?.[0] ?? '';
        return figure(img, attrs.caption ?? body.replace(img, ''));
      }
      case 'gallery':
        return (attrs.ids ?? '')
          .split(',')
          .map((id) => attachment(Number(id.trim())))
          .filter((a): a is AttachmentFacts => a !== null)
          .map((a) => figure(`<img src="${escapeHtml(a.url)}" alt="${escapeHtml(a.alt)}">`, escapeHtml(a.caption)))
          .join('\n');
      case 'embed':
        return embedLine(inner ?? attrs.url ?? '');
      case 'youtube':
      case 'tweet':
        return embedLine(inner ?? rawAttrs);
      default: {
        // A bracketed word with no attribute nor closing tag ([sic], [1]) is the writer's, not a shortcode.
        const isShortcode = inner !== undefined || /=/.test(rawAttrs) || /[_-]/.test(name);
        if (!isShortcode) return whole;
        dropped.add(name);
        return inner !== undefined ? replaceShortcodes(inner, attachment, dropped) : '';
      }
    }
  });
}

/** Replaces `el` by the embed line of `link`. */
function toEmbedLine(el: Element, link: string): void {
  const p = el.ownerDocument.createElement('p');
  p.textContent = link;
  el.replaceWith(p);
}

/** Block embeds, iframes and X's blockquotes as embed lines; links around pictures to their own file unwrapped. */
function normaliseEmbeds(body: HTMLElement): void {
  for (const block of body.querySelectorAll('figure.wp-block-embed, figure.wp-embed')) {
    const link = (block.querySelector('.wp-block-embed__wrapper')?.textContent ?? block.textContent ?? '').trim();
    if (parseEmbedUrl(link)) toEmbedLine(block, link);
  }
  for (const frame of body.querySelectorAll('iframe[src]')) {
    const link = youtubeLinkOfEmbed(frame.getAttribute('src') ?? '') ?? xPostLink(frame.getAttribute('src') ?? '');
    // The frame's own box (a figure, or a paragraph holding nothing else) becomes the line.
    const box =
      frame.closest('figure') ??
      (frame.parentElement?.matches('p') && !frame.parentElement.textContent?.trim() ? frame.parentElement : frame);
    if (link) toEmbedLine(box, link);
  }
  for (const quote of body.querySelectorAll('blockquote.twitter-tweet')) {
    const link = [...quote.querySelectorAll('a[href]')].map((a) => xPostLink(a.getAttribute('href') ?? '')).find(Boolean);
    if (link) toEmbedLine(quote, link);
  }
  for (const a of body.querySelectorAll('a[href]')) {
    if (a.querySelector('img') && /\/wp-content\/uploads\//.test(a.getAttribute('href') ?? '')) a.replaceWith(...a.childNodes);
  }
}

/** A jsdom window for the posts' documents (the importer takes a new one every few hundred posts: see importer.ts). */
export function contentWindow(): Window {
  return new JSDOM('').window as unknown as Window;
}

/** Step 1: the content as a document with its pictures listed (nothing stored yet). */
export function prepareContent(raw: string, attachment: (id: number) => AttachmentFacts | null, win: Window): PreparedContent {
  const dropped = new Set<string>();
  const html = autop(replaceShortcodes(raw.replace(BLOCK_COMMENT, ''), attachment, dropped));
  const body = win.document.createElement('body');
  body.innerHTML = html;
  normaliseEmbeds(body);
  const images = [...new Set([...body.querySelectorAll('img[src]')].map((img) => img.getAttribute('src')!))];
  return { body, images, droppedShortcodes: [...dropped] };
}

/**
 * Step 2: each picture at its new address (`stored`: WordPress address → ours); a picture that
 * could not be stored leaves the article (with its figure), never pointing to the old site. Then
 * the product's sanitizer (`sanitize`: sanitizeArticleHtml, or the importer's RecycledSanitizer).
 */
export async function finishContent(
  prepared: PreparedContent,
  stored: Map<string, string>,
  sanitize: (html: string) => string | Promise<string>,
): Promise<string> {
  for (const img of prepared.body.querySelectorAll('img[src]')) {
    const url = stored.get(img.getAttribute('src')!);
    if (url) {
      img.setAttribute('src', url);
      // WordPress's sizes were of its own copy: the reader sizes ours from its name (renditions.ts).
      img.removeAttribute('width');
      img.removeAttribute('height');
    } else {
      const fig = img.closest('figure');
      (fig && fig.querySelectorAll('img').length === 1 ? fig : img).remove();
    }
  }
  return (await sanitize(prepared.body.innerHTML))
    .replace(/<p>\s*<\/p>/g, '')
    .replace(/\n\s*\n+/g, '\n')
    .trim();
}
