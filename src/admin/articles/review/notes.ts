import type { Tables } from '@/lib/database';
import { STATUS_LABELS } from '../statusChoices';
import type { ArticleStatus } from '../types';

/** A row of the article's history of notes (article_notes): who changed the status, when, from → to, and why. */
export type ArticleNote = Pick<Tables<'article_notes'>, 'id' | 'author_id' | 'from_status' | 'to_status' | 'note' | 'created_at'>;

export const NOTES_RESOURCE = 'article_notes';
export const NOTE_COLUMNS = ['id', 'author_id', 'from_status', 'to_status', 'note', 'created_at'];
/** The longest note the database takes (article_notes.note). */
export const NOTE_MAX_LENGTH = 2000;

/** « Renvoyé avec remarques »: the state's name wherever it shows (list badge, editor, notices). */
export const SENT_BACK_LABEL = 'Renvoyé avec remarques';

const label = (status: string) => STATUS_LABELS[status as ArticleStatus] ?? status;

/** What a status change did, in the newsroom's words: « Renvoyé avec remarques », « À relire → Publié »… */
export function changeLabel(
  note: Pick<ArticleNote, 'from_status' | 'to_status'>,
  articleAuthorId?: string | null,
  authorId?: string | null,
) {
  if (note.from_status === 'review' && note.to_status === 'draft' && authorId !== articleAuthorId) return SENT_BACK_LABEL;
  if (note.from_status === note.to_status) return `Remarque (${label(note.to_status)})`;
  if (!note.from_status) return `Créé : ${label(note.to_status)}`;
  return `${label(note.from_status)} → ${label(note.to_status)}`;
}

/** Whether an article is « Renvoyé avec remarques » now: sent back, and still a draft. */
export const isSentBack = (article: { status: string; sent_back_at?: string | null }) =>
  article.status === 'draft' && !!article.sent_back_at;
