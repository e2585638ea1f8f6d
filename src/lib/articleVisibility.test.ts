import { describe, expect, it } from 'vitest';
import { isPublicNow } from './articleVisibility';

describe('isPublicNow: what readers see', () => {
  const now = new Date('2026-12-02T06:00:00Z');
  it('a published or scheduled article once its moment has come; never a draft nor an article waiting for review', () => {
    expect(isPublicNow({ status: 'published', published_at: '2026-12-01T10:00:00Z' }, now)).toBe(true);
    expect(isPublicNow({ status: 'scheduled', published_at: '2026-12-02T06:00:00Z' }, now)).toBe(true);
    expect(isPublicNow({ status: 'scheduled', published_at: '2026-12-02T06:00:01Z' }, now)).toBe(false);
    expect(isPublicNow({ status: 'draft', published_at: '2026-12-01T10:00:00Z' }, now)).toBe(false);
    expect(isPublicNow({ status: 'review', published_at: '2026-12-01T10:00:00Z' }, now)).toBe(false);
    expect(isPublicNow({ status: 'archived', published_at: '2026-12-01T10:00:00Z' }, now)).toBe(false);
    expect(isPublicNow({ status: 'published', published_at: null }, now)).toBe(false);
    expect(isPublicNow({ status: 'scheduled' }, now)).toBe(false);
    expect(isPublicNow({ status: 'published', published_at: 'pas une date' }, now)).toBe(false);
  });
});
