import { describe, expect, it } from 'vitest';
import { isPublicNow as isLive } from '@/lib/articleVisibility';
import { articleStatusFilter, asFormRecord } from './articleStatus';

const NOW = new Date('2026-12-02T06:00:00.000Z');
const before = '2026-12-02T05:59:59.000Z';
const after = '2026-12-02T06:00:01.000Z';

describe('isLive (the database’s article_is_public)', () => {
  it('is true for a published article and a scheduled one whose moment has come', () => {
    expect(isLive({ status: 'published', published_at: before }, NOW)).toBe(true);
    expect(isLive({ status: 'scheduled', published_at: before }, NOW)).toBe(true);
    expect(isLive({ status: 'scheduled', published_at: NOW.toISOString() }, NOW)).toBe(true);
  });
  it('is false for a draft or an article waiting for review, and for a scheduled article a second early', () => {
    expect(isLive({ status: 'draft', published_at: before }, NOW)).toBe(false);
    expect(isLive({ status: 'review', published_at: before }, NOW)).toBe(false);
    expect(isLive({ status: 'scheduled', published_at: after }, NOW)).toBe(false);
    expect(isLive({ status: 'scheduled', published_at: null }, NOW)).toBe(false);
  });
});

describe('the list’s status filter', () => {
  it('means what readers see, decided at request time', () => {
    expect(articleStatusFilter({ status: 'draft', category_id: 'c' }, NOW)).toEqual({ status: 'draft', category_id: 'c' });
    expect(articleStatusFilter({ status: 'scheduled' }, NOW)).toEqual({ status: 'scheduled', 'published_at@gt': NOW.toISOString() });
    expect(articleStatusFilter({ status: 'review' }, NOW)).toEqual({ status: 'review' });
    expect(articleStatusFilter({ status: 'published' }, NOW)).toEqual({
      'status@in': '(published,scheduled)',
      'published_at@lte': NOW.toISOString(),
    });
    expect(articleStatusFilter({ 'title@ilike': 'x' }, NOW)).toEqual({ 'title@ilike': 'x' });
  });
});

describe('asFormRecord', () => {
  it('offers a live scheduled article as Publié, and leaves the others alone', () => {
    expect(asFormRecord({ status: 'scheduled' as const, published_at: before }, NOW).status).toBe('published');
    expect(asFormRecord({ status: 'scheduled' as const, published_at: after }, NOW).status).toBe('scheduled');
    const draft = { status: 'draft' as const, published_at: null };
    expect(asFormRecord(draft, NOW)).toBe(draft);
  });
});
