import type { Tables } from '@/lib/database';
import { STATUS_LABELS } from '../statusChoices';
import type { ArticleStatus } from '../types';
import type { ComparableArticle } from './revisionDiff';

type Revision = Tables<'article_revisions'>;

/** A row of the Historique list: who saved which version when (no text, so the list stays light). */
export type RevisionSummary = Pick<Revision, 'id' | 'version' | 'status' | 'created_at' | 'editor_id'> & {
  editor: Pick<Tables<'profiles'>, 'full_name'> | null;
};

/** One revision in full, opened from the list. */
export type RevisionDetail = RevisionSummary & ComparableArticle & Pick<Revision, 'published_at'>;

export const REVISIONS_RESOURCE = 'article_revisions';
/**
 * The editor's name comes embedded through article_revisions.editor_id -> profiles.user_id, by its
 * foreign key's name: author_id (the byline) is a second key to profiles.
 */
const EDITOR = 'editor:profiles!article_revisions_editor_id_fkey(full_name)';
export const REVISION_LIST_COLUMNS = ['id', 'version', 'status', 'created_at', 'editor_id', EDITOR];
export const REVISION_COLUMNS = [
  ...REVISION_LIST_COLUMNS,
  'title',
  'slug',
  'excerpt',
  'key_points',
  'content',
  'category_id',
  'published_at',
];

/** Who saved a revision: their profile name; an account since deleted (or a maintenance save) has none. */
export function editorName(revision: Pick<RevisionSummary, 'editor_id' | 'editor'>): string {
  const name = revision.editor?.full_name?.trim();
  if (name) return name;
  return revision.editor_id ? 'Administrateur sans nom' : 'Auteur inconnu';
}

/** A revision's stored status in the editor's words (Brouillon, Programmé, Publié). */
export const statusLabel = (status: string) => STATUS_LABELS[status as ArticleStatus] ?? status;
