import { hasHtml, toParagraphs } from '@/lib/content';
import { escapeHtml } from '@/lib/html';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The image block 'Insérer' adds: an <img> the reader's allowlist keeps, with the image's alternative text. */
export function imageBlock(url: string, alt = ''): string {
  return `<p><img src="${escapeHtml(url)}" alt="${escapeHtml(alt.trim())}"></p>`;
}

/**
 * Plain text as the HTML paragraphs the reader would have shown it in (5 sentences each), so
 * turning an article into HTML (rich mode, or an inserted image) does not change how it reads.
 */
export function plainToHtml(text: string): string {
  return toParagraphs(text)
    .map((p) => `<p>${escapeHtml(p)}</p>`)
    .join('\n');
}

// A caret right after a closed block (or at the very start) can take a new block without
// splitting a paragraph or a tag in two.
const BLOCK_BOUNDARY = /(^|<\/(p|h[1-6]|blockquote|ul|ol|figure|pre)>|<hr\s*\/?>)\s*$/i;

/**
 * 'Insérer' in the text box: the image always shows in the article. HTML content gets the block
 * at the caret when it sits between blocks, else at the end. Plain text is first turned into
 * its paragraphs (an <img> would otherwise switch the whole article to HTML and merge them).
 */
export function insertImageReference(content: string, url: string, caret?: number | null, alt = ''): string {
  const block = imageBlock(url, alt);
  if (!content.trim()) return block;
  if (!hasHtml(content)) return `${plainToHtml(content)}\n${block}`;
  if (caret != null && caret >= 0 && caret <= content.length && BLOCK_BOUNDARY.test(content.slice(0, caret))) {
    const before = content.slice(0, caret).replace(/\s*$/, '');
    const after = content.slice(caret).replace(/^\s*/, '');
    return [before, block, after].filter(Boolean).join('\n');
  }
  return `${content.replace(/\s*$/, '')}\n${block}`;
}

/** Removes every <img> of this URL (and a paragraph left holding only it) when the image is deleted. */
export function removeImageReference(content: string, url: string): string {
  const src = `src="${escapeRegExp(escapeHtml(url))}"`;
  const img = `<img\\b[^>]*${src}[^>]*>`;
  return content.replace(new RegExp(`\\n?<p>\\s*${img}\\s*</p>`, 'g'), '').replace(new RegExp(img, 'g'), '');
}
