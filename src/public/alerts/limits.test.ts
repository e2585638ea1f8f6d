import { describe, expect, it } from 'vitest';
import { alertLimitsText } from './limits';

describe('alertLimitsText', () => {
  it('says the daily cap and the quiet hours the sender applies', () => {
    expect(alertLimitsText({ daily_cap: 3, quiet_enabled: true, quiet_start: '22:00', quiet_end: '07:00' })).toBe(
      '3 alertes par jour au plus, aucune la nuit (22 h – 7 h).',
    );
    expect(alertLimitsText({ daily_cap: 1, quiet_enabled: true, quiet_start: '23:30', quiet_end: '06:15' })).toBe(
      '1 alerte par jour au plus, aucune la nuit (23 h 30 – 6 h 15).',
    );
  });
  it('says no quiet hours when there are none', () => {
    expect(alertLimitsText({ daily_cap: 5, quiet_enabled: false, quiet_start: '22:00', quiet_end: '07:00' })).toBe(
      '5 alertes par jour au plus.',
    );
    expect(alertLimitsText({ daily_cap: 5, quiet_enabled: true, quiet_start: '22:00', quiet_end: '22:00' })).toBe(
      '5 alertes par jour au plus.',
    );
  });
});
