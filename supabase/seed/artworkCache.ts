import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { renditionWidths, SHARE_IMAGE_SIZE } from '../../src/lib/renditions.ts';
import { ARTWORK_WIDTH, artworkSvg, renderArtwork, type Artwork } from './artwork.ts';

/**
 * The seed's pictures as files once drawn. Every fresh stack (each test lane's, each E2E project's,
 * `db:reset`) seeds the same pictures, and drawing and encoding them was most of a stack's start:
 * about 12 of its 17 CPU-seconds, which `npm test`'s side-by-side lanes feel. A picture is named by
 * what makes it: its SVG, in a folder named by the rest (the encoding code and settings, the
 * rendition sizes, sharp's build, this file's layout); a change to any of them draws afresh and the
 * other folders go. The cache is a convenience: unreadable, a picture is drawn again; unwritable,
 * the next start draws again.
 */
const CACHE_ROOT = path.resolve(import.meta.dirname, '../../node_modules/.cache/seed-artwork');
/** Bump when encode() changes. */
const LAYOUT = 1;
const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');
const CACHE_DIR = path.join(
  CACHE_ROOT,
  sha256(
    [
      String(LAYOUT),
      fs.readFileSync(path.join(import.meta.dirname, 'artwork.ts'), 'utf8'),
      JSON.stringify(renditionWidths(ARTWORK_WIDTH)),
      JSON.stringify(SHARE_IMAGE_SIZE),
      JSON.stringify(sharp.versions),
    ].join('\0'),
  ).slice(0, 16),
);

/** Where a picture's cached copy is. */
export const artworkCacheFile = (categorySlug: string | null, seed: string) =>
  path.join(CACHE_DIR, `${sha256(artworkSvg(categorySlug, seed))}.bin`);

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

let pruned = false;
/** Folders other drawing code left (best effort: another checkout's start may be reading one). */
function pruneOtherFolders(): void {
  if (pruned) return;
  pruned = true;
  for (const entry of fs.readdirSync(CACHE_ROOT))
    if (path.join(CACHE_ROOT, entry) !== CACHE_DIR) fs.rmSync(path.join(CACHE_ROOT, entry), { recursive: true, force: true });
}

/** renderArtwork's result, from the cache when the same code already drew the same picture. */
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
    pruneOtherFolders();
    // Written aside then renamed: a stack starting beside this one reads a whole file or none.
    const partial = `${file}.${process.pid}.${crypto.randomUUID()}.partial`;
    fs.writeFileSync(partial, encode(artwork));
    fs.renameSync(partial, file);
  } catch {
    // A read-only or full disk: the next start draws it again.
  }
  return artwork;
}
