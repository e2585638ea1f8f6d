import { describe, expect, it } from 'vitest';
import { adoptRows, moveImage, pendingWrites, rowsInOrder, savedImages } from './imageFacts';

const row = (id: string, position: number, facts: Record<string, string | null> = {}) => ({
  id,
  image_url: `https://x/${id}.webp`,
  caption: null,
  credit: null,
  alt_text: null,
  position,
  ...facts,
});

describe('moveImage', () => {
  it('moves one item and keeps the others in order', () => {
    expect(moveImage(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveImage(['a', 'b', 'c', 'd'], 3, 1)).toEqual(['a', 'd', 'b', 'c']);
  });
  it('leaves the list as it is for a move to the same place or out of bounds', () => {
    expect(moveImage(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
    expect(moveImage(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moveImage(['a', 'b'], 2, 0)).toEqual(['a', 'b']);
  });
});

describe('rowsInOrder', () => {
  it('numbers the images from 0 in the panel order, facts trimmed and blank as null', () => {
    const images = [
      { id: 'temp-1', image_url: 'u1', alt_text: '  Un marché  ', caption: '   ' },
      { id: 'temp-2', image_url: 'u2', credit: 'AFP' },
    ];
    expect(rowsInOrder(images)).toEqual([
      { image_url: 'u1', alt_text: 'Un marché', caption: null, credit: null, position: 0 },
      { image_url: 'u2', alt_text: null, caption: null, credit: 'AFP', position: 1 },
    ]);
  });
});

describe('pendingWrites', () => {
  const saved = savedImages([row('a', 0, { alt_text: 'Un marché' }), row('b', 1)]);

  it('writes nothing when the panel shows what the database holds', () => {
    expect(pendingWrites([row('a', 0, { alt_text: 'Un marché' }), row('b', 1)], saved)).toEqual([]);
    // Whitespace the database would trim away is no change.
    expect(pendingWrites([row('a', 0, { alt_text: ' Un marché ' }), row('b', 1, { caption: ' ' })], saved)).toEqual([]);
  });

  it('updates an image whose fact changed, and both images of a swap with their new places', () => {
    expect(pendingWrites([row('a', 0, { alt_text: 'Un marché' }), row('b', 1, { credit: 'AFP' })], saved)).toEqual([
      { id: 'b', image_url: 'https://x/b.webp', caption: null, credit: 'AFP', alt_text: null, position: 1 },
    ]);
    expect(pendingWrites([row('b', 1), row('a', 0, { alt_text: 'Un marché' })], saved).map((w) => [w.id, w.position])).toEqual([
      ['b', 0],
      ['a', 1],
    ]);
  });

  it('inserts the images held until the save, without an id, at their place', () => {
    const held = { id: 'temp-x', image_url: 'https://x/new.webp', alt_text: 'Nouveau' };
    expect(pendingWrites([held, row('a', 0, { alt_text: 'Un marché' }), row('b', 1)], saved)).toEqual([
      { image_url: 'https://x/new.webp', caption: null, credit: null, alt_text: 'Nouveau', position: 0 },
      { id: 'a', image_url: 'https://x/a.webp', caption: null, credit: null, alt_text: 'Un marché', position: 1 },
      { id: 'b', image_url: 'https://x/b.webp', caption: null, credit: null, alt_text: null, position: 2 },
    ]);
  });

  it('rewrites places left by older rows (all at 0) as 0..n-1', () => {
    const legacy = savedImages([row('a', 0), row('b', 0), row('c', 0)]);
    expect(pendingWrites([row('a', 0), row('b', 0), row('c', 0)], legacy).map((w) => [w.id, w.position])).toEqual([
      ['b', 1],
      ['c', 2],
    ]);
  });
});

describe('adoptRows', () => {
  it('gives recorded images their row id and keeps what was typed, in the panel order', () => {
    const working = [
      { id: 'temp-1', image_url: 'https://x/new.webp', alt_text: 'Tapé pendant la sauvegarde' },
      { id: 'a', image_url: 'https://x/a.webp', caption: 'Légende en cours' },
    ];
    const rows = [row('a', 1), { ...row('n', 0), image_url: 'https://x/new.webp', alt_text: 'Enregistré' }];
    expect(adoptRows(working, rows)).toEqual([
      { id: 'n', image_url: 'https://x/new.webp', alt_text: 'Tapé pendant la sauvegarde' },
      { id: 'a', image_url: 'https://x/a.webp', caption: 'Légende en cours' },
    ]);
  });

  it('keeps images still held, drops recorded ones gone from the database, appends rows it did not know', () => {
    const working = [
      { id: 'temp-1', image_url: 'https://x/held.webp' },
      { id: 'gone', image_url: 'https://x/gone.webp' },
    ];
    expect(adoptRows(working, [row('c', 0)]).map((i) => i.id)).toEqual(['temp-1', 'c']);
  });
});
