/** What the link dialog accepts: a web address, an e-mail link, or a path on the site itself. */
const WEB = /^https?:\/\/[^\s/?#]+\.[^\s/?#]+[^\s]*$/i;
const MAIL = /^mailto:[^\s@]+@[^\s@]+\.[^\s@]+$/i;
const SITE_PATH = /^\/(?![/\\])\S*$/;
const BARE_DOMAIN = /^[a-z0-9-]+(\.[a-z0-9-]+)+([/?#]\S*)?$/i;

export const LINK_URL_MISSING = "Indiquez l'adresse du lien.";
export const LINK_URL_INVALID = 'Adresse invalide : commencez par https://, mailto: ou / pour une page du site.';

/**
 * The address as it will be saved: trimmed, and `www.example.org/x` (typed without its scheme, as
 * people copy them from a card) read as https://. Anything else is kept as typed, for linkUrlError.
 */
export function normalizeLinkUrl(raw: string): string {
  const url = raw.trim();
  return BARE_DOMAIN.test(url) ? `https://${url}` : url;
}

/**
 * Why the address cannot be a link, in French, or undefined. The same schemes the reader's
 * sanitizer keeps (src/lib/sanitize.ts): a javascript: or protocol-relative link never gets saved
 * only to vanish at publication.
 */
export function linkUrlError(raw: string): string | undefined {
  const url = normalizeLinkUrl(raw);
  if (!url) return LINK_URL_MISSING;
  return WEB.test(url) || MAIL.test(url) || SITE_PATH.test(url) ? undefined : LINK_URL_INVALID;
}
