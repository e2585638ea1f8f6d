import { describe, expect, it } from 'vitest';
import { articleUpdatedAt, lastCorrectedAt } from '@/lib/corrections';

describe('lastCorrectedAt', () => {
  it('is the latest correction date, whatever the order or the offset they are written with', () => {
    expect(lastCorrectedAt([])).toBeNull();
    expect(lastCorrectedAt([{ corrected_at: '2026-12-01T10:00:00+00:00' }])).toBe('2026-12-01T10:00:00+00:00');
    expect(
      lastCorrectedAt([
        { corrected_at: '2026-12-02T09:00:00+02:00' }, // 07:00 UTC
        { corrected_at: '2026-12-02T08:00:00+00:00' },
        { corrected_at: '2026-11-30T23:00:00+00:00' },
      ]),
    ).toBe('2026-12-02T08:00:00+00:00');
  });
});

describe('articleUpdatedAt', () => {
  const published_at = '2026-12-02T05:58:00+00:00';
  it('is nothing for an article untouched since it went out (the publishing save moves updated_at to the same instant)', () => {
    expect(articleUpdatedAt({ published_at, updated_at: published_at }, [])).toBeNull();
    // Scheduled: saved before its moment.
    expect(articleUpdatedAt({ published_at, updated_at: '2026-12-01T18:00:00+00:00' }, [])).toBeNull();
  });
  it('is an edit after publication, or a later correction, whichever came last', () => {
    expect(articleUpdatedAt({ published_at, updated_at: '2026-12-02T06:15:00+00:00' }, [])).toBe('2026-12-02T06:15:00+00:00');
    const corrected = [{ corrected_at: '2026-12-02T07:00:00+00:00' }];
    expect(articleUpdatedAt({ published_at, updated_at: '2026-12-02T06:15:00+00:00' }, corrected)).toBe('2026-12-02T07:00:00+00:00');
    expect(articleUpdatedAt({ published_at, updated_at: '2026-12-02T08:00:00+00:00' }, corrected)).toBe('2026-12-02T08:00:00+00:00');
    expect(articleUpdatedAt({ published_at, updated_at: published_at }, corrected)).toBe('2026-12-02T07:00:00+00:00');
  });
});
