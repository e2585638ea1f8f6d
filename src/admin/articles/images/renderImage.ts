import { masterSize, renditionHeight, renditionWidths } from '@/lib/renditions';
import { MASTER_QUALITY, MAX_IMAGE_BYTES, MIN_MASTER_QUALITY, RENDITION_QUALITY } from './constants';
import { encodeImage } from './encodeImage';
import { readImageHeader } from './imageHeader';
import { renderShareImage } from './shareImage';
import { damagedImage, tooLargeImage, unsupportedImage } from './imageMessages';
import type { RenderedImage } from './types';

/** Formats every browser we support decodes: failing to decode one means the file is damaged. */
const DECODABLE_EVERYWHERE = new Set(['jpeg', 'png', 'gif', 'webp', 'bmp']);

/** Thrown with a message for the admin (French, naming the file). */
export class ImageInputError extends Error {}

/**
 * The master at 0.9, lowered by steps of 0.1 until it is at most 5 MB (docs/product.md#article-images:
 * WebP at 0.9, at most 5 MB). A browser that cannot write WebP (Safari hands back PNG) gets a JPEG master instead.
 */
async function encodeMaster(bitmap: CanvasImageSource, size: { width: number; height: number }, name: string): Promise<Blob> {
  let type = 'image/webp';
  for (let quality = MASTER_QUALITY; quality >= MIN_MASTER_QUALITY - 1e-9; quality -= 0.1) {
    let blob = await encodeImage(bitmap, size.width, size.height, type, quality);
    if (blob.type !== type) {
      type = 'image/jpeg';
      blob = await encodeImage(bitmap, size.width, size.height, type, quality);
    }
    if (blob.size <= MAX_IMAGE_BYTES) return blob;
  }
  throw new ImageInputError(tooLargeImage(name));
}

const MIME: Record<string, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  avif: 'image/avif',
  heic: 'image/heic',
};

interface Decoded {
  source: CanvasImageSource;
  width: number;
  height: number;
  close: () => void;
}

/**
 * The size to ask ImageDecoder for: Chromium's JPEG decoder scales by n/8 while decoding and
 * picks the largest n whose area fits the request, so asking for exactly 2400 px of a 12000 px
 * photo yields 1500 px. Asking a hair above the n/8 step that reaches the target gets that step.
 */
export function decodeRequest(original: { width: number; height: number }, targetWidth: number) {
  const n = Math.min(8, Math.ceil((8 * targetWidth) / original.width));
  return { desiredWidth: Math.ceil((original.width * n) / 8) + 1, desiredHeight: Math.ceil((original.height * n) / 8) + 1 };
}

/**
 * One decode at reduced size. ImageDecoder (WebCodecs) takes a desired size that Chromium's JPEG
 * decoder honours while decoding: measured on a 12000×8000 JPEG, about 40 MB of memory instead of
 * about 390 MB for createImageBitmap with resizeWidth, which decodes at full size and then
 * scales. ImageDecoder also applies the EXIF rotation when the frame is drawn. Browsers without
 * it (Safari, older Firefox) get createImageBitmap with resizeWidth only, so the aspect ratio is
 * the browser's own and a header we misread can never distort the picture.
 */
async function decodeReduced(bytes: Uint8Array, file: File, type: string, original: { width: number; height: number }): Promise<Decoded> {
  const target = masterSize(original.width, original.height);
  if (typeof ImageDecoder === 'function' && (await ImageDecoder.isTypeSupported(type))) {
    const decoder = new ImageDecoder({ type, data: bytes, ...decodeRequest(original, target.width) });
    try {
      const { image } = await decoder.decode();
      return { source: image, width: image.displayWidth, height: image.displayHeight, close: () => image.close() };
    } finally {
      decoder.close();
    }
  }
  const bitmap = await createImageBitmap(file, { resizeWidth: target.width, resizeQuality: 'high' });
  return { source: bitmap, width: bitmap.width, height: bitmap.height, close: () => bitmap.close() };
}

/**
 * Decodes an image once, at reduced size, and re-encodes it: the master and every rendition the
 * naming rule (src/lib/renditions.ts) expects. Drawing to a canvas keeps pixels only, so EXIF,
 * XMP, GPS and colour-profile blocks never reach storage. The size comes from the file's header,
 * read without decoding anything.
 *
 * Animations (GIF, animated WebP or PNG) keep their first frame as a still, which the caller
 * reports: renditions need one picture, and a looping GIF is the heaviest thing a reader on
 * metered data could be sent.
 */
export async function renderImage(file: File): Promise<RenderedImage> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const header = readImageHeader(bytes);
  if (!header) throw new ImageInputError(unsupportedImage(file.name));
  const readable = DECODABLE_EVERYWHERE.has(header.format);
  if (!header.size) throw new ImageInputError(readable ? damagedImage(file.name) : unsupportedImage(file.name));

  let decoded: Decoded;
  try {
    decoded = await decodeReduced(bytes, file, MIME[header.format], header.size);
  } catch {
    throw new ImageInputError(readable ? damagedImage(file.name) : unsupportedImage(file.name));
  }
  try {
    const size = masterSize(decoded.width, decoded.height);
    const master = await encodeMaster(decoded.source, size, file.name);
    const renditions: RenderedImage['renditions'] = [];
    let share: Blob | undefined;
    if (master.type === 'image/webp') {
      for (const width of renditionWidths(size.width)) {
        renditions.push({
          width,
          blob: await encodeImage(decoded.source, width, renditionHeight(size, width), 'image/webp', RENDITION_QUALITY),
        });
      }
      share = await renderShareImage(decoded.source, decoded.width, decoded.height);
    }
    return { master, ...size, renditions, share, firstFrameOnly: header.animated };
  } finally {
    decoded.close();
  }
}
