import { loadAuth } from '@/lib/supabase';

/** « Préparer l'édition maintenant » (src/server/routes/essentielApi.ts), with the signed-in administrator's token. */
export async function prepareEdition(): Promise<{ day: string; made: boolean; message: string }> {
  const { data } = await (await loadAuth()).getSession();
  const response = await fetch('/api/essentiel/preparer', {
    method: 'POST',
    headers: { Authorization: `Bearer ${data.session?.access_token ?? ''}` },
  });
  const body = (await response.json().catch(() => ({}))) as { day: string; made: boolean; message: string; error?: string };
  if (!response.ok) throw new Error(body.error ?? `Le serveur a répondu ${response.status}.`);
  return body;
}

/** The day's card as the site serves it (/edition/{day}/carte.jpg): its bytes, for the preview, the weight and the download. */
export async function loadCard(day: string): Promise<Blob> {
  const response = await fetch(`/edition/${day}/carte.jpg`);
  if (!response.ok) throw new Error(`Carte indisponible (${response.status}).`);
  return response.blob();
}
