import { EMBED_TEXT } from '@/lib/embedFrames';
import { parseEmbedUrl, type Embed } from '@/lib/embeds';
import { escapeHtml } from '@/lib/html';

// A YouTube video or an X post written as a link alone in its paragraph (or on its line, in plain
// text) becomes a placeholder: a box that loads nothing from those sites and a plain link to the
// original. Tapping the box puts the site's player in its place (embedDom.ts); without JavaScript
// the box is a link to the original too.

/** The placeholder of an embed: markup the reader app does not manage, so the tap can replace part of it. */
export function embedPlaceholderHtml({ kind, id, url }: Embed): string {
  const text = EMBED_TEXT[kind];
  const href = escapeHtml(url);
  const link = `href="${href}" target="_blank" rel="noopener noreferrer"`;
  return (
    `<div class="embed embed--${kind}" data-embed="${kind}" data-embed-id="${id}">` +
    `<a class="embed__play" ${link}><span class="embed__label">${text.label} — ${text.action}</span></a>` +
    `<a class="embed__link" ${link}>${text.open}</a>` +
    `</div>`
  );
}

// A paragraph holding nothing but a link or an address (and perhaps a line break after it).
const LINK_PARAGRAPH = /<p\b[^>]*>\s*(?:<a\b([^>]*)>([^<]*)<\/a>|([^<]*))\s*(?:<br>\s*)?<\/p>/gi;
const HREF = /\shref="([^"]*)"/;
/** The sanitizer escapes `&` in text and attributes: the address as written. */
const unescape = (text: string) => text.replace(/&amp;/g, '&');

const sameEmbed = (a: Embed | null, b: Embed | null) => !!a && !!b && a.kind === b.kind && a.id === b.id;

/**
 * Sanitized body HTML with each paragraph that is only a YouTube or X link turned into the
 * embed's placeholder. A link whose text names one embed and whose address another stays a link.
 */
export function embedParagraphs(html: string): string {
  if (!/youtu|twitter|x\.com/i.test(html)) return html;
  return html.replace(LINK_PARAGRAPH, (paragraph, anchor: string | undefined, linkText: string | undefined, bare: string | undefined) => {
    const embed = parseEmbedUrl(unescape(anchor === undefined ? (bare ?? '') : (linkText ?? '')));
    if (!embed) return paragraph;
    if (anchor !== undefined && !sameEmbed(embed, parseEmbedUrl(unescape(HREF.exec(anchor)?.[1] ?? '')))) return paragraph;
    return embedPlaceholderHtml(embed);
  });
}

export type PlainBlock = { type: 'text'; text: string } | { type: 'embed'; embed: Embed };

/**
 * Plain text cut at its lines that are only an embed's address: the text between is shown as
 * before (paragraphs of five sentences), each such line as its placeholder.
 */
export function plainBlocks(content: string): PlainBlock[] {
  const blocks: PlainBlock[] = [];
  let text: string[] = [];
  const flush = () => {
    if (text.join('').trim()) blocks.push({ type: 'text', text: text.join('\n') });
    text = [];
  };
  for (const line of content.split('\n')) {
    const embed = parseEmbedUrl(line);
    if (!embed) {
      text.push(line);
      continue;
    }
    flush();
    blocks.push({ type: 'embed', embed });
  }
  flush();
  return blocks;
}
