/**
 * A plain e-mail address: what the newsletter accepts and mails (docs/newsletter.md). Mailers read
 * `x,victim@…`, `evil<victim@…>` or `"victim"@…` as the victim's mailbox, so an address with a
 * list, a display name, quotes or a trailing dot would be a second way into one mailbox, past its
 * cap and its suppression. The database holds the same rule (private.is_plain_email); this copy
 * lets the forms say so before the round trip and the mailer refuse anything else.
 */

/**
 * A local part without white space, control characters, invisible format characters (\p{Cf}:
 * zero-width, bidi overrides such as `a\u202Ewa`, which show the address as another) or what lists
 * and display names are made of.
 */
const LOCAL_PART = /^[^\s\p{Cc}\p{Cf}@,;<>:"()[\]\\]+$/u;
/** An ASCII domain (an IDN in punycode): letters, digits and hyphens between dots, no dot at either end. */
const ASCII_DOMAIN = /^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)+$/;
/** A numeric top-level domain: an IP address (`awa@127.0.0.1`), not a mail domain. */
const NUMERIC_TLD = /\.[0-9]+$/;
/** Characters that would make `http://<domain>` parse as something else than a host. */
const NOT_A_HOST = /[\s/?#@:[\]\\%]/;

/** The longest address SMTP carries (RFC 5321), as the database's limit. */
const MAX_LENGTH = 254;

export function isPlainEmail(email: string): boolean {
  const at = email.lastIndexOf('@');
  return (
    email.length <= MAX_LENGTH &&
    at > 0 &&
    LOCAL_PART.test(email.slice(0, at)) &&
    ASCII_DOMAIN.test(email.slice(at + 1)) &&
    !NUMERIC_TLD.test(email)
  );
}

/**
 * The address as the newsletter stores it: trimmed, its Unicode in one form (NFC), an IDN domain in
 * punycode (`awa@café.sn` → `awa@xn--caf-dma.sn`); null when it is not a plain address.
 */
export function plainEmail(input: string): string | null {
  const value = input.trim().normalize('NFC');
  const at = value.lastIndexOf('@');
  if (at < 1) return null;
  let domain = value.slice(at + 1);
  // eslint-disable-next-line no-control-regex -- any character past ASCII makes it an IDN
  if (/[^\x00-\x7f]/.test(domain)) {
    if (!domain || NOT_A_HOST.test(domain)) return null;
    try {
      domain = new URL(`http://${domain}`).hostname;
    } catch {
      return null;
    }
  }
  const email = `${value.slice(0, at)}@${domain}`;
  return isPlainEmail(email) ? email : null;
}
