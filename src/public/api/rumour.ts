import type { DataClient } from '@/lib/supabase';

/** « Signaler une rumeur »'s address. */
export const RUMOUR_PATH = '/signaler-une-rumeur';
export const RUMOUR_TEXT_MAX = 2000;
/** The screenshot's limit (the database's, rumour_screenshots_size_check). */
export const SCREENSHOT_MAX_BYTES = 1024 * 1024;
/** What goes over the API: its gateway takes requests up to 1 MB, and base64 adds a third. */
export const SCREENSHOT_SENT_MAX_BYTES = 700 * 1024;
export const SCREENSHOT_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

export const RUMOUR_MESSAGES = {
  textRequired: 'Décrivez la rumeur : ce que vous avez lu, vu ou entendu.',
  textTooLong: `Le texte ne peut pas dépasser ${RUMOUR_TEXT_MAX} caractères.`,
  link: 'Saisissez une adresse web complète (https://…), ou laissez le champ vide.',
  screenshot: "La capture d'écran doit être une image JPEG, PNG ou WebP de 1 Mo au plus.",
  rateLimited: 'Trop de signalements envoyés depuis cet appareil. Réessayez dans quelques minutes.',
  unavailable: "Votre signalement n'a pas pu être envoyé. Vérifiez votre connexion et réessayez.",
} as const;

export interface RumourValues {
  text: string;
  link: string;
  screenshot: { base64: string; type: string } | null;
}
export type RumourField = 'text' | 'link' | 'screenshot';
export type RumourOutcome = { ok: true } | { ok: false; field?: RumourField; message: string };

/** The form's own check before sending, as the database will hold it: the first refused field and why. */
export function rumourError(values: Pick<RumourValues, 'text' | 'link'>): { field: RumourField; message: string } | null {
  const text = values.text.trim();
  if (!text) return { field: 'text', message: RUMOUR_MESSAGES.textRequired };
  if ([...text].length > RUMOUR_TEXT_MAX) return { field: 'text', message: RUMOUR_MESSAGES.textTooLong };
  const link = values.link.trim();
  if (link && !/^https?:\/\/\S+$/.test(link)) return { field: 'link', message: RUMOUR_MESSAGES.link };
  return null;
}

const FIELDS: Record<string, RumourField> = { body: 'text', link: 'link', screenshot: 'screenshot' };

/** Sends a report to the newsroom (report_rumour); `website` is the honeypot, passed as found. */
export async function reportRumour(db: DataClient, values: RumourValues, website: string): Promise<RumourOutcome> {
  const { error } = await db.rpc('report_rumour', {
    p_body: values.text,
    p_link: values.link.trim() || undefined,
    p_screenshot: values.screenshot?.base64,
    p_screenshot_type: values.screenshot?.type,
    p_website: website,
  });
  if (!error) return { ok: true };
  console.error('report_rumour', error);
  if (error.code === 'PT429') return { ok: false, message: RUMOUR_MESSAGES.rateLimited };
  const field = error.code === '22023' ? FIELDS[error.details] : undefined;
  if (field) return { ok: false, field, message: field === 'text' ? RUMOUR_MESSAGES.textTooLong : RUMOUR_MESSAGES[field] };
  return { ok: false, message: RUMOUR_MESSAGES.unavailable };
}
