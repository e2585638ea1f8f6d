import type { FormEvent } from 'react';
import { loadDataClient } from '../api/dataClient';
import type { ToastInput } from '../toast/Toaster';

/**
 * A newsletter form's submit (docs/product.md#newsletter-form), on the form React rendered or on
 * the footer's markup kept as the server made it (SiteFooter): an empty e-mail does nothing;
 * otherwise the address is checked and stored (subscribe_newsletter), and the field empties once it
 * is. The sign-up's code (api/newsletter.ts) comes with the first submit.
 */
export function submitNewsletter(event: FormEvent<HTMLElement>, toast: (t: ToastInput) => void): void {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !form.classList.contains('newsletter')) return;
  event.preventDefault();
  const input = form.querySelector<HTMLInputElement>('input[type="email"]');
  if (!input?.value.trim()) return;
  void (async () => {
    try {
      if (await (await import('../api/newsletter')).signUp(await loadDataClient(), input.value, toast)) input.value = '';
    } catch (error) {
      // The database, or the sign-up's code itself, could not be reached.
      console.error(error);
      toast({ title: "L'inscription n'a pas pu aboutir. Réessayez.", variant: 'error' });
    }
  })();
}
