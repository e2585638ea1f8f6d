// Times of day as the newsroom's settings hold them ('HH:MM', or a Postgres time 'HH:MM:SS'), said
// and typed the French way, in 24 hours whatever the browser's language.

/** '06:30' or '06:30:00' → « 6 h 30 »; « 7 h » on the hour. */
export function clockLabel(time: string): string {
  const [h = '0', m = '00'] = time.split(':');
  const hour = String(Number(h));
  return m === '00' ? `${hour} h` : `${hour} h ${m}`;
}

/** A time typed in 24 hours, 'H:MM' or 'HH:MM' (also '6h30', '06 h 30'), as 'HH:MM'; null when it is none. */
export function parseClockTime(input: string): string | null {
  const found = /^\s*([01]?\d|2[0-3])\s*[:hH]\s*([0-5]\d)\s*$/.exec(input);
  return found ? `${found[1]!.padStart(2, '0')}:${found[2]}` : null;
}
