import { describe, expect, it } from 'vitest';
import type { RunResult } from './measure.ts';
import { deviceTable, lcpElementLines, median, mostCommon, table, targetLines, type Mode, type Page } from './report.ts';

const run = (over: Partial<RunResult>): RunResult => ({
  lcp: 1000,
  fcp: 800,
  cls: 0,
  totalBytes: 100 * 1024,
  jsBytes: 50 * 1024,
  imageBytes: 30 * 1024,
  requests: 10,
  lcpElement: 'h1.article__title',
  clsSources: '',
  longestSilenceMs: 0,
  silenceEndedBy: '',
  ...over,
});
const html = { headline: true, firstParagraph: true };

describe('median and mostCommon', () => {
  it('takes the middle value, or the mean of the two middle ones, whatever the order', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });
  it('picks the most frequent string, the first seen on a tie', () => {
    expect(mostCommon(['a', 'b', 'b', 'c'])).toBe('b');
    expect(mostCommon(['x', 'y'])).toBe('x');
    expect(mostCommon([])).toBeUndefined();
  });
});

describe('table', () => {
  it('pads text columns on the right and numbers on the left', () => {
    expect(
      table([
        ['page', 'KB'],
        ['home', '1.5'],
        ['article', '120.0'],
      ]),
    ).toBe(['page        KB', 'home       1.5', 'article  120.0'].join('\n'));
  });
});

describe('device table', () => {
  it('has a row per page and mode with medians, worst CLS, and "-" where every run failed', () => {
    const runs = (_d: string, page: Page, mode: Mode) =>
      page === 'home' && mode === 'normal'
        ? [run({ lcp: 900, cls: 0.02 }), run({ lcp: 1300 }), run({ lcp: 1100 })]
        : page === 'category'
          ? []
          : [run({})];
    const lines = deviceTable(runs, 'phone').split('\n');
    expect(lines).toHaveLength(7);
    expect(lines[1].split(/\s+/)).toEqual(['home', 'normal', '3', '100.0', '50.0', '30.0', '10', '1100', '800', '0.000', '0.020']);
    expect(lines[3].split(/\s+/)).toEqual(['category', 'normal', '0', '-', '-', '-', '-', '-', '-', '-', '-']);
  });
});

describe('targets', () => {
  const lines = (runs: (page: Page, mode: Mode) => RunResult[], check = html) => targetLines((_d, p, m) => runs(p, m), check);

  it('passes when every phone figure is within its target', () => {
    const out = lines((_p, mode) => [run(mode === 'data-saver' ? { totalBytes: 40 * 1024 } : {})]);
    expect(out.every((l) => l.startsWith('✓'))).toBe(true);
    expect(out[0]).toBe('✓ article total ≤ 150 KB: 100.0 KB');
  });

  it('fails each target on its own figure', () => {
    const out = lines((page, mode) =>
      mode === 'data-saver'
        ? [run({ totalBytes: (page === 'home' ? 61 : 40) * 1024 })]
        : [
            run({
              totalBytes: (page === 'article' ? 151 : 100) * 1024,
              jsBytes: (page === 'category' ? 91 : 50) * 1024,
              lcp: page === 'home' ? 1201 : 1000,
              cls: page === 'article' ? 0.011 : 0,
            }),
          ],
    );
    expect(out).toEqual([
      '✗ article total ≤ 150 KB: 151.0 KB',
      '✓ category total ≤ 200 KB: 100.0 KB',
      '✓ home total ≤ 250 KB: 100.0 KB',
      '✗ JS ≤ 90 KB on each page: home 50.0, category 91.0, article 50.0 KB',
      '✗ LCP ≤ 1200 ms on all three: home 1201, category 1000, article 1000 ms',
      '✗ CLS ≤ 0.01 on every run: worst 0.011 (article)',
      '✗ data-saver: every page ≤ 60 KB total: home 61.0, category 40.0, article 40.0 KB',
      "✓ data-saver HTML (Save-Data: on) has the article's headline and first paragraph: headline present, first paragraph present",
    ]);
  });

  it('counts CLS on the worst run, not the median, and a page without runs as a miss', () => {
    const out = lines((page) => (page === 'category' ? [] : [run({}), run({}), run({ cls: 0.05 })]), {
      headline: true,
      firstParagraph: false,
    });
    expect(out.find((l) => l.includes('CLS'))).toBe('✗ CLS ≤ 0.01 on every run: worst 0.050 (home)');
    expect(out.find((l) => l.includes('JS'))).toBe('✗ JS ≤ 90 KB on each page: home 50.0, category -, article 50.0 KB');
    expect(out.at(-1)).toMatch(/^✗ .*first paragraph absent$/);
  });
});

describe('LCP elements', () => {
  it('lists the most frequent element per device, page and mode', () => {
    const out = lcpElementLines(
      (d, p, m) =>
        d === 'phone' && p === 'home' && m === 'normal'
          ? [run({ lcpElement: 'img in .card' }), run({ lcpElement: 'img in .card' }), run({})]
          : [],
      ['phone'],
    );
    expect(out).toHaveLength(6);
    expect(out[0].split(/\s+/)).toEqual(['phone', 'home', 'normal', 'img', 'in', '.card']);
    expect(out[1].trimEnd().split(/\s+/)).toEqual(['phone', 'home', 'data-saver', '-']);
  });
});
