import { useEffect, useRef } from 'react';
import { useGetList } from 'react-admin';
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
  const { refetch } = result;
  const seenVersion = useRef(version);
  useEffect(() => {
    if (seenVersion.current === version) return;
    seenVersion.current = version;
    void refetch();
  }, [version, refetch]);
  return result;
}
