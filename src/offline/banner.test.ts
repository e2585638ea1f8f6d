// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { attributeChannel, untagged } from '@/lib/channels';
import { BANNER_BACKGROUND, BANNER_LINK, BANNER_TEXT, offlineBanner, type OfflineIndex } from './banner';

// WCAG 2 contrast of two #rrggbb colours.
const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};
const hex = (rgb: string) =>
  '#' +
  rgb
    .match(/\d+/g)!
    .slice(0, 3)
    .map((n) => Number(n).toString(16).padStart(2, '0'))
    .join('');

const INDEX: OfflineIndex = {
  edition: { date: '2026-11-22T06:00:00Z', dataSaver: false, pages: [] },
  pages: {
    '/': { title: 'Accueil', savedAt: '2026-11-22T06:00:00Z' },
    '/article/le-sommet': { title: 'Le sommet', savedAt: '2026-11-22T06:01:00Z' },
    '/article/la-can': { title: 'La CAN', savedAt: '2026-11-22T06:02:00Z' },
  },
};

describe('the offline banner', () => {
  it('tags its links « Édition hors ligne », so a view they bring counts for the edition', () => {
    const root = document.createElement('div');
    root.innerHTML = offlineBanner(INDEX, '/', true);
    const hrefs = [...root.querySelectorAll('a')].map((a) => a.getAttribute('href')!);
    expect(hrefs).toEqual(['/article/la-can?s=hl', '/article/le-sommet?s=hl']);
    for (const href of hrefs) {
      const url = new URL(href, 'https://afrique-actu.example');
      expect(attributeChannel({ search: url.search, referrer: '', origin: url.origin, landedOnArticle: true }).channel).toBe('hors-ligne');
      // The worker finds the page it stored, kept without the tag.
      expect(untagged(url.href)).toBe(`https://afrique-actu.example${url.pathname}`);
    }
  });

  it('lists the stored articles as links readable on its band (contrast ≥ 4.5:1), the home link too', () => {
    const root = document.createElement('div');
    root.innerHTML = offlineBanner(INDEX, '/article/le-sommet', true);
    const band = root.querySelector<HTMLElement>('.offline-banner')!;
    expect(hex(band.style.backgroundColor)).toBe(BANNER_BACKGROUND);
    expect(contrast(hex(band.style.color), BANNER_BACKGROUND)).toBeGreaterThanOrEqual(4.5);
    const links = [...root.querySelectorAll('a')];
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Accueil', '/?s=hl'],
      ['La CAN', '/article/la-can?s=hl'],
    ]);
    for (const a of links) {
      // Its own colour, not the browser's dark blue (about 2:1 on the band).
      expect(hex(a.style.color)).toBe(BANNER_LINK);
      expect(a.style.textDecoration).toBe('underline');
    }
    expect(contrast(BANNER_LINK, BANNER_BACKGROUND)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(BANNER_TEXT, BANNER_BACKGROUND)).toBeGreaterThanOrEqual(4.5);
    expect(contrast('#0000ee', BANNER_BACKGROUND)).toBeLessThan(4.5);
  });
});
