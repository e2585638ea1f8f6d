/** The part of a source picture drawn: all of it unless a crop is given. */
export interface Crop {
  sx: number;
  sy: number;
  sw: number;
  sh: number;
}

/** A picture drawn at width×height (from `crop` of the source, else all of it) and encoded as `type`. */
export async function encodeImage(
  source: CanvasImageSource,
  width: number,
  height: number,
  type: string,
  quality: number,
  crop?: Crop,
): Promise<Blob> {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('OffscreenCanvas 2d indisponible');
  // JPEG has no transparency: white, not black, behind a transparent PNG.
  if (type === 'image/jpeg') {
    context.fillStyle = '#fff';
    context.fillRect(0, 0, width, height);
  }
  context.imageSmoothingQuality = 'high';
  if (crop) context.drawImage(source, crop.sx, crop.sy, crop.sw, crop.sh, 0, 0, width, height);
  else context.drawImage(source, 0, 0, width, height);
  return canvas.convertToBlob({ type, quality });
}
