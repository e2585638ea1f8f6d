import { describe, expect, it } from 'vitest';
import {
  masterOf,
  copyAtWidth,
  imageAtWidth,
  imageFamily,
  masterName,
  masterSize,
  parseMaster,
  renditionWidths,
  responsiveImage,
  shareImageOf,
} from './renditions';

const BASE = 'https://x.supabase.co/storage/v1/object/public/article-images';
const master = `${BASE}/1732280000-abc.2400x1350.webp`;

describe('renditions', () => {
  it('plans only widths smaller than the master: nothing is upscaled', () => {
    expect(renditionWidths(2400)).toEqual([320, 640, 960, 1200, 1600]);
    expect(renditionWidths(1200)).toEqual([320, 640, 960]);
    expect(renditionWidths(641)).toEqual([320, 640]);
    expect(renditionWidths(320)).toEqual([]);
  });

  it('caps the master long edge at 2400 px, keeping the ratio, and never enlarges', () => {
    expect(masterSize(12000, 8000)).toEqual({ width: 2400, height: 1600 });
    expect(masterSize(3000, 6000)).toEqual({ width: 1200, height: 2400 });
    expect(masterSize(800, 600)).toEqual({ width: 800, height: 600 });
  });

  it('names a master and its renditions by the documented rule', () => {
    expect(masterName(`${BASE}/1732280000-abc`, 2400, 1350)).toBe(master);
    expect(parseMaster(master)).toEqual({ stem: `${BASE}/1732280000-abc`, width: 2400, height: 1350 });
    expect(imageFamily('1732280000-abc.1200x675.webp')).toEqual([
      '1732280000-abc.1200x675.webp',
      '1732280000-abc.1200x675.w320.webp',
      '1732280000-abc.1200x675.w640.webp',
      '1732280000-abc.1200x675.w960.webp',
      '1732280000-abc.1200x675.share.jpg',
    ]);
  });

  it('names the share picture beside the master, from the master or any of its renditions', () => {
    const share = `${BASE}/1732280000-abc.2400x1350.share.jpg`;
    expect(shareImageOf(master)).toBe(share);
    expect(shareImageOf(`${BASE}/1732280000-abc.2400x1350.w640.webp`)).toBe(share);
    expect(shareImageOf('seed/a-1.1200x675.webp')).toBe('seed/a-1.1200x675.share.jpg');
    for (const url of [`${BASE}/1700000000-old.jpg`, `${master}?token=t`, 'https://example.org/p.2400x1350.png'])
      expect(shareImageOf(url)).toBeNull();
  });

  it('leaves images from before renditions (and outside or signed URLs) as they are', () => {
    for (const url of [`${BASE}/1700000000-old.jpg`, `${BASE}/seed/a-1.webp`, `${master}?token=t`, 'https://example.org/p.2400x1350.png']) {
      expect(parseMaster(url)).toBeNull();
      expect(imageFamily(url)).toEqual([url]);
      expect(imageAtWidth(url, 320)).toBe(url);
      expect(responsiveImage(url, { width: 1200, height: 675 })).toEqual({ src: url, width: 1200, height: 675 });
    }
  });

  it('picks the narrowest copy at least as wide as asked, else the master', () => {
    expect(imageAtWidth(master, 300)).toBe(`${BASE}/1732280000-abc.2400x1350.w320.webp`);
    expect(imageAtWidth(master, 1200)).toBe(`${BASE}/1732280000-abc.2400x1350.w1200.webp`);
    expect(imageAtWidth(master, 2000)).toBe(master);
  });

  it('builds srcset with every rendition and the master at its own width', () => {
    const seed = `${BASE}/seed/a-1.1200x675.webp`;
    expect(responsiveImage(seed, { width: 1, height: 1 })).toEqual({
      src: `${BASE}/seed/a-1.1200x675.w640.webp`,
      srcSet: `${BASE}/seed/a-1.1200x675.w320.webp 320w, ${BASE}/seed/a-1.1200x675.w640.webp 640w, ${BASE}/seed/a-1.1200x675.w960.webp 960w, ${seed} 1200w`,
      width: 1200,
      height: 675,
    });
  });
});

describe('responsiveImage with a widest copy', () => {
  it('leaves out copies wider than asked, keeping at least the narrowest', () => {
    const seed = `${BASE}/seed/a-1.1200x675.webp`;
    expect(responsiveImage(seed, { width: 1, height: 1 }, 640).srcSet).toBe(
      `${BASE}/seed/a-1.1200x675.w320.webp 320w, ${BASE}/seed/a-1.1200x675.w640.webp 640w`,
    );
    expect(responsiveImage(seed, { width: 1, height: 1 }, 960).srcSet).toMatch(/w960\.webp 960w$/);
    expect(responsiveImage(`${BASE}/a.400x300.webp`, { width: 1, height: 1 }, 200).srcSet).toBe(`${BASE}/a.400x300.w320.webp 320w`);
  });
});

describe('copyAtWidth', () => {
  it('gives the rendition and its own size, or the image as it is', () => {
    expect(copyAtWidth(master, 320, { width: 1, height: 1 })).toEqual({
      src: `${BASE}/1732280000-abc.2400x1350.w320.webp`,
      width: 320,
      height: 180,
    });
    expect(copyAtWidth(`${BASE}/old.jpg`, 320, { width: 1200, height: 675 })).toEqual({ src: `${BASE}/old.jpg`, width: 1200, height: 675 });
  });
});

describe('masterOf', () => {
  it('finds the master of any of its renditions, and leaves the master and other URLs as they are', () => {
    expect(masterOf(master.replace('.webp', '.w640.webp'))).toBe(master);
    expect(masterOf(master.replace('.webp', '.w1600.webp'))).toBe(master);
    expect(masterOf(master)).toBe(master);
    expect(masterOf('https://img.example.test/photo.jpg')).toBe('https://img.example.test/photo.jpg');
    // A signed or transformed URL is not ours to rewrite.
    const signed = `${master.replace('.webp', '.w640.webp')}?token=abc`;
    expect(masterOf(signed)).toBe(signed);
  });
});
