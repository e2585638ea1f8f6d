import { isPublicNow, PUBLIC_STATUSES } from '@/lib/articleVisibility';
import type { ArticleStatus } from './types';

/**
 * What the list's "Statut" filter means to a reader of the list, not the stored word: "Publié" is
 * every article readers can see now (published, or scheduled and its moment has come),
 * "Programmé" those still waiting for their moment. Turned into PostgREST filters at request time,
 * so a scheduled article moves from one to the other on its own.
 */
export function articleStatusFilter(filter: Record<string, unknown>, now: Date): Record<string, unknown> {
  const { status, ...rest } = filter;
  const at = now.toISOString();
  switch (status as ArticleStatus | undefined) {
    case 'draft':
    case 'review':
      return { ...rest, status };
    case 'scheduled':
      return { ...rest, status: 'scheduled', 'published_at@gt': at };
    case 'published':
      return { ...rest, 'status@in': `(${PUBLIC_STATUSES.join(',')})`, 'published_at@lte': at };
    default:
      return rest;
  }
}

/**
 * The record as the editor's form starts from it: a scheduled article whose moment has come is
 * live, so the form offers it as Publié (as the list's badge says) rather than as a schedule in
 * the past that could not be saved again.
 */
export function asFormRecord<R extends { status: ArticleStatus; published_at?: string | null }>(record: R, now: Date = new Date()): R {
  return record.status === 'scheduled' && isPublicNow(record, now) ? { ...record, status: 'published' } : record;
}
