// Telegram's Bot API (https://core.telegram.org/bots/api), the two methods the edition uses:
// sendPhoto (multipart: chat_id, photo, caption, parse_mode) and editMessageCaption. Every answer is
// `{ok: true, result}` or `{ok: false, error_code, description, parameters?: {retry_after}}`.

/** A bot and the channel it posts to (docs/deployment.md: creating them). */
export interface TelegramBot {
  /** https://api.telegram.org, or the local double's address (TELEGRAM_API_URL). */
  apiUrl: string;
  /** The bot's token (TELEGRAM_BOT_TOKEN), a secret: it is in the address, which is never logged. */
  token: string;
  /** The channel: @name or its numeric id (TELEGRAM_CHAT_ID). */
  chatId: string;
}

/** What a call came to: the message's id, or why not and whether it is worth trying again (and when). */
export type TelegramResult = { ok: true; messageId: number } | { ok: false; retry: boolean; retryAfter: number; error: string };

interface ApiAnswer {
  ok: boolean;
  result?: { message_id?: number } | true;
  error_code?: number;
  description?: string;
  parameters?: { retry_after?: number };
}

const TIMEOUT_MS = 30_000;

async function call(bot: TelegramBot, method: string, body: FormData | Record<string, unknown>): Promise<TelegramResult> {
  const form = body instanceof FormData;
  let status: number;
  let answer: ApiAnswer;
  try {
    const response = await fetch(`${bot.apiUrl.replace(/\/+$/, '')}/bot${bot.token}/${method}`, {
      method: 'POST',
      headers: form ? undefined : { 'Content-Type': 'application/json' },
      body: form ? body : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    status = response.status;
    answer = (await response.json().catch(() => ({ ok: false, description: `réponse illisible (${status})` }))) as ApiAnswer;
  } catch (error) {
    // No answer (network, timeout): the message may or may not have gone; tried again.
    return { ok: false, retry: true, retryAfter: 0, error: `Telegram injoignable : ${(error as Error).message}` };
  }
  if (answer.ok) {
    const result = answer.result;
    return { ok: true, messageId: typeof result === 'object' ? (result.message_id ?? 0) : 0 };
  }
  const code = answer.error_code ?? status;
  const error = `${code} ${answer.description ?? ''}`.trim();
  // A flood answer says how long to wait; a server error is tried again later; the rest (a bad
  // token, a chat the bot may not post in, a caption too long) would fail the same way again.
  if (code === 429) return { ok: false, retry: true, retryAfter: Math.max(1, answer.parameters?.retry_after ?? 1), error };
  return { ok: false, retry: code >= 500, retryAfter: 0, error };
}

/** Posts the card with the edition as its caption (parse_mode HTML). */
export function sendPhoto(bot: TelegramBot, photo: Buffer, caption: string, filename: string): Promise<TelegramResult> {
  const form = new FormData();
  form.set('chat_id', bot.chatId);
  form.set('photo', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), filename);
  form.set('caption', caption);
  form.set('parse_mode', 'HTML');
  return call(bot, 'sendPhoto', form);
}

/** Replaces a sent message's caption. Telegram refuses an edit that changes nothing: that one counts as done. */
export async function editMessageCaption(bot: TelegramBot, messageId: number, caption: string): Promise<TelegramResult> {
  const result = await call(bot, 'editMessageCaption', { chat_id: bot.chatId, message_id: messageId, caption, parse_mode: 'HTML' });
  if (!result.ok && /message is not modified/i.test(result.error)) return { ok: true, messageId };
  return result;
}
