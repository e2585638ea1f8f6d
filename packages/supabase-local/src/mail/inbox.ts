import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { sendJson } from '../http.ts';
import { within } from '../processes.ts';
import { escapeHtml, listPage, messagePage } from './inboxPages.ts';

/** An address as Mailpit's API gives it. */
export interface InboxAddress {
  Name: string;
  Address: string;
}

/** A message as Mailpit's `GET /api/v1/message/{ID}` gives it (the fields this inbox has). */
export interface InboxMessage {
  ID: string;
  MessageID: string;
  From: InboxAddress | null;
  To: InboxAddress[];
  Subject: string;
  Date: string;
  Created: string;
  Text: string;
  HTML: string;
}

/** A message in a list, as Mailpit's `GET /api/v1/messages` gives it. */
export type InboxSummary = Omit<InboxMessage, 'Text' | 'HTML' | 'Date'> & { Snippet: string };

export interface RunningInbox {
  /** Where a developer reads the mail, and where the JSON API is. */
  url: string;
  smtpPort: number;
  stop(): Promise<void>;
}

/** Enough for any development session; the oldest go first. Kept in memory, as the stack's mail is throwaway. */
const MAX_MESSAGES = 500;
const MAX_MESSAGE_BYTES = 2 * 1024 * 1024;

/** A message's headers as Mailpit's `GET /api/v1/message/{ID}/headers` gives them: each name, its values in order. */
export type InboxHeaders = Record<string, string[]>;

/** What the inbox keeps of each message: its parsed fields, and the source as it came, for `/raw` and `/headers`. */
interface Kept {
  message: InboxMessage;
  raw: Buffer;
  headers: InboxHeaders;
}

/**
 * The local mail catcher, as the Supabase CLI's Inbucket/Mailpit on port 54324: an SMTP server on
 * loopback that accepts any message for anyone, and a web page plus a Mailpit-compatible JSON API
 * (`GET /api/v1/messages`, `GET /api/v1/message/{ID}`, its `/headers` and `/raw`, `DELETE
 * /api/v1/messages`) to read them. Nothing leaves the machine.
 */
export async function startInbox({ port, smtpPort: smtpListen = 0 }: { port: number; smtpPort?: number }): Promise<RunningInbox> {
  const kept: Kept[] = [];
  let counter = 0;

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    size: MAX_MESSAGE_BYTES,
    banner: 'Local inbox',
    logger: false,
    onData(stream, session, callback) {
      // The source as it came, kept for `/raw` and `/headers` (a mail's List-Unsubscribe is only there).
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      new Promise<Buffer>((resolve, reject) => {
        stream.once('end', () => resolve(Buffer.concat(chunks)));
        stream.once('error', reject);
      })
        .then(async (raw) => ({ raw, mail: await simpleParser(raw) }))
        .then(({ raw, mail }) => {
          const envelopeTo = session.envelope.rcptTo.map((r) => ({ Name: '', Address: r.address }));
          const from = addresses(mail.from)[0] ?? null;
          const to = addresses(mail.to);
          const created = new Date().toISOString();
          const message: InboxMessage = {
            ID: `${Date.now().toString(36)}-${(++counter).toString(36)}`,
            MessageID: mail.messageId ?? '',
            From: from,
            To: to.length ? to : envelopeTo,
            Subject: mail.subject ?? '',
            Date: (mail.date ?? new Date()).toISOString(),
            Created: created,
            Text: mail.text ?? '',
            HTML: typeof mail.html === 'string' ? mail.html : '',
          };
          kept.push({ message, raw, headers: headersOf(mail.headerLines) });
          if (kept.length > MAX_MESSAGES) kept.splice(0, kept.length - MAX_MESSAGES);
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(smtpListen, '127.0.0.1', () => resolve());
  });
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  const messages = () => kept.map((k) => k.message);
  const keptOne = (id: string) => kept.find((k) => k.message.ID === id);
  const find = (id: string) => keptOne(id)?.message;
  const web = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://inbox');
    const route = `${req.method} ${url.pathname}`;
    const newestFirst = () => messages().reverse();
    if (route === 'GET /api/v1/messages' || route === 'GET /api/v1/search') {
      const list = newestFirst().filter(matches(url.searchParams.get('query') ?? ''));
      return sendJson(res, 200, { total: kept.length, count: list.length, messages_count: list.length, messages: list.map(summary) });
    }
    if (route === 'DELETE /api/v1/messages') {
      kept.length = 0;
      return sendJson(res, 200, 'ok');
    }
    let m = /^GET \/api\/v1\/message\/([\w-]+)$/.exec(route);
    if (m) {
      const message = find(m[1]!);
      return message ? sendJson(res, 200, message) : sendJson(res, 404, { error: 'message not found' });
    }
    m = /^GET \/api\/v1\/message\/([\w-]+)\/(headers|raw)$/.exec(route);
    if (m) {
      const one = keptOne(m[1]!);
      if (!one) return sendJson(res, 404, { error: 'message not found' });
      if (m[2] === 'headers') return sendJson(res, 200, one.headers);
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'content-length': one.raw.length });
      return res.end(one.raw);
    }
    m = /^GET \/view\/([\w-]+)\.html$/.exec(route);
    if (m) {
      const message = find(m[1]!);
      if (!message) return html(res, 404, 'Message introuvable');
      // The mail's own HTML, sandboxed: no script of it runs and it cannot reach the page around
      // it; its links open in a new tab, as from a mail client.
      const content = message.HTML || `<pre>${escapeHtml(message.Text)}</pre>`;
      return html(res, 200, `<base target="_blank">${content}`, {
        'content-security-policy': 'sandbox allow-popups allow-popups-to-escape-sandbox',
      });
    }
    m = /^GET \/message\/([\w-]+)$/.exec(route);
    if (m) {
      const message = find(m[1]!);
      return message ? html(res, 200, messagePage(message)) : html(res, 404, 'Message introuvable');
    }
    if (route === 'GET /') return html(res, 200, listPage(newestFirst().map(summary)));
    sendJson(res, 404, { error: `no inbox route for ${req.method} ${url.pathname}` });
  });
  try {
    await new Promise<void>((resolve, reject) => {
      web.once('error', reject);
      web.listen(port, '127.0.0.1', () => resolve());
    });
  } catch (err) {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    throw err;
  }

  return {
    url: `http://127.0.0.1:${(web.address() as AddressInfo).port}`,
    smtpPort,
    stop: async () => {
      await within(
        Promise.all([
          new Promise<void>((resolve) => smtp.close(() => resolve())),
          new Promise<void>((resolve) => {
            web.close(() => resolve());
            web.closeAllConnections();
          }),
        ]),
        1500,
      );
    },
  };
}

/** Each header by the name it was written with, its folded lines joined, in the message's order. */
function headersOf(lines: readonly { key: string; line: string }[]): InboxHeaders {
  const headers: InboxHeaders = {};
  for (const { line } of lines) {
    const colon = line.indexOf(':');
    if (colon < 1) continue;
    const name = line.slice(0, colon).trim();
    (headers[name] ??= []).push(
      line
        .slice(colon + 1)
        .replace(/\r?\n[ \t]+/g, ' ')
        .trim(),
    );
  }
  return headers;
}

function addresses(field: AddressObject | AddressObject[] | undefined): InboxAddress[] {
  const list = Array.isArray(field) ? field : field ? [field] : [];
  return list.flatMap((a) => a.value).map((a) => ({ Name: a.name ?? '', Address: a.address ?? '' }));
}

function summary({ Text, HTML: _html, Date: _date, ...rest }: InboxMessage): InboxSummary {
  return { ...rest, Snippet: Text.replace(/\s+/g, ' ').trim().slice(0, 250) };
}

/** Mailpit's search, the part tests need: `to:address` terms, and plain words in the subject. */
function matches(query: string): (m: InboxMessage) => boolean {
  const terms = query.match(/\S+:"[^"]*"|"[^"]*"|\S+/g) ?? [];
  return (m) =>
    terms.every((term) => {
      const [, field, value] = /^(?:(\w+):)?"?([^"]*)"?$/.exec(term) ?? [];
      const v = (value ?? '').toLowerCase();
      if (field === 'to') return m.To.some((a) => a.Address.toLowerCase() === v);
      if (field === 'subject') return m.Subject.toLowerCase().includes(v);
      return `${m.Subject} ${m.Text}`.toLowerCase().includes(v);
    });
}

function html(res: http.ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(body), ...headers });
  res.end(body);
}
