import { describe, expect, it } from 'vitest';
import { formatNewsroomDate } from './dates';

describe('formatNewsroomDate', () => {
  it("gives the day in French on the newsroom's clock, which may not be UTC's", () => {
    expect(formatNewsroomDate('2026-11-21T23:30:00Z', 'UTC')).toBe('21/11/2026');
    expect(formatNewsroomDate('2026-11-21T23:30:00Z', 'Africa/Lagos')).toBe('22/11/2026');
    expect(formatNewsroomDate(null, 'UTC')).toBe('');
    expect(formatNewsroomDate('pas une date', 'UTC')).toBe('');
  });
});
