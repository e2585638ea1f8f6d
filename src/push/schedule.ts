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
  const at = fromWallClock(endWall, timeZone);
  return at ? new Date(at) : null;
}
