import { escapeHtml } from '@/lib/html';
import { masterOf } from '@/lib/renditions';
import type { ArticleImageFacts } from '../api/types';

// The pictures of an article's body with what the newsroom says of them (alternative text,
// caption, credit), found among the article's images by URL: the body may show a rendition of an
// image recorded as its master. Works on the sanitizer's output, which is well formed and has every
// attribute double-quoted and escaped; what is added here is escaped text of our own.

const IMG = /<img\b[^>]*>/gi;
const TAG = /<(\/?)([a-z][a-z0-9]*)\b[^>]*>/gi;
const SRC = /\ssrc="([^"]*)"/;
const ALT = /\salt="([^"]*)"/;

/** The sanitizer writes `&amp;` in URLs: the address itself, to compare with the database's. */
const unescapeUrl = (value: string) => value.replace(/&amp;/g, '&');

/** "Légende — <span>Crédit</span>", as the article's own pictures show it (CaptionText). */
function captionHtml({ caption, credit }: ArticleImageFacts): string {
  const parts = [caption ? escapeHtml(caption) : '', credit ? `<span class="image-credit">${escapeHtml(credit)}</span>` : ''];
  return `<figcaption>${parts.filter(Boolean).join(' — ')}</figcaption>`;
}

interface Frame {
  name: string;
  start: number;
  /** The <img> tags directly inside. */
  images: string[];
  /** Text or elements other than pictures and line breaks directly inside. */
  other: boolean;
  captioned: boolean;
}

/**
 * Fills the empty alternative text of the body's pictures from the article's images, and puts the
 * caption and credit under a picture that stands alone: at the top level, alone in its paragraph
 * (which becomes a figure), or in a figure without a caption of its own. A picture inside a line
 * of text keeps its place and gets only its alternative text.
 */
export function describeBodyImages(html: string, images: ArticleImageFacts[]): string {
  if (!images.length || !html.includes('<img')) return html;
  const facts = new Map<string, ArticleImageFacts>();
  for (const image of images) if (!facts.has(masterOf(image.url))) facts.set(masterOf(image.url), image);
  const factsOf = (tag: string) => {
    const src = SRC.exec(tag)?.[1];
    return src ? facts.get(masterOf(unescapeUrl(src))) : undefined;
  };

  const described = html.replace(IMG, (tag) => {
    const alt = factsOf(tag)?.alt;
    if (!alt || ALT.exec(tag)?.[1]) return tag;
    const value = escapeHtml(alt);
    return ALT.test(tag) ? tag.replace(ALT, ` alt="${value}"`) : tag.replace(/^<img\b/i, `<img alt="${value}"`);
  });

  const captioned = (tag: string) => {
    const image = factsOf(tag);
    return image && (image.caption || image.credit) ? image : null;
  };
  const edits: { start: number; end: number; text: string }[] = [];
  const stack: Frame[] = [];
  let last = 0;
  for (const match of described.matchAll(TAG)) {
    const [tag, closing] = match;
    const name = match[2].toLowerCase();
    const at = match.index;
    const parent = stack.at(-1);
    if (parent && described.slice(last, at).trim()) parent.other = true;
    last = at + tag.length;
    if (closing) {
      const frame = stack.pop();
      const image = frame && frame.images.length === 1 ? captioned(frame.images[0]) : null;
      if (!frame || !image) continue;
      if (frame.name === 'p' && !frame.other)
        edits.push({ start: frame.start, end: last, text: `<figure>${frame.images[0]}${captionHtml(image)}</figure>` });
      else if (frame.name === 'figure' && !frame.captioned) edits.push({ start: at, end: at, text: captionHtml(image) });
      continue;
    }
    if (name === 'img') {
      if (parent) parent.images.push(tag);
      else {
        const image = captioned(tag);
        if (image) edits.push({ start: at, end: last, text: `<figure>${tag}${captionHtml(image)}</figure>` });
      }
      continue;
    }
    if (name === 'br') continue;
    if (parent) {
      parent.other = true;
      if (name === 'figcaption') parent.captioned = true;
    }
    if (name !== 'hr') stack.push({ name, start: at, images: [], other: false, captioned: false });
  }
  let out = '';
  let from = 0;
  for (const edit of edits.sort((a, b) => a.start - b.start)) {
    out += described.slice(from, edit.start) + edit.text;
    from = edit.end;
  }
  return out + described.slice(from);
}
