import { useGetList } from 'react-admin';
import { useRefetchWhenVersionMoves } from '../workflow/useRefetchWhenVersionMoves';
import { NOTE_COLUMNS, NOTES_RESOURCE, type ArticleNote } from './notes';

/** Enough for any story's review; older notes stay in the database. */
export const NOTES_SHOWN = 50;

/**
 * The article's history of notes, newest first: one query shared by the editor's notice and its
 * « Remarques » panel, read again whenever the article's version moves (a save may have added one).
 */
export function useArticleNotes(articleId: string, version?: number) {
  const result = useGetList<ArticleNote>(NOTES_RESOURCE, {
    filter: { article_id: articleId },
    sort: { field: 'id', order: 'DESC' },
    pagination: { page: 1, perPage: NOTES_SHOWN },
    meta: { columns: NOTE_COLUMNS },
  });
  useRefetchWhenVersionMoves(version, result.refetch);
  return result;
}
