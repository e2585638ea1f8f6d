import type { Tables } from '@/lib/database';
import type { NoticeKind } from '@/newsletter/noticeMails';

export type { NoticeKind };

export const NOTICES_RESOURCE = 'notices';

/** A notice as « À traiter » lists it, with its article's title and the note that came with it. */
export type NoticeRow = Pick<Tables<'notices'>, 'id' | 'kind' | 'article_id' | 'created_at' | 'read_at'> & {
  article: { title: string } | null;
  note: { note: string | null; author_id: string | null } | null;
};
export const NOTICE_COLUMNS = [
  'id',
  'kind',
  'article_id',
  'created_at',
  'read_at',
  'article:articles(title)',
  'note:article_notes(note,author_id)',
];

/** Each kind as the newsroom reads it, in the order a story goes through them. */
export const NOTICE_KINDS: { id: NoticeKind; label: string; forAdminsOnly?: boolean }[] = [
  { id: 'submitted', label: 'Article soumis « À relire »', forAdminsOnly: true },
  { id: 'sent_back', label: 'Article renvoyé avec remarques' },
  { id: 'scheduled', label: 'Article programmé' },
  { id: 'published', label: 'Article publié' },
];

const KIND_LABELS: Record<string, string> = Object.fromEntries(NOTICE_KINDS.map((k) => [k.id, k.label]));
export const noticeKindLabel = (kind: string) => KIND_LABELS[kind] ?? kind;

/** The signed-in member's notices not yet seen: the app bar's count. */
export const unreadFilter = (userId: string) => ({ recipient_id: userId, 'read_at@is': 'null' });

/** The private Realtime channel of one member's notices (the migrations' policy on realtime.messages). */
export const noticesTopic = (userId: string) => `notices:${userId}`;
