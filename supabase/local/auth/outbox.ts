import fs from 'node:fs';
import path from 'node:path';

export interface OutboxMessage {
  to: string;
  /** recovery, email_change_current (to the old address), email_change_new (to the new one). */
  kind: string;
  link: string;
  sent_at: string;
}

/**
 * There is no mailer locally (the Supabase CLI has Inbucket for that): each e-mail GoTrue would
 * send is printed on the console, and appended to `<data dir>/mail/outbox.jsonl` so scripts and
 * tests can follow a link as a reader following it from their mailbox would.
 */
export function createOutbox(dataDir: string) {
  const file = outboxFile(dataDir);
  return (to: string, kind: string, link: string): void => {
    console.log(`[auth] ${kind.replace(/_/g, ' ')} link for ${to}: ${link}`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const message: OutboxMessage = { to, kind, link, sent_at: new Date().toISOString() };
    fs.appendFileSync(file, `${JSON.stringify(message)}\n`);
  };
}

export function outboxFile(dataDir: string): string {
  return path.join(dataDir, 'mail', 'outbox.jsonl');
}
