import { describe, expect, it } from 'vitest';
import { ownFigures } from './ownFigures';

const NOW = new Date('2026-12-18T10:00:00Z');
const daily = [{ day: '2026-12-18', page_views: 120 }];

describe("a journalist's dashboard figures", () => {
  it("counts the journalist's own articles only, as the newsroom's figures are counted, and keeps the site's daily views", () => {
    const mine = [
      { status: 'published', published_at: '2026-12-17T08:00:00Z', view_count: 40 },
      // Scheduled and its moment has come: readers see it, it counts as published.
      { status: 'scheduled', published_at: '2026-12-18T09:00:00Z', view_count: 2 },
      { status: 'scheduled', published_at: '2026-12-19T06:00:00Z', view_count: 0 },
      { status: 'review', published_at: null, view_count: null },
      { status: 'draft', published_at: null, view_count: null },
      { status: 'draft', published_at: null, view_count: null },
    ];
    expect(ownFigures(mine, { daily }, NOW)).toEqual({
      total_articles: 6,
      published: 2,
      scheduled: 1,
      to_review: 1,
      drafts: 2,
      total_views: 42,
      daily,
    });
  });

  it("says nothing was written yet rather than the newsroom's figures", () => {
    expect(ownFigures([], { daily }, NOW)).toMatchObject({ total_articles: 0, drafts: 0, total_views: 0 });
  });
});
