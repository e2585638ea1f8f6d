import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CAROUSEL_BREAKPOINTS, CAROUSEL_GAP_PX, CAROUSEL_INTERVAL_MS, slidesPerViewFor, slideToRevealFor } from './carousel';

describe('home carousel constants (docs/product.md#carousels)', () => {
  it('auto-advances every 5000 ms', () => {
    expect(CAROUSEL_INTERVAL_MS).toBe(5000);
  });

  it('shows 1 card under 640 px, 2 under 1024 px, otherwise 3', () => {
    expect(slidesPerViewFor(320)).toBe(1);
    expect(slidesPerViewFor(375)).toBe(1);
    expect(slidesPerViewFor(639)).toBe(1);
    expect(slidesPerViewFor(640)).toBe(2);
    expect(slidesPerViewFor(768)).toBe(2);
    expect(slidesPerViewFor(1023)).toBe(2);
    expect(slidesPerViewFor(1024)).toBe(3);
    expect(slidesPerViewFor(1280)).toBe(3);
    expect(slidesPerViewFor(2560)).toBe(3);
  });

  it('gives Swiper breakpoints that agree with slidesPerViewFor at every width', () => {
    for (const [min, { slidesPerView }] of Object.entries(CAROUSEL_BREAKPOINTS)) {
      expect(slidesPerViewFor(Number(min))).toBe(slidesPerView);
    }
  });
});

describe('slideToRevealFor (keyboard focus on a card)', () => {
  it('leaves the carousel alone when the focused card is visible', () => {
    expect(slideToRevealFor(0, 0, 3)).toBeNull();
    expect(slideToRevealFor(2, 0, 3)).toBeNull();
    expect(slideToRevealFor(4, 4, 1)).toBeNull();
    expect(slideToRevealFor(5, 4, 2)).toBeNull();
  });
  it('slides just enough to show a card to the right', () => {
    expect(slideToRevealFor(3, 0, 3)).toBe(1);
    expect(slideToRevealFor(1, 0, 1)).toBe(1);
    expect(slideToRevealFor(9, 2, 2)).toBe(8);
  });
  it('slides back to a card to the left (Shift+Tab)', () => {
    expect(slideToRevealFor(0, 4, 3)).toBe(0);
    expect(slideToRevealFor(3, 4, 1)).toBe(3);
  });
});

describe('the placeholder CSS mirrors the constants', () => {
  // The static row shown before Swiper loads must have Swiper's geometry, or the page jumps.
  const css = fs.readFileSync(path.resolve(import.meta.dirname, 'CategoryCarousel.css'), 'utf8');

  it('uses the same items per view at the same breakpoints', () => {
    const fromCss: Record<number, number> = { 0: Number(/\.carousel \{[^}]*--spv: (\d+)/.exec(css)?.[1]) };
    for (const m of css.matchAll(/@media \(min-width: (\d+)px\) \{\s*\.carousel \{\s*--spv: (\d+);\s*\}\s*\}/g)) {
      fromCss[Number(m[1])] = Number(m[2]);
    }
    const fromTs = Object.fromEntries(Object.entries(CAROUSEL_BREAKPOINTS).map(([w, b]) => [Number(w), b.slidesPerView]));
    expect(fromCss).toEqual(fromTs);
  });

  it('uses the same gap', () => {
    expect(/--gap: (\d+)px/.exec(css)?.[1]).toBe(String(CAROUSEL_GAP_PX));
  });
});
