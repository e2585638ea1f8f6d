import { SHARE_IMAGE_MAX_BYTES, SHARE_IMAGE_SIZE } from '@/lib/renditions';
import { encodeImage, type Crop } from './encodeImage';

/** JPEG quality of the share picture, lowered by 0.1 until it fits; 0.4 of a 1200×630 photo always does. */
const SHARE_QUALITY = 0.85;
const MIN_SHARE_QUALITY = 0.35;

/** The part of a width×height picture that fills the share card: centred, cropped to 1.91:1. */
export function shareCrop(width: number, height: number): Crop {
  const ratio = SHARE_IMAGE_SIZE.width / SHARE_IMAGE_SIZE.height;
  if (width / height > ratio) {
    const sw = Math.round(height * ratio);
    return { sx: Math.round((width - sw) / 2), sy: 0, sw, sh: height };
  }
  const sh = Math.round(width / ratio);
  return { sx: 0, sy: Math.round((height - sh) / 2), sw: width, sh };
}

/**
 * The share picture (og:image) of an image just decoded for upload: its centre at 1200×630, as
 * JPEG (every network's crawler reads it), quality lowered until it is under 300 KB. A small
 * picture is enlarged: previews want 1200 px, and a soft card beats none.
 */
export async function renderShareImage(source: CanvasImageSource, width: number, height: number): Promise<Blob> {
  const { width: W, height: H } = SHARE_IMAGE_SIZE;
  const crop = shareCrop(width, height);
  let blob: Blob | null = null;
  for (let quality = SHARE_QUALITY; quality >= MIN_SHARE_QUALITY - 1e-9; quality -= 0.1) {
    blob = await encodeImage(source, W, H, 'image/jpeg', quality, crop);
    if (blob.size < SHARE_IMAGE_MAX_BYTES) return blob;
  }
  throw new Error(`Share picture still ${blob?.size} bytes at JPEG quality ${MIN_SHARE_QUALITY}`);
}
