import { isPublicNow } from '@/lib/articleVisibility';
import { hasHtml, linkifyForSave } from '@/lib/content';
import { keyPointsToSave } from './editor/keyPoints';
import { factCheckToSave } from './factCheck/factCheckForm';
import type { ArticleFormValues, ArticleStatus, ArticleUpdate, ArticleWrite } from './types';

/**
 * The publication time to store. Publié: the time the article went out at when readers already see
 * it (`outAt`: an edit is no new publication; the database holds that rule too, and only an
 * administrator's « Republier » moves it), else now. A scheduled article keeps the moment chosen
 * (UTC); a draft has none. Beyond the product spec, whose rule stamped now on every save as Publié.
 */
export function publishedAtFor(
  status: ArticleStatus,
  scheduledAt: string | null | undefined,
  now: Date,
  outAt: string | null = null,
): string | null {
  if (status === 'published') return outAt ?? now.toISOString();
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
  /** The article as stored before this save (edit only): its publication time stays if it is out. */
  previous?: { status: string; published_at: string | null };
}

/** When the stored article already went out, the time it did (null for a new, draft or future one). */
const outAt = (previous: WriteContext['previous'], now: Date) => (previous && isPublicNow(previous, now) ? previous.published_at : null);

/** The form's values as the writable columns only; empty optional fields are saved as null. */
export function toArticleWrite(values: ArticleFormValues, { now, sanitize, previous }: WriteContext): ArticleWrite {
  return {
    title: values.title.trim(),
    slug: values.slug.trim(),
    excerpt: values.excerpt?.trim() || null,
    content: prepareContent(values.content, sanitize),
    category_id: values.category_id || null,
    status: values.status,
    published_at: publishedAtFor(values.status, values.published_at, now, outAt(previous, now)),
    editor_mode: values.editor_mode === 'html' ? 'html' : 'rich',
    key_points: keyPointsToSave(values.key_points),
    format: values.format === 'live' || values.format === 'factcheck' ? values.format : 'article',
    ...(values.format === 'factcheck' ? { fact_check: factCheckToSave(values.fact_check), checked_by: values.checked_by || null } : {}),
    ...(values.author_id ? { author_id: values.author_id } : {}),
    ...(values.status_note?.trim() ? { status_note: values.status_note.trim() } : {}),
  };
}

/** An update: the write plus the version the form's content was based on (the database refuses a stale one). */
export function toArticleUpdate(values: ArticleFormValues, version: number, context: WriteContext): ArticleUpdate {
  return { ...toArticleWrite(values, context), version };
}
