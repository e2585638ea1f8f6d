import type { SiteEnv } from '@/lib/siteEnv';
import { NEWSLETTER_MESSAGES, newsletterAddress, newsletterRefusal } from '../api/newsletter';
import { withPageArticle } from '../page/pageArticle';
import { liteRpc } from './liteRpc';

/**
 * The footer's newsletter form on a lite page (no React, no toasts): checks the address, signs it
 * up with the same call as the reader app (subscribe_newsletter), and says how it went in a line
 * under the form. The address stays in the field unless it was stored.
 */
export function liteNewsletter(env: SiteEnv | null): void {
  for (const form of document.querySelectorAll<HTMLFormElement>('form.newsletter')) {
    const input = form.querySelector('input');
    const status = document.createElement('p');
    status.setAttribute('role', 'status');
    status.className = 'newsletter__status';
    form.append(status);
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      if (!input?.value.trim() || !env) return;
      const address = newsletterAddress(input.value);
      if ('error' in address) return void (status.textContent = address.error);
      void liteRpc(env, 'subscribe_newsletter', withPageArticle({ p_email: address.email }))
        .then(async (response) => {
          if (response.ok) {
            input.value = '';
            return `${NEWSLETTER_MESSAGES.subscribed.title} ${NEWSLETTER_MESSAGES.subscribed.description}`;
          }
          const { code } = (await response.json().catch(() => ({}))) as { code?: string };
          const refusal = newsletterRefusal(code);
          if (refusal) return refusal;
          throw new Error(`subscribe_newsletter answered ${response.status}`);
        })
        .catch((error: unknown) => {
          console.error(error);
          return NEWSLETTER_MESSAGES.failed;
        })
        .then((text) => (status.textContent = text));
    });
  }
}
