import nodemailer from 'nodemailer';
import { isPlainEmail } from '@/lib/mailbox';

/** A mail as every transport takes it. */
export interface MailMessage {
  from: { name: string; address: string };
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Extra headers (List-Unsubscribe, List-Id…). */
  headers: Record<string, string>;
  /**
   * The mail's one key for all its attempts (newsletter_deliveries.message_key, a UUID): its
   * Message-ID and the provider's idempotency key, so a mail sent again after its sender died is
   * the same mail to the provider and to mailbox providers.
   */
  key?: string;
}

/** The Message-ID of a mail with a key: `<key@the sender's domain>`. */
export const messageIdOf = (m: Pick<MailMessage, 'from' | 'key'>) =>
  m.key ? `<${m.key}@${m.from.address.slice(m.from.address.lastIndexOf('@') + 1)}>` : undefined;

/** Only a plain address goes out (src/lib/mailbox.ts): an address list or a display name would reach another mailbox. */
function plainRecipient(transport: string, to: string): string {
  if (!isPlainEmail(to)) throw new SendError(`${transport}: "${to}" is not a plain address, not sent`, true);
  return to;
}

/** A refusal by the transport: `permanent` ones (a malformed address, a refused recipient) are not retried. */
export class SendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

/** One way mail leaves: SMTP (nodemailer) or an HTTP provider's API. */
export interface MailTransport {
  readonly name: string;
  /** Sends one mail; the provider's id for it. Throws a SendError when it was not accepted. */
  send(message: MailMessage): Promise<{ providerId: string }>;
  close?(): void;
}

/** SMTP through nodemailer: the local inbox in development and tests, any relay on hosted. */
export function smtpTransport(url: string): MailTransport {
  // A send gives up within about a minute, well before its claim is taken for dead (5 minutes):
  // nodemailer's own defaults wait up to 10 minutes on a silent socket.
  const transporter = nodemailer.createTransport({ url, connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 30_000 });
  return {
    name: 'smtp',
    async send(m) {
      const to = plainRecipient('SMTP', m.to);
      try {
        const info = await transporter.sendMail({
          from: { name: m.from.name, address: m.from.address },
          to,
          // The recipient the server is given (RCPT TO) is this one address, not what the headers parse to.
          envelope: { from: m.from.address, to: [to] },
          messageId: messageIdOf(m),
          subject: m.subject,
          html: m.html,
          text: m.text,
          headers: m.headers,
        });
        return { providerId: info.messageId };
      } catch (error) {
        const code = (error as { responseCode?: number }).responseCode;
        // 5xx: the server refused for good (unknown mailbox…); anything else (4xx, no connection) may pass later.
        throw new SendError(`SMTP: ${(error as Error).message}`, code !== undefined && code >= 500);
      }
    },
    close: () => transporter.close(),
  };
}

/** Brevo's transactional e-mail API (v3), with plain fetch: https://developers.brevo.com/reference/sendtransacemail */
export const BREVO_API_URL = 'https://api.brevo.com/v3';

export function brevoTransport({ apiKey, apiUrl = BREVO_API_URL }: { apiKey: string; apiUrl?: string }): MailTransport {
  return {
    name: 'brevo',
    async send(m) {
      const to = plainRecipient('Brevo', m.to);
      let response: Response;
      try {
        response = await fetch(`${apiUrl}/smtp/email`, {
          method: 'POST',
          headers: { 'api-key': apiKey, 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({
            sender: { name: m.from.name, email: m.from.address },
            to: [{ email: to }],
            subject: m.subject,
            htmlContent: m.html,
            textContent: m.text,
            // The same Message-ID as over SMTP; Brevo sends a request with an idempotency key it
            // already took only once (within its TTL). What Brevo answers such a repeat is not
            // documented (docs/newsletter.md), so no answer is read as « already sent ».
            headers: m.key ? { ...m.headers, 'Message-Id': messageIdOf(m)!, idempotencyKey: m.key } : m.headers,
          }),
          signal: AbortSignal.timeout(15_000),
        });
      } catch (error) {
        throw new SendError(`Brevo: ${(error as Error).message}`, false);
      }
      const body = (await response.json().catch(() => ({}))) as { messageId?: string; code?: string; message?: string };
      if (response.ok && body.messageId) return { providerId: body.messageId };
      // 400 (a malformed request or address) will not pass later; 401/403 (key), 429 (rate) and 5xx may.
      throw new SendError(`Brevo ${response.status}: ${body.code ?? ''} ${body.message ?? ''}`.trim(), response.status === 400);
    },
  };
}

/**
 * The transport the configuration chooses: NEWSLETTER_TRANSPORT=brevo (BREVO_API_KEY, BREVO_API_URL
 * for a test double) or smtp (SMTP_URL, e.g. smtp://user:pass@smtp-relay.example:587; the local
 * inbox in development).
 */
export function transportFromEnv(env: NodeJS.ProcessEnv): MailTransport {
  const kind = env.NEWSLETTER_TRANSPORT ?? (env.BREVO_API_KEY ? 'brevo' : 'smtp');
  if (kind === 'brevo') {
    if (!env.BREVO_API_KEY) throw new Error('NEWSLETTER_TRANSPORT=brevo demande BREVO_API_KEY');
    return brevoTransport({ apiKey: env.BREVO_API_KEY, apiUrl: env.BREVO_API_URL || BREVO_API_URL });
  }
  if (kind !== 'smtp') throw new Error(`NEWSLETTER_TRANSPORT vaut « ${kind} » : smtp ou brevo`);
  if (!env.SMTP_URL) throw new Error('La newsletter part par SMTP : réglez SMTP_URL (ou BREVO_API_KEY pour Brevo)');
  return smtpTransport(env.SMTP_URL);
}
