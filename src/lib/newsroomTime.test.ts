import { describe, expect, it } from 'vitest';
import { formatNewsroomClock, formatNewsroomTime, fromWallClock, toWallClock } from './newsroomTime';

describe('the newsroom clock', () => {
  it('shows an instant as the wall clock of the zone, to the second', () => {
    expect(toWallClock('2026-12-02T06:00:05Z', 'UTC')).toBe('2026-12-02T06:00:05');
    expect(toWallClock('2026-12-02T06:00:05Z', 'Africa/Lagos')).toBe('2026-12-02T07:00:05');
    expect(toWallClock('2026-12-02T06:00:05Z', 'America/New_York')).toBe('2026-12-02T01:00:05');
    expect(toWallClock('pas une date', 'UTC')).toBe('');
  });

  it('reads a wall clock of the zone as a UTC instant, with or without seconds', () => {
    expect(fromWallClock('2026-12-02T06:00:00', 'UTC')).toBe('2026-12-02T06:00:00.000Z');
    expect(fromWallClock('2026-12-02T07:00', 'Africa/Lagos')).toBe('2026-12-02T06:00:00.000Z');
    expect(fromWallClock('2026-06-01T12:00:30', 'Asia/Kolkata')).toBe('2026-06-01T06:30:30.000Z');
    expect(fromWallClock('2026-01-01T00:00', 'America/New_York')).toBe('2026-01-01T05:00:00.000Z');
  });

  it('follows summer time on both sides of the change', () => {
    expect(fromWallClock('2026-07-01T08:00:00', 'Europe/Paris')).toBe('2026-07-01T06:00:00.000Z');
    expect(fromWallClock('2026-12-01T08:00:00', 'Europe/Paris')).toBe('2026-12-01T07:00:00.000Z');
    // Clocks go from 02:00 to 03:00: 02:30 does not exist and is read as 03:30 summer time.
    expect(fromWallClock('2026-03-29T02:30:00', 'Europe/Paris')).toBe('2026-03-29T01:30:00.000Z');
    // Clocks go back from 03:00 to 02:00: 02:30 happens twice, the first one is taken.
    expect(fromWallClock('2026-10-25T02:30:00', 'Europe/Paris')).toBe('2026-10-25T00:30:00.000Z');
  });

  it('goes round trip for every hour of a year in a zone with summer time', () => {
    for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2027, 0, 1); ms += 3_600_000 * 7) {
      const iso = new Date(ms).toISOString();
      const wall = toWallClock(iso, 'Europe/London');
      // Only the repeated autumn hour may come back as its first occurrence.
      const back = fromWallClock(wall, 'Europe/London')!;
      expect(toWallClock(back, 'Europe/London')).toBe(wall);
    }
  });

  it('refuses what is not a wall clock', () => {
    expect(fromWallClock('', 'UTC')).toBeNull();
    expect(fromWallClock('2026-02-30T10:00', 'UTC')).toBeNull();
    expect(fromWallClock('2026-12-02 10:00', 'UTC')).toBeNull();
    expect(fromWallClock('demain 6 h', 'UTC')).toBeNull();
  });

  it('says the time in French with the zone, so nobody wonders whose 06:00 it is', () => {
    expect(formatNewsroomTime('2026-12-02T06:00:00Z', 'UTC')).toBe('2 déc. 2026, 06:00 UTC');
    expect(formatNewsroomTime('2026-12-02T06:00:00Z', 'Africa/Lagos')).toBe('2 déc. 2026, 07:00 UTC+1');
    expect(formatNewsroomTime(null, 'UTC')).toBe('');
  });
});

describe('an hour on the newsroom clock (live entries)', () => {
  it('gives the hour and minute in the newsroom zone, 24-hour', () => {
    expect(formatNewsroomClock('2026-12-17T20:50:00Z', 'Africa/Lagos')).toBe('21:50');
    expect(formatNewsroomClock('2026-12-17T20:50:00Z', 'UTC')).toBe('20:50');
    expect(formatNewsroomClock('2026-12-17T00:05:00Z', 'UTC')).toBe('00:05');
  });
  it('is empty for no date or a bad one', () => {
    expect(formatNewsroomClock(null, 'UTC')).toBe('');
    expect(formatNewsroomClock('demain', 'UTC')).toBe('');
  });
});
