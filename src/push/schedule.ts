import { fromWallClock, toWallClock } from '@/lib/newsroomTime';

export interface QuietHours {
  quiet_enabled: boolean;
  /** `HH:MM[:SS]` in the newsroom's time zone; start after end spans midnight (22:00 → 07:00). */
  quiet_start: string;
  quiet_end: string;
}

const minutesOf = (time: string) => {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return h * 60 + m;
};

/**
 * When an alert sent at `now` may reach devices: null for now, or the end of the quiet hours
 * (in the newsroom's zone) when `now` falls inside them. The editor's confirmation says so;
 * push_send_alert works the same moment out itself (private.push_quiet_end, which its test checks
 * against this) and queues the deliveries for it.
 */
export function quietHoursEnd(now: Date, settings: QuietHours, timeZone: string): Date | null {
  const start = minutesOf(settings.quiet_start);
  const end = minutesOf(settings.quiet_end);
  if (!settings.quiet_enabled || start === end) return null;
  const wall = toWallClock(now, timeZone);
  const minutes = Number(wall.slice(11, 13)) * 60 + Number(wall.slice(14, 16));
  const inside = start < end ? minutes >= start && minutes < end : minutes >= start || minutes < end;
  if (!inside) return null;
  // The end is today's when it is still ahead on the wall clock, else tomorrow's.
  const day = new Date(`${wall.slice(0, 10)}T00:00:00Z`);
  if (minutes >= end) day.setUTCDate(day.getUTCDate() + 1);
  const endWall = `${day.toISOString().slice(0, 10)}T${settings.quiet_end.slice(0, 5)}:00`;
  // On the night the clocks go back, an end the clocks show twice is the later one (as the database
  // reads it): never before a moment inside the quiet hours, and never an hour of quiet cut short.
  const at = fromWallClock(endWall, timeZone, 'later');
  return at ? new Date(at) : null;
}

/**
 * « le 11 décembre 2026 à 07:00 (UTC) »: when an alert goes, as the newsroom reads it (its zone's
 * date and time, and the zone's short name so nobody wonders whose 07:00 it is).
 */
export function alertMoment(at: Date, timeZone: string): string {
  const date = new Intl.DateTimeFormat('fr-FR', { timeZone, day: 'numeric', month: 'long', year: 'numeric' }).format(at);
  const time = new Intl.DateTimeFormat('fr-FR', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
  const zone = new Intl.DateTimeFormat('fr-FR', { timeZone, timeZoneName: 'short' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName');
  return `le ${date} à ${time} (${zone?.value ?? timeZone})`;
}

/**
 * What the editor is told once push_send_alert answered: proposed, sent now, or held until the
 * moment it answered (the end of the quiet hours), said in the quiet hours' time zone.
 */
export function sentMessage(alert: { status: string; targeted: number; not_before: string | null }, timeZone: string, now = Date.now()) {
  if (alert.status === 'proposed') return 'Alerte proposée aux administrateurs';
  const at = alert.not_before ? new Date(alert.not_before) : null;
  // A second of leeway: the database's now and the browser's are not the same clock.
  if (at && at.getTime() > now + 1000) return `Alerte programmée : elle partira ${alertMoment(at, timeZone)}`;
  return `Alerte envoyée à ${alert.targeted} appareil(s)`;
}
