import { describe, expect, it } from 'vitest';
import { dailyDue } from './scheduler';

describe('dailyDue', () => {
  it("is due from the send time in the newsroom's zone, for three hours", () => {
    // 06:30 in Lagos (UTC+1) is 05:30 UTC.
    expect(dailyDue(new Date('2026-11-26T05:29:00Z'), '06:30:00', 'Africa/Lagos')).toBe(false);
    expect(dailyDue(new Date('2026-11-26T05:30:00Z'), '06:30:00', 'Africa/Lagos')).toBe(true);
    expect(dailyDue(new Date('2026-11-26T08:29:00Z'), '06:30:00', 'Africa/Lagos')).toBe(true);
    expect(dailyDue(new Date('2026-11-26T08:30:00Z'), '06:30:00', 'Africa/Lagos')).toBe(false);
    // The same instant is not yet due in Dakar (UTC+0).
    expect(dailyDue(new Date('2026-11-26T05:30:00Z'), '06:30', 'Africa/Dakar')).toBe(false);
  });
});
