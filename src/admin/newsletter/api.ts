import { loadAuth } from '@/lib/supabase';

/** The server's newsletter calls (src/server/newsletter.ts), with the signed-in administrator's token. */
export async function newsletterCall<T>(path: 'apercu' | 'test' | 'envoyer', method: 'GET' | 'POST'): Promise<T> {
  const { data } = await (await loadAuth()).getSession();
  const response = await fetch(`/api/newsletter/${path}`, {
    method,
    headers: { Authorization: `Bearer ${data.session?.access_token ?? ''}` },
  });
  const body = (await response.json().catch(() => ({}))) as T & { error?: string };
  if (!response.ok) throw new Error(body.error ?? `Le serveur a répondu ${response.status}.`);
  return body;
}

/** The next edition as the server would send it now, or null when no article came out since the last. */
export interface EditionPreview {
  subject: string;
  html: string;
  text: string;
  articles: number;
  /** It would go without the sender's postal address (the settings hold none). */
  withoutPostalAddress: boolean;
}
