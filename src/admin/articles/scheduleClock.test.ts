import { describe, expect, it } from 'vitest';
import { fromPickerValue, pickerValue } from './scheduleClock';

describe('the schedule picker on the newsroom clock', () => {
  it("shows an instant as the newsroom's wall clock, whatever the browser's zone", () => {
    const shown = pickerValue('2026-12-02T05:00:00.000Z', 'Africa/Lagos')!;
    expect([shown.getDate(), shown.getHours(), shown.getMinutes(), shown.getSeconds()]).toEqual([2, 6, 0, 0]);
  });
  it('reads the picked wall clock back as the same instant', () => {
    for (const zone of ['Africa/Lagos', 'Africa/Abidjan', 'Africa/Cairo', 'America/New_York']) {
      const instant = '2026-03-29T01:30:15.000Z';
      expect(fromPickerValue(pickerValue(instant, zone), zone), zone).toBe(instant);
    }
  });
  it('has no instant for an empty or unfinished date', () => {
    expect(pickerValue(null, 'UTC')).toBeNull();
    expect(fromPickerValue(null, 'UTC')).toBeNull();
    expect(fromPickerValue(new Date(NaN), 'UTC')).toBeNull();
  });
});
