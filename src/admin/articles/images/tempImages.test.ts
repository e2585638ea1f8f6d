import { describe, expect, it, vi } from 'vitest';
import { coverAfterRemoval, isTempImage, recordUploads, toTempImages } from './tempImages';
import type { ImageRow } from './types';

function recorder() {
  const calls: string[] = [];
  let n = 0;
  return {
    calls,
    insertImage: vi.fn(async (articleId: string, row: ImageRow) => {
      calls.push(`insert ${articleId} ${row.image_url} at ${row.position}`);
      return { id: `row-${++n}`, image_url: row.image_url };
    }),
  };
}

describe('temporary images of a new article', () => {
  it('get temp- ids', () => {
    const images = toTempImages(['https://x/1.webp', 'https://x/2.webp']);
    expect(images.every(isTempImage)).toBe(true);
    expect(new Set(images.map((i) => i.id)).size).toBe(2);
  });
});

describe('uploads to an existing article', () => {
  it('are recorded at once after the images the article has, the first becoming image_url when there was none', async () => {
    const r = recorder();
    const setCover = vi.fn(async () => {});
    const out = await recordUploads({ id: 'a1', image_url: null }, ['https://x/1.webp', 'https://x/2.webp'], 3, { ...r, setCover });
    expect(out.images.map((i) => i.id)).toEqual(['row-1', 'row-2']);
    expect(r.calls).toEqual(['insert a1 https://x/1.webp at 3', 'insert a1 https://x/2.webp at 4']);
    expect(setCover).toHaveBeenCalledWith('a1', 'https://x/1.webp');
    expect(out.cover).toBe('https://x/1.webp');
  });
  it('leave an existing image_url alone', async () => {
    const r = recorder();
    const setCover = vi.fn(async () => {});
    const out = await recordUploads({ id: 'a1', image_url: 'https://x/0.webp' }, ['https://x/1.webp'], 1, { ...r, setCover });
    expect(setCover).not.toHaveBeenCalled();
    expect(out.cover).toBe('https://x/0.webp');
  });
});

describe('coverAfterRemoval', () => {
  const imgs = [
    { id: '1', image_url: 'u1' },
    { id: '2', image_url: 'u2' },
  ];
  it('moves image_url to the next image, or clears it', () => {
    expect(coverAfterRemoval(imgs.slice(1), 'u1', 'u1')).toBe('u2');
    expect(coverAfterRemoval([], 'u1', 'u1')).toBeNull();
  });
  it('keeps image_url when another image is removed', () => {
    expect(coverAfterRemoval(imgs.slice(0, 1), 'u2', 'u1')).toBe('u1');
  });
});
