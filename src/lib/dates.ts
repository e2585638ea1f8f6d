const longFr = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Africa/Abidjan' });
const shortFr = new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Africa/Abidjan' });

// Dates are shown in UTC+0 (Abidjan, Dakar): the same day for every reader and on the server.
const parse = (value: string | Date | null | undefined) => {
  if (!value) return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
};

/** Public side: "21 novembre 2026". Empty for a missing or invalid date. */
export function formatLongDate(value: string | Date | null | undefined): string {
  const d = parse(value);
  return d ? longFr.format(d) : '';
}

const dayMonthFr = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', timeZone: 'Africa/Abidjan' });

/** "22 novembre" (the offline edition's date). Empty for a missing or invalid date. */
export function formatDayMonth(value: string | Date | null | undefined): string {
  const d = parse(value);
  return d ? dayMonthFr.format(d) : '';
}

/** Back office: fr-FR "21/11/2026". */
export function formatShortDate(value: string | Date | null | undefined): string {
  const d = parse(value);
  return d ? shortFr.format(d) : '';
}

const yearFr = new Intl.DateTimeFormat('fr-FR', { year: 'numeric', timeZone: 'Africa/Abidjan' });
/** This year in UTC+0, as the server sees it too (a reader's midnight must not differ from it). */
export const currentYear = () => yearFr.format(new Date());

/**
 * The latest of some ISO dates, as given (the first of equal instants), or null for none: a
 * page's or a feed's last change, the latest correction.
 */
export function latestDate(dates: readonly string[]): string | null {
  let latest: string | null = null;
  for (const date of dates) if (latest === null || Date.parse(date) > Date.parse(latest)) latest = date;
  return latest;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * A publication time as a newsroom says it: « à l'instant », « il y a 5 min », « il y a 2 h » within
 * the last 24 hours before `now`, the long date after that (and without a `now`: on the server and
 * while hydrating, so that the HTML does not depend on when it was rendered or cached).
 */
export function formatPublished(value: string | Date | null | undefined, now: number | null): string {
  const d = parse(value);
  if (!d) return '';
  const ago = now === null ? -1 : now - d.getTime();
  // A date a little ahead (a reader's clock behind the server's) is just now; far ahead, or older than a day, the date.
  if (ago < -5 * MINUTE || ago >= DAY || now === null) return longFr.format(d);
  if (ago < MINUTE) return "à l'instant";
  if (ago < 60 * MINUTE) return `il y a ${Math.floor(ago / MINUTE)} min`;
  return `il y a ${Math.floor(ago / (60 * MINUTE))} h`;
}
