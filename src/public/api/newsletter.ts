import type { DataClient } from '@/lib/supabase';
import type { ToastInput } from '../toast/Toaster';
import { plainEmail } from '@/lib/mailbox';
import { emailError, MESSAGES } from '../auth/validation';
import { withPageArticle } from '../page/pageArticle';

export const NEWSLETTER_MESSAGES = {
  // Double opt-in: nothing is sent until the address confirms (the same answer whoever owns it).
  subscribed: { title: 'Vérifiez vos e-mails !', description: 'Confirmez votre inscription avec le lien reçu.' },
  rateLimited: "Trop d'inscriptions depuis cet appareil. Réessayez dans quelques minutes.",
  /** The database could not be reached (NewsletterForm says it too, when this module itself could not load). */
  failed: "L'inscription n'a pas pu aboutir. Réessayez.",
} as const;

/** What a refusal of subscribe_newsletter says to the reader (its codes), or null for a failure. */
export const newsletterRefusal = (code: string | undefined): string | null =>
  code === 'PT429' ? NEWSLETTER_MESSAGES.rateLimited : code === '22023' ? MESSAGES.emailInvalid : null;

/**
 * The address the newsletter form sends (a plain address, an IDN domain in punycode), or the
 * French message the reader sees: the database refuses the rest the same way (22023).
 */
export function newsletterAddress(input: string): { email: string } | { error: string } {
  const invalid = emailError(input);
  if (invalid) return { error: invalid };
  const email = plainEmail(input);
  return email ? { email } : { error: MESSAGES.emailInvalid };
}

/**
 * Signs an address up (subscribe_newsletter: a confirmation mail goes out) and tells the reader how it went: true once stored (a
 * repeat included: the database answers it the same), false for a refusal; throws when the database
 * could not be reached. Loaded when the reader submits the newsletter form, so the first load
 * carries none of it.
 */
export async function signUp(db: DataClient, email: string, toast: (t: ToastInput) => void): Promise<boolean> {
  const refuse = (title: string) => (toast({ title, variant: 'error' }), false);
  const address = newsletterAddress(email);
  if ('error' in address) return refuse(address.error);
  const { error } = await db.rpc('subscribe_newsletter', withPageArticle({ p_email: address.email }));
  const refusal = error && newsletterRefusal(error.code);
  if (refusal) return refuse(refusal);
  if (error) throw new Error(`subscribe_newsletter failed: ${error.message}`);
  toast(NEWSLETTER_MESSAGES.subscribed);
  return true;
}
