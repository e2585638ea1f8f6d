import { constants } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { MASTER_QUALITY, MAX_IMAGE_BYTES, MIN_MASTER_QUALITY, RENDITION_QUALITY } from '../../src/admin/articles/images/constants.ts';
import { storageStem } from '../../src/admin/articles/images/imageFiles.ts';
import {
  masterName,
  masterSize,
  renditionName,
  renditionWidths,
  SHARE_IMAGE_MAX_BYTES,
  SHARE_IMAGE_SIZE,
  shareImageName,
} from '../../src/lib/renditions.ts';
import { downloadPicture, MAX_DOWNLOAD_BYTES } from './download.ts';

/**
 * The editor's image pipeline (src/admin/articles/images/renderImage.ts) in Node, with sharp: the
 * same rule and the same file names (src/lib/renditions.ts). The master is WebP at 0.9, lowered by
 * 0.1 until it is at most 5 MB, its long edge at most 2,400 px; a WebP rendition at 0.8 for every
 * width of RENDITION_WIDTHS below the master's; the share picture, the centre at 1200×630 as JPEG
 * under 300 KB. sharp writes no metadata unless asked, so EXIF, XMP and GPS never reach storage;
 * the EXIF orientation is applied first, as the browser's decoder does. An animation keeps its
 * first frame.
 */

export interface RenderedPicture {
  width: number;
  height: number;
  master: Buffer;
  renditions: { width: number; body: Buffer }[];
  share: Buffer;
}

const SHARE_QUALITY = 0.85;
const MIN_SHARE_QUALITY = 0.35;

/** Encodes with quality lowered by 0.1 from `from` until the result is under `limit` bytes. */
async function fitting(encode: (quality: number) => Promise<Buffer>, from: number, to: number, limit: number, what: string) {
  for (let quality = from; quality >= to - 1e-9; quality -= 0.1) {
    const body = await encode(Math.round(quality * 100));
    if (body.length <= limit) return body;
  }
  throw new Error(`${what} still over ${limit} bytes at quality ${to}`);
}

export async function renderPicture(input: Buffer): Promise<RenderedPicture> {
  // Decoded once (orientation applied), every copy then scaled from those pixels.
  const { data, info } = await sharp(input, { failOn: 'error' }).rotate().raw().toBuffer({ resolveWithObject: true });
  const pixels = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  const size = masterSize(info.width, info.height);
  const master = await fitting(
    (quality) => pixels().resize(size.width, size.height).webp({ quality }).toBuffer(),
    MASTER_QUALITY,
    MIN_MASTER_QUALITY,
    MAX_IMAGE_BYTES,
    'master',
  );
  const renditions = [];
  for (const width of renditionWidths(size.width))
    renditions.push({
      width,
      body: await pixels()
        .resize(width)
        .webp({ quality: RENDITION_QUALITY * 100 })
        .toBuffer(),
    });
  const share = await fitting(
    (quality) =>
      pixels()
        .resize(SHARE_IMAGE_SIZE.width, SHARE_IMAGE_SIZE.height, { fit: 'cover', position: 'centre' })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality })
        .toBuffer(),
    SHARE_QUALITY,
    MIN_SHARE_QUALITY,
    SHARE_IMAGE_MAX_BYTES - 1,
    'share picture',
  );
  return { ...size, master, renditions, share };
}

/** The master's name a picture will be stored under, from its header alone (orientation applied): a dry run's. */
export async function masterNameOf(input: Buffer, stem: string = storageStem()): Promise<string> {
  const { width, height, orientation } = await sharp(input, { failOn: 'error' }).metadata();
  if (!width || !height) throw new Error('no size in the file');
  const turned = (orientation ?? 1) >= 5;
  const size = masterSize(turned ? height : width, turned ? width : height);
  return masterName(stem, size.width, size.height);
}

/** The objects of one picture in upload order (renditions, share picture, master last), as the editor names them. */
export function pictureFiles(picture: RenderedPicture, stem: string = storageStem()): { name: string; body: Buffer; type: string }[] {
  const master = { stem, width: picture.width, height: picture.height };
  return [
    ...picture.renditions.map((r) => ({ name: renditionName(master, r.width), body: r.body, type: 'image/webp' })),
    { name: shareImageName(master), body: picture.share, type: 'image/jpeg' },
    { name: masterName(stem, picture.width, picture.height), body: picture.master, type: 'image/webp' },
  ];
}

/** `2019/03/photo-1024x768.jpg` → `2019/03/photo.jpg`: the original of one of WordPress's resized copies. */
export const originalUpload = (file: string) => file.replace(/-\d+x\d+(\.[a-z0-9]+)$/i, '$1');

/** The part of an uploads URL after `/wp-content/uploads/` (null for another address). */
export function uploadsPath(url: string): string | null {
  const m = /\/wp-content\/uploads\/([^?#]+)/.exec(url);
  if (!m) return null;
  try {
    return decodeURIComponent(m[1]);
  } catch {
    return m[1];
  }
}

/** Whether `real` (a real path) is inside the folder whose real path is `root` (`/` included). */
const insideFolder = (root: string, real: string) => real.startsWith(root.endsWith(path.sep) ? root : root + path.sep);

/**
 * The real path of the file `handle` opened: what was read, whatever its name leads to now. On
 * Linux the kernel says it (/proc/self/fd); elsewhere the name's real path, when it is the very
 * file opened (same device and inode).
 */
async function openedPath(handle: fs.FileHandle, name: string): Promise<string | null> {
  const proc = await fs.readlink(`/proc/self/fd/${handle.fd}`).catch(() => null);
  if (proc?.startsWith('/')) return proc;
  const real = await fs.realpath(name).catch(() => null);
  const [opened, named] = await Promise.all([handle.stat(), real ? fs.stat(real).catch(() => null) : null]);
  return named && named.dev === opened.dev && named.ino === opened.ino ? real : null;
}

/**
 * A file of the uploads folder by its path, only when it really is inside the folder: `..` and
 * links (a symlink, or a linked folder, to /etc or a home directory) are followed to their real
 * path first, and anything that ends up outside the folder, or is not a file, is refused. The file
 * opened is checked again (a link swapped in after the first check is seen), and one larger than a
 * download may be is not read.
 */
async function uploadsFile(imagesDir: string, file: string): Promise<Buffer | null> {
  const root = await fs.realpath(imagesDir).catch(() => null);
  if (!root) return null;
  const real = await fs.realpath(path.resolve(root, file)).catch(() => null);
  if (!real || !insideFolder(root, real)) return null;
  // Non-blocking: a FIFO put there opens at once (and is refused below as no file), it does not wait for a writer.
  const handle = await fs.open(real, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0)).catch(() => null);
  if (!handle) return null;
  try {
    const opened = await openedPath(handle, real);
    if (!opened || !insideFolder(root, opened)) return null;
    const stat = await handle.stat();
    if (!stat.isFile() || stat.size > MAX_DOWNLOAD_BYTES) return null;
    // At most the size checked, should the file grow meanwhile.
    const body = Buffer.alloc(stat.size);
    let read = 0;
    while (read < body.length) {
      const { bytesRead } = await handle.read(body, read, body.length - read, read);
      if (!bytesRead) break;
      read += bytesRead;
    }
    return body.subarray(0, read);
  } catch {
    return null;
  } finally {
    await handle.close();
  }
}

/**
 * The bytes of a picture: from the uploads folder by its path (the original before a resized
 * copy), else downloaded from its address (a public one: download.ts) when the site answers.
 * Null when neither has it.
 */
export async function loadPicture(
  { file, url }: { file: string | null; url: string },
  imagesDir: string | null,
  download: boolean,
): Promise<Buffer | null> {
  if (imagesDir && file) {
    for (const candidate of [...new Set([originalUpload(file), file])]) {
      const body = await uploadsFile(imagesDir, candidate);
      if (body) return body;
    }
  }
  return download ? downloadPicture(url) : null;
}
