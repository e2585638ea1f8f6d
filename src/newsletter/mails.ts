import { escapeHtml } from '@/lib/html';
import { newsletterPromise } from '@/lib/newsletterPromise';
import { confirmPath, unsubscribePath } from '@/lib/readerPaths';
import { SITE_NAME } from '@/public/meta';
import { EDITION_NAME, personalize } from './edition';
import { withCountryTop } from './countryTop';
import type { MailMessage } from './transport';

/** Who the newsletter comes from: NEWSLETTER_FROM (an address of the bulk-mail subdomain), NEWSLETTER_FROM_NAME. */
export interface Sender {
  name: string;
  address: string;
  /** The site's public origin: links in mails, and the List-Id's domain. */
  origin: string;
}

export function senderFromEnv(env: NodeJS.ProcessEnv, origin: string): Sender {
  return {
    name: env.NEWSLETTER_FROM_NAME || SITE_NAME,
    // Hosted sets NEWSLETTER_FROM (an address of the bulk-mail subdomain); locally, the site's host.
    address: env.NEWSLETTER_FROM || `matinale@${new URL(origin).hostname}`,
    origin,
  };
}

/** List-Id (RFC 2919): a stable id mail clients group and filter the list by. */
export const listId = (sender: Sender) => `${EDITION_NAME} <la-matinale.${new URL(sender.origin).hostname}>`;

/**
 * The confirmation a sign-up gets: what they signed up for, at the settings' send time (the promise
 * the footer and the pages make), and one link, to a page whose button confirms.
 */
export function confirmationMail(sender: Sender, to: string, token: string, sendTime?: string | null): MailMessage {
  const url = new URL(confirmPath(token), sender.origin).href;
  const promise = newsletterPromise(sendTime);
  const subject = `Confirmez votre inscription à ${EDITION_NAME}`;
  const text = [
    'Bonjour,',
    '',
    `Vous (ou quelqu'un qui a saisi votre adresse) avez demandé à recevoir ${promise.sentence}`,
    `Pour confirmer, ouvrez ce lien et cliquez sur « Confirmer mon inscription » (valable 48 heures) :`,
    url,
    '',
    "Si vous n'avez rien demandé, ignorez cet e-mail : vous ne recevrez rien.",
  ].join('\n');
  const html = `<!DOCTYPE html><html lang="fr"><head><meta charset="utf-8"></head><body style="margin:0;padding:16px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#222222"><p>Bonjour,</p><p>Vous (ou quelqu'un qui a saisi votre adresse) avez demandé à recevoir ${escapeHtml(promise.sentence)}</p><p><a href="${escapeHtml(url)}" style="display:inline-block;padding:10px 16px;background:#b3261e;color:#ffffff;text-decoration:none;border-radius:4px">Confirmer mon inscription</a></p><p style="font-size:13px;color:#555555">Le lien est valable 48 heures. Si vous n'avez rien demandé, ignorez cet e-mail : vous ne recevrez rien.</p></body></html>`;
  return { from: sender, to, subject, html, text, headers: {} };
}

/**
 * One edition for one recipient: their unsubscribe link in the body, and in List-Unsubscribe with
 * List-Unsubscribe-Post (RFC 8058: mail clients unsubscribe with one POST, no page). The sender gives
 * it the edition with the subscriber's « Ma Matinale » country block (countryTop.ts) already in.
 */
export function editionMail(
  sender: Sender,
  edition: { subject: string; html: string; text: string },
  to: string,
  token: string,
): MailMessage {
  const unsubscribe = new URL(unsubscribePath(token), sender.origin).href;
  // What the stored edition marks for the country blocks never reaches a mailbox.
  edition = withCountryTop(edition, null, sender.origin);
  return {
    from: sender,
    to,
    subject: edition.subject,
    html: personalize(edition.html, unsubscribe, true),
    text: personalize(edition.text, unsubscribe, false),
    headers: {
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'List-Id': listId(sender),
    },
  };
}
