/**
 * An image's format and displayed size read from its first bytes, before anything is decoded:
 * the worker needs the size to ask the decoder for a reduced one straight away, and the format
 * to tell "this browser cannot read HEIC" from "this JPEG is damaged".
 */
export type ImageFormat = 'jpeg' | 'png' | 'gif' | 'webp' | 'bmp' | 'avif' | 'heic';

export interface ImageHeader {
  format: ImageFormat;
  /** Displayed size (EXIF rotation applied), or null when the file ends before saying it. */
  size: { width: number; height: number } | null;
  /** Several frames (GIF, animated WebP or PNG): only the first one is kept. */
  animated: boolean;
}

type Reader = (bytes: Uint8Array) => Omit<ImageHeader, 'format'>;

const u16be = (b: Uint8Array, at: number) => (b[at] << 8) | b[at + 1];
const u16le = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8);
const u24le = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8) | (b[at + 2] << 16);
const u32be = (b: Uint8Array, at: number) => ((b[at] << 24) | (b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3]) >>> 0;
const u32le = (b: Uint8Array, at: number) => (b[at] | (b[at + 1] << 8) | (b[at + 2] << 16) | (b[at + 3] << 24)) >>> 0;
const ascii = (b: Uint8Array, at: number, n: number) => String.fromCharCode(...b.subarray(at, at + n));
const sized = (width: number, height: number) => (width > 0 && height > 0 ? { width, height } : null);
const still = (size: ImageHeader['size']) => ({ size, animated: false });

/** EXIF orientation (tag 0x0112 of IFD0) of a TIFF block starting at `at`; 1 when absent. */
function exifOrientation(b: Uint8Array, at: number, end: number): number {
  const le = ascii(b, at, 2) === 'II';
  const u16 = (i: number) => (le ? u16le(b, i) : u16be(b, i));
  const u32 = (i: number) => (le ? u32le(b, i) : u32be(b, i));
  const ifd = at + u32(at + 4);
  if (ifd + 2 > end) return 1;
  for (let i = 0, entry = ifd + 2; i < u16(ifd) && entry + 12 <= end; i++, entry += 12) {
    if (u16(entry) === 0x0112) return u16(entry + 8);
  }
  return 1;
}

// Segments up to the frame header (SOFn); orientations 5 to 8 turn the picture a quarter.
const jpeg: Reader = (b) => {
  let orientation = 1;
  for (let at = 2; at + 4 <= b.length;) {
    if (b[at] !== 0xff) return still(null);
    const marker = b[at + 1];
    if (marker === 0xff || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      at += marker === 0xff ? 1 : 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return still(null);
    const length = u16be(b, at + 2);
    if (marker === 0xe1 && ascii(b, at + 4, 6) === 'Exif\0\0')
      orientation = exifOrientation(b, at + 10, Math.min(b.length, at + 2 + length));
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (at + 9 > b.length) return still(null);
      const [height, width] = [u16be(b, at + 5), u16be(b, at + 7)];
      return still(orientation >= 5 && orientation <= 8 ? sized(height, width) : sized(width, height));
    }
    at += 2 + length;
  }
  return still(null);
};

// IHDR holds the size; an acTL chunk before the first IDAT makes it an animated PNG.
const png: Reader = (b) => {
  const size = b.length >= 24 ? sized(u32be(b, 16), u32be(b, 20)) : null;
  for (let at = 8; at + 8 <= b.length; at += 12 + u32be(b, at)) {
    const type = ascii(b, at + 4, 4);
    if (type === 'acTL') return { size, animated: true };
    if (type === 'IDAT') break;
  }
  return still(size);
};

/** Walks a GIF's blocks until a second image descriptor (animated) or the end. */
const gif: Reader = (b) => {
  if (b.length < 13) return still(null);
  const size = sized(u16le(b, 6), u16le(b, 8));
  const skipBlocks = (at: number) => {
    while (at < b.length && b[at] !== 0) at += b[at] + 1;
    return at + 1;
  };
  let at = 13 + (b[10] & 0x80 ? 3 * 2 ** ((b[10] & 7) + 1) : 0);
  let frames = 0;
  while (at < b.length) {
    if (b[at] === 0x21) at = skipBlocks(at + 2);
    else if (b[at] === 0x2c) {
      if (++frames > 1) return { size, animated: true };
      const packed = b[at + 9];
      at = skipBlocks(at + 10 + (packed & 0x80 ? 3 * 2 ** ((packed & 7) + 1) : 0) + 1);
    } else break;
  }
  return still(size);
};

const webp: Reader = (b) => {
  const chunk = ascii(b, 12, 4);
  if (chunk === 'VP8 ' && b.length >= 30) return still(sized(u16le(b, 26) & 0x3fff, u16le(b, 28) & 0x3fff));
  if (chunk === 'VP8L' && b.length >= 25) {
    const bits = u32le(b, 21);
    return still(sized((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1));
  }
  if (chunk === 'VP8X' && b.length >= 30) return { size: sized(u24le(b, 24) + 1, u24le(b, 27) + 1), animated: (b[20] & 0x02) !== 0 };
  return still(null);
};

const bmp: Reader = (b) => {
  if (b.length < 26) return still(null);
  if (u32le(b, 14) === 12) return still(sized(u16le(b, 18), u16le(b, 20)));
  return still(sized(u32le(b, 18) | 0, Math.abs(u32le(b, 22) | 0)));
};

const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

/** AVIF and HEIC (ISO-BMFF): the brand names the codec; the largest 'ispe' box is the picture. */
function heif(b: Uint8Array): ImageHeader | null {
  const end = Math.min(b.length, u32be(b, 0));
  const brands = [ascii(b, 8, 4)];
  for (let at = 16; at + 4 <= end; at += 4) brands.push(ascii(b, at, 4));
  const format = brands.some((x) => x === 'avif' || x === 'avis') ? 'avif' : brands.some((x) => HEIF_BRANDS.has(x)) ? 'heic' : null;
  if (!format) return null;
  let size: ImageHeader['size'] = null;
  let turned = false;
  // Single-byte decoding keeps byte offsets; the boxes sit near the start of the file.
  const text = new TextDecoder('latin1').decode(b.subarray(0, 1 << 16));
  for (let at = text.indexOf('ispe'); at >= 0 && at + 16 <= b.length; at = text.indexOf('ispe', at + 4)) {
    const found = sized(u32be(b, at + 8), u32be(b, at + 12));
    if (found && (!size || found.width * found.height > size.width * size.height)) size = found;
  }
  const irot = text.indexOf('irot');
  if (irot >= 0 && irot + 5 <= b.length) turned = (b[irot + 4] & 1) === 1;
  return { format, size: size && turned ? { width: size.height, height: size.width } : size, animated: false };
}

/** The header of an image we know, or null when the bytes are no image format we recognise. */
export function readImageHeader(b: Uint8Array): ImageHeader | null {
  const start = (...bytes: number[]) => bytes.every((x, i) => b[i] === x);
  if (start(0xff, 0xd8, 0xff)) return { format: 'jpeg', ...jpeg(b) };
  if (start(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return { format: 'png', ...png(b) };
  if (ascii(b, 0, 4) === 'GIF8') return { format: 'gif', ...gif(b) };
  if (ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 4) === 'WEBP') return { format: 'webp', ...webp(b) };
  if (ascii(b, 0, 2) === 'BM') return { format: 'bmp', ...bmp(b) };
  if (b.length >= 12 && ascii(b, 4, 4) === 'ftyp') return heif(b);
  return null;
}
