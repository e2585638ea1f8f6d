import { createHash } from 'node:crypto';
import type { WindowLike } from 'dompurify';
import { JSDOM } from 'jsdom';
import { sanitizeArticleHtml } from '@/lib/sanitize';

/** Article bodies remembered sanitized: the two variants of a page, and its renders after an eviction, sanitize once. */
const REMEMBERED_BODIES = 500;

/**
 * The browser's article-HTML allowlist, run on the server against one jsdom window. Sanitizing
 * builds a DOM of the body (the largest cost of an article's render after its reads): the result
 * is remembered by the body's hash, the same input always giving the same output.
 */
export function serverSanitizer(): (html: string) => string {
  const { window } = new JSDOM('');
  const remembered = new Map<string, string>();
  return (html) => {
    const key = createHash('sha256').update(html).digest('base64');
    const known = remembered.get(key);
    if (known !== undefined) {
      // Most recently used last: the oldest goes first.
      remembered.delete(key);
      remembered.set(key, known);
      return known;
    }
    const clean = sanitizeArticleHtml(html, window as unknown as WindowLike);
    remembered.set(key, clean);
    if (remembered.size > REMEMBERED_BODIES) remembered.delete(remembered.keys().next().value!);
    return clean;
  };
}
