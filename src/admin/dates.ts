import { newsroomTimeZone } from '@/lib/env';

const formats = new Map<string, Intl.DateTimeFormat>();

/** "21/11/2026": the day an instant falls on in `timeZone`, in French. Empty for a missing or invalid date. */
export function formatNewsroomDate(value: string | Date | null | undefined, timeZone: string): string {
  if (!value) return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('fr-FR', { timeZone, day: '2-digit', month: '2-digit', year: 'numeric' });
    formats.set(timeZone, format);
  }
  return format.format(date);
}

/**
 * A back-office date, "21/11/2026": in French and on the newsroom's clock, whatever the browser's
 * language and zone. Here, not in src/lib: the reader's bundle has no use for it.
 */
export const newsroomDate = (value: string | Date | null | undefined): string => formatNewsroomDate(value, newsroomTimeZone());
