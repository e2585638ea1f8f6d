import { drainClaims, must, type DrainReport } from '@/lib/claimQueue';
import type { SenderDb } from '@/newsletter/sender';
import { renderCard } from './card';
import { currentItems, essentialTexts } from './edition';
import { editMessageCaption, sendPhoto, type TelegramBot, type TelegramResult } from './telegram';
import { telegramCaption } from './text';

/** Why a post did not go: every article of its edition stopped being public. */
const ALL_WITHDRAWN = 'articles retirés : rien à publier';

/**
 * Posts the Telegram work due, one claim at a time (telegram_claim_post, the claim loop the
 * newsletter and the alerts share): a day's card with its caption, or a corrected caption. Each is
 * rebuilt from its articles as they read now (a correction or a withdrawal shows), and the stored
 * texts follow, so « Diffusion » shows what went. A flood answer is retried after the wait Telegram
 * gives (retry_after); other failures after 1, 2, 4, 8 minutes, then given up and logged.
 */
export async function drainTelegram(
  db: SenderDb,
  bot: TelegramBot,
  site: { origin: string },
  options: { limit?: number } = {},
): Promise<DrainReport> {
  return drainClaims(
    async () => must('telegram_claim_post', await db.rpc('telegram_claim_post'))[0],
    async (post) => {
      let result: TelegramResult;
      try {
        result = await postOne(db, bot, site.origin, post);
      } catch (error) {
        result = { ok: false, retry: true, retryAfter: 0, error: `erreur de l’envoi : ${(error as Error).message}` };
      }
      const outcome = result.ok ? 'sent' : result.retry ? 'retry' : 'failed';
      must(
        'telegram_finish_post',
        await db.rpc('telegram_finish_post', {
          p_id: post.id,
          p_outcome: outcome,
          p_message_id: result.ok ? result.messageId : 0,
          p_error: result.ok ? '' : result.error,
          p_retry_after: result.ok ? 0 : result.retryAfter,
        }),
      );
      return outcome === 'retry' ? 'retried' : outcome;
    },
    { limit: options.limit },
  );
}

async function postOne(
  db: SenderDb,
  bot: TelegramBot,
  origin: string,
  post: { day: string; kind: string; articles: string[]; message_id: number | null },
): Promise<TelegramResult> {
  const items = await currentItems(db, post.articles);
  const texts = essentialTexts(items, origin, post.day);
  if (!texts) return { ok: false, retry: false, retryAfter: 0, error: ALL_WITHDRAWN };
  must('edition texts', await db.from('daily_editions').update(texts).eq('day', post.day));
  const caption = telegramCaption(texts.caption);
  if (post.kind === 'edit') return editMessageCaption(bot, post.message_id!, caption);
  return sendPhoto(bot, await renderCard(items, { origin, day: post.day }), caption, `essentiel-${post.day}.jpg`);
}
