import { hasHtml } from '@/lib/content';
import type { EditorMode } from '../types';

/** What a new article starts in: 'Mise en forme'. */
export const DEFAULT_EDITOR_MODE: EditorMode = 'rich';

/**
 * The mode an article reopens in: the one it was saved in. Text without any HTML can only have been
 * typed in 'Texte brut' (the rich editor always writes paragraphs), whatever the column says: the
 * articles written before the column existed all got its default, and opening their plain text in
 * the rich editor would silently turn it into HTML.
 */
export function openingMode(article: { editor_mode?: EditorMode | null; content?: string | null }): EditorMode {
  const content = article.content ?? '';
  if (content.trim() && !hasHtml(content)) return 'html';
  return article.editor_mode === 'html' ? 'html' : DEFAULT_EDITOR_MODE;
}

/** The record as the form opens it, in its opening mode. */
export function withOpeningMode<R extends { editor_mode?: EditorMode | null; content?: string | null }>(record: R): R {
  const mode = openingMode(record);
  return record.editor_mode === mode ? record : { ...record, editor_mode: mode };
}
