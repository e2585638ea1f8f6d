/**
 * The newsroom's clock: scheduled times are typed and shown in the newsroom's time zone
 * (VITE_NEWSROOM_TIME_ZONE, an IANA name) whatever the editor's computer is set to, and stored
 * as UTC. Built on Intl only, so any zone the browser knows works, summer time included.
 */

/** `YYYY-MM-DDTHH:mm:ss`, what an `<input type="datetime-local" step="1">` holds. */
export type WallClock = string;

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

const partsFormats = new Map<string, Intl.DateTimeFormat>();
function partsFormat(timeZone: string): Intl.DateTimeFormat {
  let format = partsFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormats.set(timeZone, format);
  }
  return format;
}

const toDate = (value: string | Date) => (value instanceof Date ? value : new Date(value));

/** The wall clock in `timeZone` at an instant, to the second. Empty for an invalid date. */
export function toWallClock(value: string | Date, timeZone: string): WallClock {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  const parts = Object.fromEntries(
    partsFormat(timeZone)
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
}

/** Milliseconds `timeZone` is ahead of UTC at an instant (negative west of Greenwich). */
function offsetAt(ms: number, timeZone: string): number {
  const wall = toWallClock(new Date(ms), timeZone);
  return Date.parse(`${wall}Z`) - Math.floor(ms / 1000) * 1000;
}

/**
 * The instant (UTC ISO) at which `timeZone`'s clocks show `wall`, or null if it is not a wall
 * clock. A time skipped when clocks go forward is read with the offset from before the change
 * (02:30 on a spring-forward night becomes 03:30); a time that happens twice when clocks go back
 * is the first of the two, or the later with `twice: 'later'` (as Postgres reads it).
 */
export function fromWallClock(wall: string, timeZone: string, twice: 'first' | 'later' = 'first'): string | null {
  const match = WALL_CLOCK.exec(wall.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi, s = '00'] = match;
  const asUtc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  if (Number.isNaN(asUtc) || toWallClock(new Date(asUtc), 'UTC') !== `${y}-${mo}-${d}T${h}:${mi}:${s}`) return null;
  // The offset can differ on either side of the instant: try the one before and the one after.
  const before = asUtc - offsetAt(asUtc - 86_400_000, timeZone);
  const after = asUtc - offsetAt(asUtc + 86_400_000, timeZone);
  const exact = [before, after].filter((ms) => toWallClock(new Date(ms), timeZone) === `${y}-${mo}-${d}T${h}:${mi}:${s}`);
  const instant = exact.length ? (twice === 'later' ? Math.max(...exact) : Math.min(...exact)) : before;
  return new Date(instant).toISOString();
}

const displayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * "2 déc. 2026, 06:00 UTC": an instant as the newsroom reads it, with the zone's short name so
 * nobody wonders whose 06:00 it is. Empty for a missing or invalid date.
 */
export function formatNewsroomTime(value: string | Date | null | undefined, timeZone: string): string {
  if (!value) return '';
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  let format = displayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('fr-FR', { timeZone, dateStyle: 'medium', timeStyle: 'short' });
    displayFormats.set(timeZone, format);
  }
  return `${format.format(date)} ${zoneName(date, timeZone)}`;
}

const zoneNameFormats = new Map<string, Intl.DateTimeFormat>();

/** The zone's short name at that instant ("UTC", "UTC+1", "GMT+1"…), as Intl gives it in French. */
function zoneName(date: Date, timeZone: string): string {
  let format = zoneNameFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('fr-FR', { timeZone, timeZoneName: 'short' });
    zoneNameFormats.set(timeZone, format);
  }
  const part = format.formatToParts(date).find((p) => p.type === 'timeZoneName');
  return part?.value ?? timeZone;
}

const clockFormats = new Map<string, Intl.DateTimeFormat>();

/** "21:50": the hour and minute of an instant on the newsroom's clock. Empty for a missing or invalid date. */
export function formatNewsroomClock(value: string | Date | null | undefined, timeZone: string): string {
  if (!value) return '';
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  let format = clockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('fr-FR', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    clockFormats.set(timeZone, format);
  }
  return format.format(date);
}
