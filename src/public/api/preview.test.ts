import { describe, expect, it } from 'vitest';
import { previewState } from './preview';

describe('previewState: what the preview banner says', () => {
  const now = new Date('2026-12-02T06:00:00Z');
  it('a draft, a scheduled article before its moment, and an article readers already see', () => {
    expect(previewState({ status: 'draft', published_at: null }, now)).toBe('draft');
    expect(previewState({ status: 'scheduled', published_at: '2026-12-02T06:00:30Z' }, now)).toBe('scheduled');
    expect(previewState({ status: 'scheduled', published_at: '2026-12-02T05:59:00Z' }, now)).toBe('public');
    expect(previewState({ status: 'published', published_at: '2026-12-01T10:00:00Z' }, now)).toBe('public');
  });
});
