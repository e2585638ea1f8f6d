import fs from 'node:fs';
import { expect, it, vi } from 'vitest';
import * as artwork from './artwork.ts';
import { artworkCacheFile, cachedArtwork } from './artworkCache.ts';

// A seed no article has, so this file's pictures are its own.
const seed = `cache-test-${process.pid}-${Date.now()}`;

it('draws a picture once, then gives the same bytes from the cache; a damaged copy is drawn again', async () => {
  const draw = vi.spyOn(artwork, 'renderArtwork');
  try {
    const first = await cachedArtwork('sport', seed);
    const second = await cachedArtwork('sport', seed);
    expect(draw).toHaveBeenCalledTimes(1);
    expect(second.master.equals(first.master)).toBe(true);
    expect(second.share.equals(first.share)).toBe(true);
    expect(second.renditions.map((r) => [r.width, r.body.toString('base64')])).toEqual(
      first.renditions.map((r) => [r.width, r.body.toString('base64')]),
    );
    expect(first.renditions.map((r) => r.width)).toEqual([320, 640, 960]);

    // Another section's picture of the same seed is another picture.
    const other = await cachedArtwork('culture', seed);
    expect(other.master.equals(first.master)).toBe(false);
    expect(draw).toHaveBeenCalledTimes(2);

    // A copy cut short (a disk filled mid-write) is not taken for the picture.
    const file = artworkCacheFile('culture', seed);
    fs.truncateSync(file, fs.statSync(file).size - 10);
    const again = await cachedArtwork('culture', seed);
    expect(draw).toHaveBeenCalledTimes(3);
    expect(again.master.equals(other.master)).toBe(true);
  } finally {
    draw.mockRestore();
    for (const section of ['sport', 'culture']) fs.rmSync(artworkCacheFile(section, seed), { force: true });
  }
});
