import { hasHtml, linkifyForSave } from '@/lib/content';
import { keyPointsToSave } from './editor/keyPoints';
import type { ArticleFormValues, ArticleStatus, ArticleUpdate, ArticleWrite } from './types';

/**
 * The publication time to store: every save as Publié stamps the current time (the product rule),
 * a scheduled article keeps the moment chosen (UTC), a draft has none.
 */
export function publishedAtFor(status: ArticleStatus, scheduledAt: string | null | undefined, now: Date): string | null {
  if (status === 'published') return now.toISOString();
  if (status === 'scheduled') {
    const at = scheduledAt ? new Date(scheduledAt) : null;
    if (!at || Number.isNaN(at.getTime())) throw new Error('A scheduled article needs its publication time (published_at).');
    return at.toISOString();
  }
  return null;
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
  now: Date;
  sanitize: (html: string) => string;
}

/** The form's values as the writable columns only; empty optional fields are saved as null. */
export function toArticleWrite(values: ArticleFormValues, { now, sanitize }: WriteContext): ArticleWrite {
  return {
    title: values.title.trim(),
    slug: values.slug.trim(),
    excerpt: values.excerpt?.trim() || null,
    content: prepareContent(values.content, sanitize),
    category_id: values.category_id || null,
    status: values.status,
    published_at: publishedAtFor(values.status, values.published_at, now),
    editor_mode: values.editor_mode === 'html' ? 'html' : 'rich',
    key_points: keyPointsToSave(values.key_points),
    format: values.format === 'live' ? 'live' : 'article',
    ...(values.author_id ? { author_id: values.author_id } : {}),
  };
}

/** An update: the write plus the version the form's content was based on (the database refuses a stale one). */
export function toArticleUpdate(values: ArticleFormValues, version: number, context: WriteContext): ArticleUpdate {
  return { ...toArticleWrite(values, context), version };
}
