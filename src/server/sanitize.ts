import type { WindowLike } from 'dompurify';
import { JSDOM } from 'jsdom';
import { sanitizeArticleHtml } from '@/lib/sanitize';

/** The browser's article-HTML allowlist, run on the server against one jsdom window. */
export function serverSanitizer(): (html: string) => string {
  const { window } = new JSDOM('');
  return (html) => sanitizeArticleHtml(html, window as unknown as WindowLike);
}
