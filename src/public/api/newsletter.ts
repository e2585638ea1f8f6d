import type { DataClient } from '@/lib/supabase';
import type { ToastInput } from '../toast/Toaster';
import { emailError, MESSAGES } from '../auth/validation';

export const NEWSLETTER_MESSAGES = {
  subscribed: { title: 'Inscription réussie !', description: 'Merci de votre intérêt pour notre newsletter.' },
  rateLimited: "Trop d'inscriptions depuis cet appareil. Réessayez dans quelques minutes.",
  /** The database could not be reached (NewsletterForm says it too, when this module itself could not load). */
  failed: "L'inscription n'a pas pu aboutir. Réessayez.",
} as const;

/**
 * Signs an address up (subscribe_newsletter) and tells the reader how it went: true once stored (a
 * repeat included: the database answers it the same), false for a refusal; throws when the database
 * could not be reached. Loaded when the reader submits the newsletter form, so the first load
 * carries none of it.
 */
export async function signUp(db: DataClient, email: string, toast: (t: ToastInput) => void): Promise<boolean> {
  const refuse = (title: string) => (toast({ title, variant: 'error' }), false);
  const invalid = emailError(email);
  if (invalid) return refuse(invalid);
  const { error } = await db.rpc('subscribe_newsletter', { p_email: email.trim() });
  if (error?.code === 'PT429') return refuse(NEWSLETTER_MESSAGES.rateLimited);
  if (error?.code === '22023') return refuse(MESSAGES.emailInvalid);
  if (error) throw new Error(`subscribe_newsletter failed: ${error.message}`);
  toast(NEWSLETTER_MESSAGES.subscribed);
  return true;
}
