// A Telegram Bot API server for tests and `npm run dev` (the role api.telegram.org plays in
// production), speaking the documented HTTP protocol (https://core.telegram.org/bots/api):
// POST /bot<token>/sendPhoto (multipart: chat_id, photo, caption, parse_mode) and
// /bot<token>/editMessageCaption (JSON), answering {ok: true, result: {message_id, …}} or
// {ok: false, error_code, description, parameters?: {retry_after}}. It refuses a wrong token, another
// chat, a caption over 1,024 characters or with markup Telegram's HTML mode would refuse, a photo
// that is not a JPEG; it can be told to answer 429 (flood) for a while. GET / shows what it received.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { read } from '../push/pushService.ts';

export interface ChannelMessage {
  messageId: number;
  caption: string;
  parseMode: string | null;
  photo: Buffer;
  /** The captions it had before each edit, oldest first. */
  edits: string[];
  at: Date;
}

export interface TestBotApi {
  url: string;
  token: string;
  chatId: string;
  messages: ChannelMessage[];
  /** Every call, answered or refused: method, status, and when (to check waits). */
  calls: { method: string; status: number; at: number }[];
  /** The next `times` calls answer 429 with retry_after `seconds`. */
  flood(seconds: number, times?: number): void;
  close(): Promise<void>;
}

const CAPTION_MAX = 1024;
/** The tags Telegram's HTML parse mode knows (the double checks what the edition uses: bold, links, escapes). */
const ALLOWED_MARKUP = /<\/?(b|strong|i|em|u|ins|s|strike|del|code|pre|a(\s+href="[^"]*")?)>/g;

/** Telegram counts a caption's length after its markup is parsed. */
const parsedText = (caption: string, parseMode: string | null) =>
  parseMode === 'HTML'
    ? caption.replace(ALLOWED_MARKUP, '').replace(/&(lt|gt|amp|quot);/g, (_, n: string) => ({ lt: '<', gt: '>', amp: '&', quot: '"' })[n]!)
    : caption;

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

export async function startTestBotApi(options: { token?: string; chatId?: string; port?: number } = {}): Promise<TestBotApi> {
  const token = options.token ?? '123456:TEST-bot-token';
  const chatId = options.chatId ?? '@afriqueactu_test';
  const messages: ChannelMessage[] = [];
  const calls: TestBotApi['calls'] = [];
  let flood = { seconds: 0, times: 0 };
  let nextId = 100;

  const answer = (response: ServerResponse, method: string, status: number, body: object) => {
    calls.push({ method, status, at: Date.now() });
    response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
  };
  const refuse = (response: ServerResponse, method: string, code: number, description: string, extra: object = {}) =>
    answer(response, method, code, { ok: false, error_code: code, description, ...extra });

  const checkCaption = (caption: string, parseMode: string | null): string | null => {
    if (parseMode !== null && parseMode !== 'HTML') return `Bad Request: unsupported parse_mode ${parseMode}`;
    if (parseMode === 'HTML' && /[<>]/.test(caption.replace(ALLOWED_MARKUP, '')))
      return "Bad Request: can't parse entities: unsupported start tag";
    if (parsedText(caption, parseMode).length > CAPTION_MAX) return 'Bad Request: message caption is too long';
    return null;
  };

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://double');
    if (request.method === 'GET') return page(url, response);
    const call = /^\/bot([^/]+)\/(\w+)$/.exec(url.pathname);
    const method = call?.[2] ?? '';
    if (!call || request.method !== 'POST') return refuse(response, method, 404, 'Not Found');
    if (call[1] !== token) return refuse(response, method, 401, 'Unauthorized');
    const body = await read(request);
    if (flood.times > 0) {
      flood.times--;
      return refuse(response, method, 429, `Too Many Requests: retry after ${flood.seconds}`, {
        parameters: { retry_after: flood.seconds },
      });
    }
    const type = request.headers['content-type'] ?? '';
    let fields: Record<string, unknown>;
    let photo: Buffer | null = null;
    if (type.startsWith('multipart/form-data')) {
      const form = await new Response(new Uint8Array(body), { headers: { 'content-type': type } }).formData();
      fields = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string'));
      const file = form.get('photo');
      if (file && typeof file !== 'string') photo = Buffer.from(await file.arrayBuffer());
    } else fields = JSON.parse(body.toString('utf8') || '{}') as Record<string, unknown>;
    if (String(fields.chat_id ?? '') !== chatId) return refuse(response, method, 400, 'Bad Request: chat not found');
    const caption = String(fields.caption ?? '');
    const parseMode = (fields.parse_mode as string | undefined) ?? null;
    const wrong = checkCaption(caption, parseMode);
    if (wrong) return refuse(response, method, 400, wrong);
    if (method === 'sendPhoto') {
      if (!photo || photo[0] !== 0xff || photo[1] !== 0xd8) return refuse(response, method, 400, 'Bad Request: IMAGE_PROCESS_FAILED');
      const message = { messageId: nextId++, caption, parseMode, photo, edits: [], at: new Date() };
      messages.push(message);
      return answer(response, method, 200, {
        ok: true,
        result: { message_id: message.messageId, date: Math.floor(Date.now() / 1000), caption },
      });
    }
    if (method === 'editMessageCaption') {
      const message = messages.find((m) => m.messageId === Number(fields.message_id));
      if (!message) return refuse(response, method, 400, 'Bad Request: message to edit not found');
      if (message.caption === caption) return refuse(response, method, 400, 'Bad Request: message is not modified');
      message.edits.push(message.caption);
      message.caption = caption;
      return answer(response, method, 200, { ok: true, result: { message_id: message.messageId, caption } });
    }
    return refuse(response, method, 404, 'Not Found: method not found');
  }

  /** What the channel shows: each message's card and caption (GET /), a card (GET /photo/<id>). */
  function page(url: URL, response: ServerResponse) {
    const photo = /^\/photo\/(\d+)$/.exec(url.pathname);
    if (photo) {
      const message = messages.find((m) => m.messageId === Number(photo[1]));
      if (!message) return response.writeHead(404).end();
      return response.writeHead(200, { 'Content-Type': 'image/jpeg' }).end(message.photo);
    }
    const items = messages
      .map(
        (m) =>
          `<li><p>Message ${m.messageId}, ${m.at.toISOString()}${m.edits.length ? `, modifié ${m.edits.length} fois` : ''}</p><img src="/photo/${m.messageId}" width="270" alt=""><pre>${escape(m.caption)}</pre></li>`,
      )
      .reverse()
      .join('');
    response
      .writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
      .end(
        `<!doctype html><meta charset="utf-8"><title>Telegram (double local)</title><h1>Canal ${escape(chatId)} (double local de l’API Bot)</h1><ul>${items || '<li>Rien reçu pour l’instant.</li>'}</ul>`,
      );
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => response.writeHead(500).end(String(error)));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    token,
    chatId,
    messages,
    calls,
    flood: (seconds, times = 1) => void (flood = { seconds, times }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
