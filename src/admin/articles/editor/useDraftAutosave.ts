import { useCallback, useEffect, useRef } from 'react';
import { useFormContext } from 'react-hook-form';
import { supabase } from '@/lib/supabase';
import { draftValues } from './draftValues';
import { clearLocalDraft, writeLocalDraft } from './localDraft';
import { deleteServerDraft, saveServerDraft } from './serverDraft';
import { useAfterSave } from './useAfterSave';

/** After this pause in typing, the form goes to the browser's storage. */
export const LOCAL_DELAY_MS = 1000;
/** After this pause, an existing article's form goes to the server (a request, so less often). */
export const SERVER_DELAY_MS = 5000;

interface Options {
  /** The article being edited; undefined for a new one (drafted in the browser only). */
  articleId?: string;
  /** The version the form is based on, when the draft is written. */
  baseVersion: () => number | null;
}

/**
 * Keeps the form as it is being written: in localStorage after a short pause, and for an existing
 * article on the server after a longer one. Only a form with changes is kept; a successful save
 * removes both copies (react-admin's mutation middleware runs once the save went through).
 */
export function useDraftAutosave({ articleId, baseVersion }: Options) {
  const { watch, getValues, formState } = useFormContext();
  // Read when a timer fires: by then the form's state has caught up with the keystroke.
  const dirty = useRef(formState.isDirty);
  dirty.current = formState.isDirty;
  const timers = useRef<{ local?: ReturnType<typeof setTimeout>; server?: ReturnType<typeof setTimeout> }>({});
  const wrote = useRef({ local: false, server: false });
  // The values last saved (or set aside): the form settling on them after a save is no change to
  // keep, though react-hook-form may still call it dirty then (a saved article came back as a draft).
  const settled = useRef<string | null>(null);
  const unchanged = useCallback(
    (values: ReturnType<typeof draftValues>) => !dirty.current || JSON.stringify(values) === settled.current,
    [],
  );
  // Server writes and deletes one after another, so a late write never brings back a deleted draft.
  const serverQueue = useRef<Promise<void>>(Promise.resolve());
  const serverRefused = useRef(false);

  const enqueue = useCallback((task: () => Promise<void>, what: string) => {
    serverQueue.current = serverQueue.current.then(task).catch((error: unknown) => {
      // A draft the database refuses (no right to edit this article any more, or too large) is not retried.
      if (['42501', '23514'].includes((error as { code?: string } | null)?.code ?? '')) serverRefused.current = true;
      console.warn(`The editor could not ${what} its server draft`, error);
    });
  }, []);

  const writeLocal = useCallback(() => {
    timers.current.local = undefined;
    const values = draftValues(getValues());
    if (unchanged(values)) {
      // Changes undone: nothing left to keep.
      if (wrote.current.local) clearLocalDraft(articleId);
      wrote.current.local = false;
      return;
    }
    const kept = writeLocalDraft(articleId, {
      values,
      baseVersion: baseVersion(),
      savedAt: new Date().toISOString(),
    });
    wrote.current.local ||= kept;
  }, [articleId, baseVersion, getValues, unchanged]);

  const writeServer = useCallback(() => {
    timers.current.server = undefined;
    if (!articleId || serverRefused.current) return;
    const version = baseVersion();
    const values = draftValues(getValues());
    if (unchanged(values)) {
      if (wrote.current.server) enqueue(() => deleteServerDraft(supabase, articleId), 'delete');
      wrote.current.server = false;
      return;
    }
    if (version == null) return;
    wrote.current.server = true;
    enqueue(() => saveServerDraft(supabase, articleId, version, values), 'save');
  }, [articleId, baseVersion, enqueue, getValues, unchanged]);

  useEffect(() => {
    const subscription = watch(() => {
      clearTimeout(timers.current.local);
      timers.current.local = setTimeout(writeLocal, LOCAL_DELAY_MS);
      if (!articleId) return;
      clearTimeout(timers.current.server);
      timers.current.server = setTimeout(writeServer, SERVER_DELAY_MS);
    });
    // Leaving the page (reload, closed tab) or the editor: what was typed in the last second is kept too.
    const flush = () => {
      if (!timers.current.local) return;
      clearTimeout(timers.current.local);
      writeLocal();
    };
    window.addEventListener('pagehide', flush);
    return () => {
      subscription.unsubscribe();
      window.removeEventListener('pagehide', flush);
      flush();
      clearTimeout(timers.current.server);
    };
  }, [articleId, watch, writeLocal, writeServer]);

  /** Both copies gone: after a save, or when the journalist sets a found draft aside. */
  const clearDrafts = useCallback(() => {
    clearTimeout(timers.current.local);
    clearTimeout(timers.current.server);
    timers.current = {};
    wrote.current = { local: false, server: false };
    settled.current = JSON.stringify(draftValues(getValues()));
    clearLocalDraft(articleId);
    if (articleId) enqueue(() => deleteServerDraft(supabase, articleId), 'delete');
  }, [articleId, enqueue, getValues]);

  useAfterSave(clearDrafts);

  return { clearDrafts };
}
