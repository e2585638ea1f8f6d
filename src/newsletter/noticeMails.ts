import { drainClaims, must, type DrainReport, type Outcome } from '@/lib/claimQueue';
import { escapeHtml } from '@/lib/html';
import type { Sender } from './mails';
import type { SenderDb } from './sender';
import { SendError, type MailTransport } from './transport';

/** The newsroom's notices (the migration 20261218090000's notices.kind). */
export type NoticeKind = 'submitted' | 'sent_back' | 'scheduled' | 'published';

/** One notice's mail as notice_claim_mail hands it to the sender. */
export interface ClaimedNotice {
  notice_id: number;
  email: string;
  kind: string;
  article_id: string;
  title: string;
  note: string | null;
  /** Who changed the status (null: the service role, or a deleted account). */
  author_name: string | null;
}

/** The back office's notices screen, where each person chooses which notices they get. */
export const NOTICES_ADMIN_PATH = '/admin/notices';

const SUBJECTS: Record<NoticeKind, string> = {
  submitted: 'À relire',
  sent_back: 'Renvoyé avec remarques',
  scheduled: 'Programmé',
  published: 'Publié',
};

/** What happened, in one sentence, as the recipient reads it. */
function lead(kind: NoticeKind, who: string, title: string): string {
  switch (kind) {
    case 'submitted':
      return `${who} a soumis « ${title} » à la relecture.`;
    case 'sent_back':
      return `${who} vous a renvoyé « ${title} » avec des remarques.`;
    case 'scheduled':
      return `${who} a programmé « ${title} ».`;
    case 'published':
      return `${who} a publié « ${title} ».`;
  }
}

const isKind = (kind: string): kind is NoticeKind => kind in SUBJECTS;

/**
 * The mail of one notice: what happened to which article, the note that came with it, a link to the
 * article in the back office and one to the notices' settings. Null for a kind this code does not know.
 */
export function noticeMail(sender: Sender, notice: ClaimedNotice) {
  if (!isKind(notice.kind)) return null;
  const who = notice.author_name?.trim() || 'La rédaction';
  const article = new URL(`/admin/articles/${encodeURIComponent(notice.article_id)}`, sender.origin).href;
  const settings = new URL(NOTICES_ADMIN_PATH, sender.origin).href;
  const sentence = lead(notice.kind, who, notice.title);
  const note = notice.note?.trim() || null;
  const text = [
    'Bonjour,',
    '',
    sentence,
    ...(note ? ['', 'Remarque :', note] : []),
    '',
    `Ouvrir l'article : ${article}`,
    '',
    `Choisir les notifications que vous recevez : ${settings}`,
  ].join('\n');
  const noteHtml = note
    ? `<p style="margin:0 0 4px">Remarque :</p><blockquote style="margin:0 0 16px;padding:8px 12px;border-left:4px solid #b3261e;background:#f6f6f6;white-space:pre-wrap">${escapeHtml(note)}</blockquote>`
    : '';
  const html = `<!DOCTYPE html><html lang="fr"><head><meta charset="utf-8"></head><body style="margin:0;padding:16px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#222222"><p>Bonjour,</p><p>${escapeHtml(sentence)}</p>${noteHtml}<p><a href="${escapeHtml(article)}" style="display:inline-block;padding:10px 16px;background:#b3261e;color:#ffffff;text-decoration:none;border-radius:4px">Ouvrir l'article</a></p><p style="font-size:13px;color:#555555"><a href="${escapeHtml(settings)}" style="color:#555555">Choisir les notifications que vous recevez</a></p></body></html>`;
  return {
    from: { name: `${sender.name} — Rédaction`, address: sender.address },
    to: notice.email,
    subject: `${SUBJECTS[notice.kind]} : ${notice.title}`,
    html,
    text,
    headers: {},
  };
}

/**
 * Sends the notices' mails due (notice_claim_mail, one at a time, through the newsletter's transport
 * and the shared claim loop), each outcome recorded with notice_finish_mail: a refusal for good is
 * not tried again, any other failure a few times more.
 */
export async function drainNoticeMails(
  db: SenderDb,
  transport: MailTransport,
  sender: Sender,
  options: { limit?: number } = {},
): Promise<DrainReport> {
  const finish = async (id: number, outcome: 'sent' | 'failed' | 'retry', error = '') =>
    must('notice_finish_mail', await db.rpc('notice_finish_mail', { p_notice_id: id, p_outcome: outcome, p_error: error }));
  const claim = async () => {
    const [claimed] = must('notice_claim_mail', await db.rpc('notice_claim_mail'));
    return claimed as ClaimedNotice | undefined;
  };
  const deliver = async (notice: ClaimedNotice): Promise<Outcome> => {
    const mail = noticeMail(sender, notice);
    if (!mail) {
      await finish(notice.notice_id, 'failed', `notice of unknown kind ${notice.kind}`);
      return 'failed';
    }
    try {
      await transport.send(mail);
    } catch (error) {
      const permanent = error instanceof SendError && error.permanent;
      await finish(notice.notice_id, permanent ? 'failed' : 'retry', error instanceof Error ? error.message : String(error));
      return permanent ? 'failed' : 'retried';
    }
    await finish(notice.notice_id, 'sent');
    return 'sent';
  };
  return drainClaims(claim, deliver, { limit: options.limit });
}
