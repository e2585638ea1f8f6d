import { diffWords } from 'diff';
import type { Tables } from '@/lib/database';
import { hasHtml } from '@/lib/content';
import { countWords } from '@/lib/readingTime';
import { keyPointsToSave } from '../editor/keyPoints';

type Revision = Tables<'article_revisions'>;

/** The part of an article a revision records and the editor can compare or restore. */
export type ComparableArticle = Pick<Revision, 'title' | 'slug' | 'content' | 'status'> &
  Partial<Pick<Revision, 'excerpt' | 'category_id'>> & { key_points?: readonly (string | null | undefined)[] | null };

export type ComparedField = 'title' | 'slug' | 'excerpt' | 'key_points' | 'category_id' | 'status' | 'content';

/** In the order the editor shows its fields. */
export const COMPARED_FIELDS: readonly ComparedField[] = ['title', 'slug', 'category_id', 'excerpt', 'key_points', 'content', 'status'];

export const FIELD_LABELS: Record<ComparedField, string> = {
  title: 'Titre',
  slug: 'Adresse (slug)',
  category_id: 'Catégorie',
  excerpt: 'Extrait',
  key_points: 'Points clés',
  content: 'Contenu',
  status: 'Statut',
};

/** A field as text: the key points one per line, as they are saved (the form's empty fields dropped). */
export const fieldText = (article: ComparableArticle, field: ComparedField): string =>
  field === 'key_points' ? keyPointsToSave(article.key_points).join('\n') : String(article[field] ?? '').trim();

// The form holds '' where the database holds null: both mean "none" and must not count as a change.
const normalized = fieldText;

/** Which fields differ between two versions of an article, in the editor's order. */
export function changedFields(before: ComparableArticle, after: ComparableArticle): ComparedField[] {
  return COMPARED_FIELDS.filter((field) => normalized(before, field) !== normalized(after, field));
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
const BLOCK_END = /<\/(?:p|h[1-6]|li|blockquote|figure|figcaption|div|pre|ul|ol)\s*>|<br\s*\/?>/gi;

/**
 * What a reader reads of an article's content, as text: HTML loses its markup (blocks become
 * paragraph breaks, pictures a marker) so the comparison speaks of words, not of tags. Only ever
 * shown as React text, never as HTML.
 */
export function contentText(content: string): string {
  if (!hasHtml(content)) return content.replace(/\r\n?/g, '\n').trim();
  return content
    .replace(/<img\b[^>]*>/gi, ' [image] ')
    .replace(BLOCK_END, '\n\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole;
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    })
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export type DiffPart = { kind: 'same' | 'added' | 'removed'; text: string };

/**
 * A very long article rewritten from top to bottom could keep the browser busy for seconds: past
 * this, the comparison gives up and shows the old text removed and the new one added.
 */
const DIFF_TIMEOUT_MS = 1500;

/** Word-level differences between two texts (already in reading form, see contentText). */
export function wordDiff(before: string, after: string): DiffPart[] {
  if (before === after) return before ? [{ kind: 'same', text: before }] : [];
  const changes = diffWords(before, after, { timeout: DIFF_TIMEOUT_MS });
  if (!changes) {
    return [...(before ? [{ kind: 'removed' as const, text: before }] : []), ...(after ? [{ kind: 'added' as const, text: after }] : [])];
  }
  return changes.map((c) => ({ kind: c.added ? 'added' : c.removed ? 'removed' : 'same', text: c.value }));
}

const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

/** "3 mots ajoutés, 1 mot supprimé"; "Aucun mot changé" when only spacing or markup moved. */
export function diffSummary(parts: DiffPart[]): string {
  let added = 0;
  let removed = 0;
  for (const part of parts) {
    if (part.kind === 'added') added += countWords(part.text);
    if (part.kind === 'removed') removed += countWords(part.text);
  }
  if (!added && !removed) return 'Aucun mot changé';
  const said = [];
  if (added) said.push(plural(added, 'mot ajouté', 'mots ajoutés'));
  if (removed) said.push(plural(removed, 'mot supprimé', 'mots supprimés'));
  return said.join(', ');
}

/** What "Restaurer" puts back into the form: the text and its place, never the status or the version. */
export function restoredValues(revision: ComparableArticle) {
  return {
    title: revision.title,
    slug: revision.slug,
    excerpt: revision.excerpt ?? null,
    content: revision.content,
    category_id: revision.category_id ?? null,
    key_points: keyPointsToSave(revision.key_points),
  };
}
