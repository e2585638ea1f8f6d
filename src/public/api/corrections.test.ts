import { describe, expect, it } from 'vitest';
import { lastCorrectedAt } from '@/lib/corrections';

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
