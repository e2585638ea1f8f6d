import { useEffect, useState } from 'react';
import type { DataClient } from '@/lib/supabase';
import { useToast } from '@/public/toast/Toaster';
import { isArticleSaved, saveArticle, unsaveArticle } from '../api/savedState';
import { BookmarkIcon } from './BookmarkIcon';
import { SAVE_LABEL, SAVED_LABEL, UNSAVE_FAILED } from './labels';
import './SaveButton.css';

/** The toggle: what the database holds for this reader and article, flipped on a tap. */
export function SaveButton({ articleId, db }: { articleId: string; db: DataClient }) {
  const toast = useToast();
  // null until the database has answered: the button waits rather than show a wrong state.
  const [saved, setSaved] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    isArticleSaved(db, articleId).then(
      (value) => live && setSaved(value),
      (error: unknown) => {
        console.error(error);
        // Saving is harmless when it was saved already (elsewhere): offer it.
        if (live) setSaved(false);
      },
    );
    return () => {
      live = false;
    };
  }, [articleId, db]);

  const toggle = async () => {
    const next = !saved;
    setBusy(true);
    setSaved(next);
    try {
      await (next ? saveArticle : unsaveArticle)(db, articleId);
    } catch (error) {
      console.error(error);
      setSaved(!next);
      toast({
        title: next ? "L'article n'a pas pu être enregistré" : UNSAVE_FAILED,
        variant: 'error',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      className={`button button--small save-article${saved ? ' save-article--saved' : ''}`}
      aria-pressed={saved === true}
      disabled={saved === null || busy}
      onClick={() => void toggle()}
    >
      <BookmarkIcon filled={saved === true} />
      {saved ? SAVED_LABEL : SAVE_LABEL}
    </button>
  );
}
