import { describe, expect, it } from 'vitest';
import { telegramState, whatsappRuns, whatsappState, type TelegramPost } from './status';

const post = (extra: Partial<TelegramPost>): TelegramPost => ({
  id: 1,
  kind: 'send',
  status: 'queued',
  attempts: 0,
  message_id: null,
  error: null,
  sent_at: null,
  next_attempt_at: '2026-11-29T07:00:00Z',
  ...extra,
});

describe('« Diffusion »', () => {
  it('raises « Correction à publier sur WhatsApp » only after a publication there', () => {
    const events = (...names: string[]) => names.map((event) => ({ event }));
    expect(whatsappState(events('made'))).toBe('unpublished');
    expect(whatsappState(events('made', 'correction'))).toBe('unpublished');
    expect(whatsappState(events('made', 'whatsapp_published'))).toBe('published');
    expect(whatsappState(events('made', 'whatsapp_published', 'correction'))).toBe('correction-due');
    expect(whatsappState(events('made', 'whatsapp_published', 'correction', 'whatsapp_published'))).toBe('published');
  });

  it('says where Telegram stands', () => {
    expect(telegramState([])).toMatch(/rien de prévu/);
    expect(telegramState([post({ status: 'sent', message_id: 101 })])).toBe('Telegram : publié (message 101).');
    expect(telegramState([post({ status: 'sent', message_id: 101 }), post({ id: 2, kind: 'edit' })])).toMatch(
      /correction de la légende en cours/,
    );
    expect(telegramState([post({ status: 'failed', attempts: 5, error: '401 Unauthorized' })])).toBe(
      'Telegram : échec après 5 essai(s) — 401 Unauthorized.',
    );
  });

  it('shows *gras* in bold as WhatsApp does', () => {
    expect(whatsappRuns("*L'essentiel*\n1. *Titre*\nlien")).toEqual([
      { text: "L'essentiel", bold: true },
      { text: '\n1. ', bold: false },
      { text: 'Titre', bold: true },
      { text: '\nlien', bold: false },
    ]);
  });
});
