import type { DataClient } from '@/lib/supabase';
import { MESSAGES, type ContactValues } from '../auth/validation';

/** What became of a message: stored, refused for one field (said under it), or refused as a whole. */
export type ContactOutcome = { ok: true } | { ok: false; field: keyof ContactValues; message: string } | { ok: false; message: string };

export const CONTACT_FAILURES = {
  rateLimited: 'Trop de messages envoyés depuis cet appareil. Réessayez dans quelques minutes.',
  unavailable: "Votre message n'a pas pu être envoyé. Vérifiez votre connexion et réessayez.",
} as const;

// The database names the refused field in the error's detail (send_contact_message).
const FIELD_REFUSALS: Record<string, { field: keyof ContactValues; message: string }> = {
  name: { field: 'fullName', message: MESSAGES.nameTooLong },
  email: { field: 'email', message: MESSAGES.emailInvalid },
  message: { field: 'message', message: MESSAGES.messageTooLong },
};

/**
 * Sends the contact form to the newsroom (send_contact_message, which stores it). `website` is the
 * form's honeypot, passed as found: the database decides what a filled one means.
 */
export async function sendContactMessage(db: DataClient, values: ContactValues, website: string): Promise<ContactOutcome> {
  const { error } = await db.rpc('send_contact_message', {
    p_name: values.fullName,
    p_email: values.email,
    p_message: values.message,
    p_website: website,
  });
  if (!error) return { ok: true };
  console.error('send_contact_message', error);
  if (error.code === 'PT429') return { ok: false, message: CONTACT_FAILURES.rateLimited };
  const refusal = error.code === '22023' ? FIELD_REFUSALS[error.details] : undefined;
  return refusal ? { ok: false, ...refusal } : { ok: false, message: CONTACT_FAILURES.unavailable };
}
