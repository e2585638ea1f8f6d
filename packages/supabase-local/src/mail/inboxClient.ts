import type { InboxHeaders, InboxMessage, InboxSummary } from './inbox.ts';

/**
 * Reading the local inbox as scripts and tests do, through its Mailpit-compatible API (the same
 * calls work against the Supabase CLI's Mailpit on port 54324).
 */
export async function mailsTo(inboxUrl: string, address: string): Promise<InboxMessage[]> {
  const res = await fetch(`${inboxUrl}/api/v1/search?query=${encodeURIComponent(`to:"${address}"`)}`);
  if (!res.ok) throw new Error(`inbox search answered ${res.status}`);
  const { messages } = (await res.json()) as { messages: InboxSummary[] };
  return Promise.all(
    messages.map(async ({ ID }) => {
      const one = await fetch(`${inboxUrl}/api/v1/message/${ID}`);
      if (!one.ok) throw new Error(`inbox message ${ID} answered ${one.status}`);
      return (await one.json()) as InboxMessage;
    }),
  );
}

/**
 * The newest message to an address once the inbox holds `count` of them (auth sends some e-mails
 * after it has answered: recovery's answer must not wait for the mail); fails, naming the address,
 * when they have not come within 10 s.
 */
export async function lastMailTo(inboxUrl: string, address: string, count = 1): Promise<InboxMessage> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const messages = await mailsTo(inboxUrl, address);
    if (messages.length >= count) return messages[0]!;
    if (Date.now() > deadline) throw new Error(`${messages.length} e-mail(s) for ${address} in the inbox, expected ${count}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The auth link a message carries (GoTrue's /auth/v1/verify), as a mail client would open it. */
export function verifyLink(message: Pick<InboxMessage, 'HTML' | 'Subject'>): string {
  const href = /href="([^"]*\/auth\/v1\/verify\?[^"]*)"/.exec(message.HTML)?.[1];
  if (!href) throw new Error(`no auth link in the e-mail "${message.Subject}"`);
  return href.replace(/&amp;/g, '&');
}

/** A message's headers (Mailpit's `GET /api/v1/message/{ID}/headers`): List-Unsubscribe and the like, which the parsed message leaves out. */
export async function mailHeaders(inboxUrl: string, id: string): Promise<InboxHeaders> {
  const res = await fetch(`${inboxUrl}/api/v1/message/${id}/headers`);
  if (!res.ok) throw new Error(`inbox headers of ${id} answered ${res.status}`);
  return (await res.json()) as InboxHeaders;
}
