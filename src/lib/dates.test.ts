import { describe, expect, it } from 'vitest';
import { formatLongDate, formatShortDate, latestDate } from './dates';

describe('French dates', () => {
  it('formats the public long date', () => {
    expect(formatLongDate('2026-11-21T10:00:00Z')).toBe('21 novembre 2026');
    expect(formatLongDate('2026-02-01T23:30:00Z')).toBe('1 février 2026');
  });
  it('formats the admin fr-FR date', () => {
    expect(formatShortDate('2026-03-05T08:00:00Z')).toBe('05/03/2026');
  });
  it('shows nothing for a missing or invalid date', () => {
    expect(formatLongDate(null)).toBe('');
    expect(formatLongDate('pas une date')).toBe('');
  });
});

describe('latestDate', () => {
  it('gives the latest instant as written, whatever the offsets, or null for none', () => {
    expect(latestDate([])).toBeNull();
    expect(latestDate(['2026-12-01T10:00:00+00:00'])).toBe('2026-12-01T10:00:00+00:00');
    expect(latestDate(['2026-12-01T10:00:00+00:00', '2026-12-01T11:30:00+02:00', '2026-11-30T23:00:00Z'])).toBe(
      '2026-12-01T10:00:00+00:00',
    );
    expect(latestDate(['2026-11-30T23:00:00Z', '2026-12-02T08:00:00Z', '2026-12-01T10:00:00Z'])).toBe('2026-12-02T08:00:00Z');
  });
});
