import type { Tables } from '@/lib/database';

export type RumourReport = Tables<'rumour_reports'>;

/** The queue's statuses (rumour_reports_status_check), in the order a report goes through them. */
export const RUMOUR_STATUSES = [
  { id: 'new', name: 'Nouveau' },
  { id: 'checking', name: 'En vérification' },
  { id: 'published', name: 'Publié' },
  { id: 'dismissed', name: 'Écarté' },
] as const;

export const rumourStatusLabel = (status: string) => RUMOUR_STATUSES.find((s) => s.id === status)?.name ?? status;

/**
 * « Déjà vérifié ? »: the published or drafted fact-checks whose claim or title holds the words
 * typed (PostgREST filters on the check's JSON), so a journalist finds a past answer before
 * starting one.
 */
export const pastClaimsFilter = (q: string) =>
  q.trim() ? { '@or': { 'title@ilike': q.trim(), 'fact_check->>claim@ilike': q.trim() } } : {};
