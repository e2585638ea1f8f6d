import { expect, it } from 'vitest';
import { shareCrop } from './shareImage';

it('crops the centre of a picture to the share card’s 1200:630', () => {
  // 16:9 master: wider than 1.91:1? No, narrower: full width, a band cut from the middle.
  expect(shareCrop(2400, 1350)).toEqual({ sx: 0, sy: 45, sw: 2400, sh: 1260 });
  // A panorama: full height, the middle part of its width.
  expect(shareCrop(3000, 1000)).toEqual({ sx: 548, sy: 0, sw: 1905, sh: 1000 });
  // A portrait photo: the middle band.
  expect(shareCrop(1000, 1500)).toEqual({ sx: 0, sy: 488, sw: 1000, sh: 525 });
});
