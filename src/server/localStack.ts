/**
 * The local stack (packages/supabase-local) as the site's server and scripts see it: whether the
 * Supabase URL is that stack's, and then what it sends with and where its mail lands, so `npm
 * start`, `npm run newsletter:send` and `npm run push:send` send locally with nothing set, as
 * `npm run dev` does. Never for a hosted project: only an API on this machine, on the stack's port.
 * The server bundle does not import the stack's package (its Postgres, its servers): the public
 * demo values it uses are repeated here, and a unit test checks they are the stack's.
 */

/** The stack's default ports (SUPABASE_LOCAL_* move them, as for `npm run stack`). */
export const LOCAL_PORTS = { api: 54321, db: 54322, inbox: 54324 } as const;

/** The Supabase CLI's public demo service role key, which the local stack signs with (never a real project's). */
export const LOCAL_SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

type Settings = Record<string, string | undefined>;

/** The local stack's API on this machine (SUPABASE_LOCAL_API_PORT, 54321 by default). */
export function localApiUrl(settings: Settings): string {
  return `http://127.0.0.1:${settings.SUPABASE_LOCAL_API_PORT || LOCAL_PORTS.api}`;
}

/** True when `supabaseUrl` is the local stack's API: loopback, on the stack's API port. */
export function readsLocalStack(settings: Settings, supabaseUrl: string): boolean {
  const api = new URL(supabaseUrl);
  return ['127.0.0.1', 'localhost'].includes(api.hostname) && api.port === String(settings.SUPABASE_LOCAL_API_PORT || LOCAL_PORTS.api);
}

/** The local inbox: where a person reads the mail (its web page) and where mail is handed (its SMTP port, beside it). */
export function localInbox(settings: Settings): { url: string; smtpUrl: string } {
  const inboxPort = Number(settings.SUPABASE_LOCAL_INBOX_PORT || LOCAL_PORTS.inbox);
  const smtpPort = Number(settings.SUPABASE_LOCAL_SMTP_PORT || inboxPort + 1);
  return { url: `http://127.0.0.1:${inboxPort}`, smtpUrl: `smtp://127.0.0.1:${smtpPort}` };
}

/**
 * The settings to send with, `settings` first: on the local stack, its demo service role key and
 * its inbox's SMTP server fill in what is not set (`local` says which were filled in); elsewhere,
 * `settings` unchanged. A transport chosen (SMTP_URL, Brevo) is never replaced.
 */
export function sendingSettings(
  settings: Settings,
  supabaseUrl: string,
): { env: Settings; local?: { serviceRoleKey: boolean; smtp: boolean; inboxUrl: string } } {
  if (!readsLocalStack(settings, supabaseUrl)) return { env: settings };
  const inbox = localInbox(settings);
  const serviceRoleKey = !settings.SUPABASE_SERVICE_ROLE_KEY;
  // The transport newsletter/transport.ts would choose: SMTP unless Brevo is asked for.
  const smtp = !settings.SMTP_URL && (settings.NEWSLETTER_TRANSPORT || (settings.BREVO_API_KEY ? 'brevo' : 'smtp')) === 'smtp';
  return {
    env: {
      ...settings,
      ...(serviceRoleKey && { SUPABASE_SERVICE_ROLE_KEY: LOCAL_SERVICE_ROLE_KEY }),
      ...(smtp && { SMTP_URL: inbox.smtpUrl }),
    },
    local: { serviceRoleKey, smtp, inboxUrl: inbox.url },
  };
}
