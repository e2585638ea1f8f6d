import { hasHtml, linkifyForSave } from '@/lib/content';
import type { ArticleFormValues, ArticleStatus, ArticleWrite } from './types';

/** Spec §4: every save as published stamps the current time; a draft has no publication date. */
export function publishedAtFor(status: ArticleStatus, now: Date): string | null {
  return status === 'published' ? now.toISOString() : null;
}

/**
 * Bare URLs become links, then HTML goes through the reader's allowlist, so what is stored is
 * what readers will be shown. Plain text stays plain: the reader builds its paragraphs.
 */
export function prepareContent(content: string, sanitize: (html: string) => string): string {
  const linked = linkifyForSave(content);
  return hasHtml(linked) ? sanitize(linked) : linked;
}

interface WriteContext {
  authorId: string;
  now: Date;
  sanitize: (html: string) => string;
}

/** The form's values as the writable columns only; empty optional fields are saved as null. */
export function toArticleWrite(values: ArticleFormValues, { authorId, now, sanitize }: WriteContext): ArticleWrite {
  return {
    title: values.title.trim(),
    slug: values.slug.trim(),
    excerpt: values.excerpt?.trim() || null,
    content: prepareContent(values.content, sanitize),
    category_id: values.category_id || null,
    status: values.status,
    published_at: publishedAtFor(values.status, now),
    author_id: authorId,
  };
}
