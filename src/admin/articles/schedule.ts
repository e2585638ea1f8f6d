import type { ArticleFormValues } from './types';

export const SCHEDULE_MISSING = "Indiquez la date et l'heure de publication.";
export const SCHEDULE_PAST = 'Cette heure est déjà passée : choisissez un moment à venir.';

/** A scheduled article needs a moment still to come; the other statuses ignore the field. */
export function scheduleError(
  value: string | null | undefined,
  status: ArticleFormValues['status'],
  now: number = Date.now(),
): string | undefined {
  if (status !== 'scheduled') return undefined;
  const at = value ? Date.parse(value) : NaN;
  if (Number.isNaN(at)) return SCHEDULE_MISSING;
  return at <= now ? SCHEDULE_PAST : undefined;
}
