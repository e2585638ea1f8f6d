import { useEffect, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { supabase } from '@/lib/supabase';
import { draftDiffers, type DraftValues } from './draftValues';
import { clearLocalDraft, readLocalDraft } from './localDraft';
import { deleteServerDraft, loadServerDraft } from './serverDraft';

/** A version of the form that was never saved, found when the editor opens. */
export interface FoundDraft {
  source: 'local' | 'server';
  values: DraftValues;
  savedAt: string;
  /** The article's version it was written from (null for a new article). */
  baseVersion: number | null;
}

/**
 * On opening, the drafts left by an earlier visit: the browser's and, for an existing article,
 * the server's. One that says nothing new is dropped quietly; of two, the newer is offered.
 */
export function useFoundDraft(articleId: string | undefined): FoundDraft | null {
  const { formState } = useFormContext();
  // The form as it opened: a draft is only worth offering if it differs from that.
  const [opened] = useState(() => (formState.defaultValues ?? {}) as Record<string, unknown>);
  const [found, setFound] = useState<FoundDraft | null>(null);

  useEffect(() => {
    let live = true;
    const local = readLocalDraft(articleId);
    const candidates: FoundDraft[] = [];
    if (local) {
      if (draftDiffers(local.values, opened)) candidates.push({ source: 'local', ...local });
      else clearLocalDraft(articleId);
    }
    const offerNewest = () => {
      const newest = candidates.sort((a, b) => Date.parse(b.savedAt) - Date.parse(a.savedAt))[0];
      if (live && newest) setFound(newest);
    };
    if (!articleId) {
      offerNewest();
      return;
    }
    loadServerDraft(supabase, articleId)
      .then((server) => {
        if (!server) return;
        if (draftDiffers(server.values, opened)) candidates.push({ source: 'server', ...server });
        else
          void deleteServerDraft(supabase, articleId).catch((error: unknown) =>
            console.warn('The editor could not delete a stale server draft', error),
          );
      })
      .catch((error: unknown) => console.warn('The editor could not read its server draft', error))
      .finally(offerNewest);
    return () => {
      live = false;
    };
  }, [articleId, opened]);

  return found;
}
