import { fromWallClock, toWallClock, type WallClock } from '@/lib/newsroomTime';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * The date-time picker works on the browser's own clock; the newsroom's may be another. It is
 * handed a Date whose local fields read the newsroom's wall clock, and what it gives back is read
 * the same way: the journalist types and sees the newsroom's time whatever their computer says.
 */
export function pickerValue(instant: string | null | undefined, timeZone: string): Date | null {
  if (!instant) return null;
  const wall = toWallClock(instant, timeZone);
  if (!wall) return null;
  const [date, time] = wall.split('T');
  const [y, mo, d] = date.split('-').map(Number);
  const [h, mi, s] = time.split(':').map(Number);
  return new Date(y, mo - 1, d, h, mi, s);
}

/** The instant (UTC ISO) the picker's date stands for in the newsroom's zone; null for none or an unfinished one. */
export function fromPickerValue(value: Date | null, timeZone: string): string | null {
  if (!value || Number.isNaN(value.getTime())) return null;
  const wall: WallClock = `${pad(value.getFullYear(), 4)}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}T${pad(value.getHours())}:${pad(value.getMinutes())}:${pad(value.getSeconds())}`;
  return fromWallClock(wall, timeZone);
}
