import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { renderArtwork, type Artwork } from './artwork.ts';

/**
 * The seed's pictures as files once drawn. Every fresh stack (each test lane's, each E2E project's,
 * `db:reset`) seeds the same pictures, and drawing and encoding them was most of a stack's start:
 * about 12 of its 17 CPU-seconds, which `npm test`'s side-by-side lanes feel. A picture depends only
 * on the drawing code, sharp's build and its arguments, which together name its file; a change to
 * any of them draws afresh. The cache is a convenience: unreadable, it is drawn again; unwritable,
 * the next start draws again.
 */
const CACHE_DIR = path.resolve(import.meta.dirname, '../../node_modules/.cache/seed-artwork');
const DRAWING_CODE = ['artwork.ts', 'motifs.ts'].map((file) => fs.readFileSync(path.join(import.meta.dirname, file), 'utf8'));
const DRAWING_KEY = [...DRAWING_CODE, JSON.stringify(sharp.versions)].join('\0');

/** Where a picture's cached copy is. */
export const artworkCacheFile = (categorySlug: string | null, seed: string) =>
  path.join(
    CACHE_DIR,
    `${crypto
      .createHash('sha256')
      .update(`${DRAWING_KEY}\0${categorySlug ?? ''}\0${seed}`)
      .digest('hex')}.bin`,
  );

/** One file: a JSON line with the parts' sizes, then the parts. */
function encode({ master, renditions, share }: Artwork): Buffer {
  const head = JSON.stringify({ master: master.length, share: share.length, renditions: renditions.map((r) => [r.width, r.body.length]) });
  return Buffer.concat([Buffer.from(`${head}\n`), master, share, ...renditions.map((r) => r.body)]);
}

function decode(file: Buffer): Artwork {
  const newline = file.indexOf(10);
  const head = JSON.parse(file.subarray(0, newline).toString()) as { master: number; share: number; renditions: [number, number][] };
  let at = newline + 1;
  const take = (length: number) => {
    const part = file.subarray(at, (at += length));
    if (part.length !== length) throw new Error('truncated');
    return part;
  };
  const master = take(head.master);
  const share = take(head.share);
  return { master, share, renditions: head.renditions.map(([width, length]) => ({ width, body: take(length) })) };
}

/** renderArtwork's result, from the cache when this drawing code already drew it. */
export async function cachedArtwork(categorySlug: string | null, seed: string): Promise<Artwork> {
  const file = artworkCacheFile(categorySlug, seed);
  try {
    return decode(fs.readFileSync(file));
  } catch {
    // Not drawn yet by this code (or a damaged file): draw it.
  }
  const artwork = await renderArtwork(categorySlug, seed);
  try {
    fs.mkdirSync(CACHE_DIR, { recursive: true });
    // Written aside then renamed: a stack starting beside this one reads a whole file or none.
    const partial = `${file}.${process.pid}.${crypto.randomUUID()}`;
    fs.writeFileSync(partial, encode(artwork));
    fs.renameSync(partial, file);
  } catch {
    // A read-only or full disk: the next start draws it again.
  }
  return artwork;
}
