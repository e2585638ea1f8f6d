import { browserStorage } from '@/lib/authStorage';
import { asDraftValues, type DraftValues } from './draftValues';

/**
 * The editor's form, kept in this browser's localStorage while it is written (one entry per
 * article, 'new' for an article not saved yet), so a closed tab, a crash or a reload loses
 * nothing. Storage may be switched off or full: the editor then goes on without it, and says so
 * only in the console.
 */
export interface LocalDraft {
  values: DraftValues;
  /** The article's version the form started from; null for a new article. */
  baseVersion: number | null;
  savedAt: string;
}

const PREFIX = 'afrique-actu:article-draft:';
const keyOf = (articleId: string | undefined) => `${PREFIX}${articleId ?? 'new'}`;

export function readLocalDraft(articleId: string | undefined): LocalDraft | null {
  try {
    const raw = browserStorage()?.getItem(keyOf(articleId));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<LocalDraft>;
    const values = asDraftValues(parsed.values);
    if (!values || typeof parsed.savedAt !== 'string' || Number.isNaN(Date.parse(parsed.savedAt))) return null;
    return { values, baseVersion: typeof parsed.baseVersion === 'number' ? parsed.baseVersion : null, savedAt: parsed.savedAt };
  } catch (error) {
    console.warn('The editor could not read its draft from localStorage', error);
    return null;
  }
}

let warnedFull = false;

/** Whether the draft was kept: false when storage is off or full. */
export function writeLocalDraft(articleId: string | undefined, draft: LocalDraft): boolean {
  const storage = browserStorage();
  if (!storage) return false;
  try {
    storage.setItem(keyOf(articleId), JSON.stringify(draft));
    return true;
  } catch (error) {
    if (!warnedFull) console.warn('The editor could not keep its draft in localStorage (full or refused)', error);
    warnedFull = true;
    return false;
  }
}

export function clearLocalDraft(articleId: string | undefined): void {
  try {
    browserStorage()?.removeItem(keyOf(articleId));
  } catch (error) {
    console.warn('The editor could not remove its draft from localStorage', error);
  }
}

/**
 * Forgets every draft kept in this browser: on a shared newsroom computer the next person to sign
 * in must not be offered (and save under their name) someone else's unsaved text.
 */
export function clearLocalDrafts(): void {
  try {
    const storage = browserStorage();
    if (!storage) return;
    const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter((k): k is string =>
      Boolean(k?.startsWith(PREFIX)),
    );
    for (const key of keys) storage.removeItem(key);
  } catch (error) {
    console.warn('The editor could not remove its drafts from localStorage', error);
  }
}
