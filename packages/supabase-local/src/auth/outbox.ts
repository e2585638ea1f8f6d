import nodemailer from 'nodemailer';
import { escapeHtml } from '../mail/inboxPages.ts';
import type { EmailTemplate, EmailTemplateName } from '../supabaseConfig.ts';
import { AuthError } from './errors.ts';

/** What each kind of e-mail is: its template, and GoTrue's answer when it cannot be sent. */
const KINDS = {
  recovery: { template: 'recovery', failure: 'Error sending recovery email' },
  /** The link sent to the current address of an e-mail change. */
  email_change_current: { template: 'email_change', failure: 'Error sending change email' },
  /** The link sent to the new address. */
  email_change_new: { template: 'email_change', failure: 'Error sending change email' },
  confirmation: { template: 'confirmation', failure: 'Error sending confirmation email' },
} as const satisfies Record<string, { template: EmailTemplateName; failure: string }>;
export type MailKind = keyof typeof KINDS;

/** GoTrue's built-in English templates, for a config.toml that names none. */
const DEFAULTS: Record<EmailTemplateName, EmailTemplate> = {
  recovery: {
    subject: 'Reset Your Password',
    content:
      '<h2>Reset Password</h2><p>Follow this link to reset the password for your user:</p><p><a href="{{ .ConfirmationURL }}">Reset Password</a></p>',
  },
  email_change: {
    subject: 'Confirm Email Change',
    content:
      '<h2>Confirm Change of Email</h2><p>Follow this link to confirm the update of your email from {{ .Email }} to {{ .NewEmail }}:</p><p><a href="{{ .ConfirmationURL }}">Change Email</a></p>',
  },
  confirmation: {
    subject: 'Confirm Your Signup',
    content:
      '<h2>Confirm your signup</h2><p>Follow this link to confirm your user:</p><p><a href="{{ .ConfirmationURL }}">Confirm your mail</a></p>',
  },
};

/** The sender of local mail; a hosted project's is its SMTP settings' sender name and address. */
export const LOCAL_SENDER = { name: 'Afrique Actu', address: 'no-reply@afrique-actu.local' };

export interface MailValues {
  /** The link the reader follows: GoTrue's /verify with the token. */
  link: string;
  /** The account's address (for an e-mail change: the current one). */
  email: string;
  /** For an e-mail change: the new address. */
  newEmail?: string;
  siteUrl: string;
  redirectTo: string;
}

/**
 * Sends auth's e-mails as GoTrue does, over SMTP (locally to the stack's inbox), with
 * config.toml's templates. The link is printed on the console as well (not by a quiet stack: tests). As GoTrue, a mail that
 * cannot be sent fails the request (500), so nobody waits for a mail that will never come.
 */
export function createOutbox(
  smtpPort: number,
  templates: Partial<Record<EmailTemplateName, EmailTemplate>>,
  { quiet = false }: { quiet?: boolean } = {},
) {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: smtpPort, secure: false, ignoreTLS: true });
  for (const [name, template] of Object.entries(templates)) assertSupported(name, template.content);
  return async (to: string, kind: MailKind, values: MailValues): Promise<void> => {
    if (!quiet) console.log(`[auth] ${kind.replace(/_/g, ' ')} link for ${to}: ${values.link}`);
    const { template: name, failure } = KINDS[kind];
    const template = templates[name] ?? DEFAULTS[name];
    try {
      await transport.sendMail({
        from: LOCAL_SENDER,
        to,
        subject: render(template.subject, values, (s) => s),
        html: render(template.content, values, escapeHtml),
      });
    } catch (err) {
      console.error(`[auth] could not send the ${kind} e-mail to ${to}: ${(err as Error).message}`);
      throw new AuthError(500, 'unexpected_failure', failure);
    }
  };
}

const VARIABLES: Record<string, (v: MailValues) => string> = {
  ConfirmationURL: (v) => v.link,
  Email: (v) => v.email,
  NewEmail: (v) => v.newEmail ?? '',
  SiteURL: (v) => v.siteUrl,
  RedirectTo: (v) => v.redirectTo,
};
const PLACEHOLDER = /\{\{-?\s*\.(\w+)\s*-?\}\}/g;

function render(text: string, values: MailValues, escape: (s: string) => string): string {
  return text.replace(PLACEHOLDER, (_, name: string) => escape(VARIABLES[name]!(values)));
}

/** Go template syntax beyond plain variables would be sent as is: refused at start-up instead. */
function assertSupported(name: string, content: string): void {
  const unknown = [...content.matchAll(/\{\{[^}]*\}\}/g)]
    .map((m) => m[0])
    .filter((tag) => !new RegExp(`^${PLACEHOLDER.source}$`).test(tag) || !(tag.replace(PLACEHOLDER, '$1') in VARIABLES));
  if (unknown.length)
    throw new Error(
      `The ${name} e-mail template uses ${unknown.join(', ')}: the local stack fills in only ${Object.keys(VARIABLES)
        .map((v) => `{{ .${v} }}`)
        .join(', ')}.`,
    );
}
