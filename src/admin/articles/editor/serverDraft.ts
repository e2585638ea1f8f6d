import type { DataClient } from '@/lib/supabase';
import { asDraftValues, type DraftValues } from './draftValues';

/**
 * An existing article's form, kept on the server while it is edited (public.article_drafts: one
 * row per article and person, readable by that person only). The article itself is never touched:
 * readers keep the saved version until "Enregistrer".
 */
export interface ServerDraft {
  values: DraftValues;
  /** The version of the article the draft was written from. */
  baseVersion: number;
  savedAt: string;
}

const TABLE = 'article_drafts';

/** The signed-in person's draft of the article, if any (row-level security keeps others' out). */
export async function loadServerDraft(client: DataClient, articleId: string): Promise<ServerDraft | null> {
  const { data, error } = await client.from(TABLE).select('base_version, data, saved_at').eq('article_id', articleId).maybeSingle();
  if (error) throw error;
  if (!data) return null;
  const values = asDraftValues(data.data);
  return values ? { values, baseVersion: data.base_version, savedAt: data.saved_at } : null;
}

/** Writes (or rewrites) the draft; the server stamps its time and the person (auth.uid()). */
export async function saveServerDraft(client: DataClient, articleId: string, baseVersion: number, values: DraftValues): Promise<void> {
  const { error } = await client
    .from(TABLE)
    .upsert({ article_id: articleId, base_version: baseVersion, data: values }, { onConflict: 'article_id,user_id' });
  if (error) throw error;
}

export async function deleteServerDraft(client: DataClient, articleId: string): Promise<void> {
  const { error } = await client.from(TABLE).delete().eq('article_id', articleId);
  if (error) throw error;
}
