import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readImageHeader } from './imageHeader';
import { decodeRequest } from './renderImage';

const base = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#c0392b' } });
const header = async (image: Promise<Buffer>) => readImageHeader(new Uint8Array(await image));

describe('readImageHeader', () => {
  it('reads the size of JPEG, PNG (16-bit too), WebP (lossy, lossless), GIF, AVIF', async () => {
    expect(await header(base(640, 480).jpeg().toBuffer())).toEqual({ format: 'jpeg', size: { width: 640, height: 480 }, animated: false });
    expect(await header(base(300, 200).png().toBuffer())).toEqual({ format: 'png', size: { width: 300, height: 200 }, animated: false });
    expect(await header(base(300, 200).toColourspace('rgb16').png().toBuffer())).toMatchObject({
      format: 'png',
      size: { width: 300, height: 200 },
    });
    expect(await header(base(301, 199).webp().toBuffer())).toEqual({ format: 'webp', size: { width: 301, height: 199 }, animated: false });
    expect(await header(base(301, 199).webp({ lossless: true }).toBuffer())).toMatchObject({ size: { width: 301, height: 199 } });
    expect(await header(base(120, 80).gif().toBuffer())).toEqual({ format: 'gif', size: { width: 120, height: 80 }, animated: false });
    expect(await header(base(64, 48).avif().toBuffer())).toMatchObject({ format: 'avif', size: { width: 64, height: 48 } });
  });

  it('turns the size of a JPEG whose EXIF says it was shot sideways', async () => {
    const turned = base(400, 300).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect((await header(turned))?.size).toEqual({ width: 300, height: 400 });
  });

  it('tells animations (GIF, WebP) from stills', async () => {
    // Three 40×30 frames of different greys, stacked as sharp takes an animation.
    const raw = Buffer.alloc(40 * 90 * 3).map((_, i) => Math.floor(i / (40 * 30 * 3)) * 90);
    const frames = sharp(raw, { raw: { width: 40, height: 90, channels: 3, pageHeight: 30 } });
    expect(await header(frames.clone().gif().toBuffer())).toEqual({ format: 'gif', size: { width: 40, height: 30 }, animated: true });
    expect(await header(frames.clone().webp().toBuffer())).toMatchObject({
      format: 'webp',
      size: { width: 40, height: 30 },
      animated: true,
    });
  });

  it('knows a file cut before its size as damaged, and junk or a video as no image', async () => {
    const jpeg = await base(640, 480).jpeg().withMetadata({ orientation: 1 }).toBuffer();
    expect(readImageHeader(new Uint8Array(jpeg.subarray(0, 40)))).toEqual({ format: 'jpeg', size: null, animated: false });
    expect(readImageHeader(new TextEncoder().encode('ceci est un HEIC ? non, du bruit'))).toBeNull();
    const mp4 = new Uint8Array([0, 0, 0, 20, ...new TextEncoder().encode('ftypisom'), 0, 0, 0, 0, ...new TextEncoder().encode('isom')]);
    expect(readImageHeader(mp4)).toBeNull();
  });

  it('names a HEIC by its brand', () => {
    const heic = new Uint8Array([
      0,
      0,
      0,
      24,
      ...new TextEncoder().encode('ftypheic'),
      0,
      0,
      0,
      0,
      ...new TextEncoder().encode('mif1heic'),
    ]);
    expect(readImageHeader(heic)).toEqual({ format: 'heic', size: null, animated: false });
  });
});

describe('decodeRequest', () => {
  it("asks for just above the decoder's n/8 step that reaches the master's width", () => {
    // 12000 px to 2400: 1/8 gives 1500 (too small), 2/8 gives 3000.
    expect(decodeRequest({ width: 12000, height: 8000 }, 2400)).toEqual({ desiredWidth: 3001, desiredHeight: 2001 });
    expect(decodeRequest({ width: 1600, height: 900 }, 1600)).toEqual({ desiredWidth: 1601, desiredHeight: 901 });
  });
});
