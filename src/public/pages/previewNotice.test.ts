import { describe, expect, it } from 'vitest';
import { previewBannerTitle, scheduledNotice } from './previewNotice';

describe('scheduledNotice: the preview banner of a scheduled article', () => {
  it("gives its moment in the newsroom's time zone, named, as the back office does", () => {
    const at = '2026-12-02T06:00:00Z';
    expect(scheduledNotice(at, 'Africa/Lagos')).toBe(
      'Programmé : en ligne le 2 déc. 2026, 07:00 UTC+1. Les lecteurs ne le voient pas encore.',
    );
    expect(scheduledNotice(at, 'UTC')).toBe('Programmé : en ligne le 2 déc. 2026, 06:00 UTC. Les lecteurs ne le voient pas encore.');
    // Across midnight: the newsroom's day, not UTC's.
    expect(scheduledNotice('2026-12-02T23:30:00Z', 'Africa/Nairobi')).toMatch(/^Programmé : en ligne le 3 déc\. 2026, 02:30 UTC\+3\./);
  });
});

describe('previewBannerTitle: what the banner says first', () => {
  it('an article sent for review says so; a draft or a scheduled article is a preview not yet out', () => {
    expect(previewBannerTitle('review')).toBe('À relire — non publié');
    expect(previewBannerTitle('draft')).toBe('Aperçu — non publié');
    expect(previewBannerTitle('scheduled')).toBe('Aperçu — non publié');
  });
});
