import { describe, expect, it } from 'vitest';
import { emptySlots, lead, moveSlot, pinAt, slotsFromRows, unpinAt, type FrontPageArticle } from './slots';

const article = (id: string): FrontPageArticle => ({ id, title: `Titre ${id}`, status: 'published', published_at: '2026-01-01T00:00:00Z' });
const [a, b, c, d, e] = ['a', 'b', 'c', 'd', 'e'].map(article);
const ids = (slots: (FrontPageArticle | null)[]) => slots.map((s) => s?.id ?? null);

describe('front page places', () => {
  it('reads stored pins into four places and writes one row per filled place', () => {
    const slots = slotsFromRows([
      { rank: 3, article: c },
      { rank: 1, article: a },
    ]);
    expect(ids(slots)).toEqual(['a', null, 'c', null]);
  });

  it('pins an article at one place only', () => {
    expect(ids(pinAt([a, b, null, null], 2, c))).toEqual(['a', 'b', 'c', null]);
    // Already at rank 2: it moves to rank 1 and rank 2 empties; the one it replaces leaves.
    expect(ids(pinAt([a, b, null, null], 0, b))).toEqual(['b', null, null, null]);
  });

  it('moves a place up or down, not beyond the ends', () => {
    const slots = [a, b, null, d];
    expect(ids(moveSlot(slots, 1, -1))).toEqual(['b', 'a', null, 'd']);
    expect(ids(moveSlot(slots, 1, 1))).toEqual(['a', null, 'b', 'd']);
    expect(moveSlot(slots, 0, -1)).toBe(slots);
    expect(moveSlot(slots, 3, 1)).toBe(slots);
  });

  it('unpins', () => {
    expect(ids(unpinAt([a, b, c, d], 1))).toEqual(['a', null, 'c', 'd']);
  });

  it('« Mettre à la une » moves the others down; the last leaves, unless the article only changes place', () => {
    expect(ids(lead([a, b, c, d], e))).toEqual(['e', 'a', 'b', 'c']);
    expect(ids(lead([a, b, c, d], c))).toEqual(['c', 'a', 'b', 'd']);
    expect(ids(lead([a, null, c, null], e))).toEqual(['e', 'a', null, 'c']);
    expect(ids(lead(emptySlots(), e))).toEqual(['e', null, null, null]);
  });
});
