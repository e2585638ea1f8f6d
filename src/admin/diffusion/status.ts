import type { Tables } from '@/lib/database';

export type LogEntry = Pick<Tables<'diffusion_log'>, 'id' | 'event' | 'actor' | 'detail' | 'at'>;
export type TelegramPost = Pick<
  Tables<'telegram_posts'>,
  'id' | 'kind' | 'status' | 'attempts' | 'message_id' | 'error' | 'sent_at' | 'next_attempt_at'
>;

/** How « Diffusion » names each logged event. */
export const EVENT_LABELS: Record<string, string> = {
  made: 'Édition préparée',
  whatsapp_published: 'Publié sur la chaîne WhatsApp',
  telegram_sent: 'Publié sur Telegram',
  telegram_edited: 'Légende Telegram corrigée',
  telegram_failed: 'Échec Telegram',
  correction: 'Correction d’un article de l’édition',
};

/**
 * Where the day's edition stands on WhatsApp, from its log (oldest first): not published yet,
 * published, or published before a correction that still has to go out there.
 */
export function whatsappState(log: readonly Pick<LogEntry, 'event'>[]): 'unpublished' | 'published' | 'correction-due' {
  const lastPublished = log.map((e) => e.event).lastIndexOf('whatsapp_published');
  if (lastPublished < 0) return 'unpublished';
  return log.slice(lastPublished).some((e) => e.event === 'correction') ? 'correction-due' : 'published';
}

/** « Telegram : … » for the day's posts: the send, then any edit. */
export function telegramState(posts: readonly TelegramPost[]): string {
  const send = posts.find((p) => p.kind === 'send');
  if (!send) return 'Telegram : rien de prévu (pas de bot configuré, ou édition préparée sans lui).';
  if (send.status === 'sent') {
    const edits = posts.filter((p) => p.kind === 'edit');
    const pending = edits.some((p) => p.status === 'queued' || p.status === 'sending');
    return `Telegram : publié (message ${send.message_id})${pending ? ', correction de la légende en cours' : ''}.`;
  }
  if (send.status === 'failed') return `Telegram : échec après ${send.attempts} essai(s) — ${send.error ?? 'erreur inconnue'}.`;
  return `Telegram : en attente${send.attempts ? ` (essai ${send.attempts}, ${send.error ?? ''})` : ''}.`;
}

/** The text as WhatsApp shows it: `*gras*` in bold, the rest as is (React escapes it). */
export function whatsappRuns(text: string): { text: string; bold: boolean }[] {
  return text
    .split(/(\*[^*\n]+\*)/)
    .flatMap((part) => (part ? [/^\*[^*\n]+\*$/.test(part) ? { text: part.slice(1, -1), bold: true } : { text: part, bold: false }] : []));
}
