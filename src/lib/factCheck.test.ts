import { describe, expect, it } from 'vitest';
import { factCheckOf, VERDICT_STYLES, VERDICTS } from './factCheck';

/** WCAG 2 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

describe('the verdict scale', () => {
  it('is the fixed French scale, true to false, rated 5 to 1 for ClaimReview', () => {
    expect(VERDICTS.map((v) => VERDICT_STYLES[v].label)).toEqual(['Vrai', 'Plutôt vrai', 'Non prouvé', 'Trompeur', 'Exagéré', 'Faux']);
    expect(VERDICTS.map((v) => VERDICT_STYLES[v].rating)).toEqual([5, 4, 3, 2, 2, 1]);
  });
  it.each(VERDICTS)('%s: its band passes AA contrast (4.5:1) and carries an icon beside the colour', (verdict) => {
    const style = VERDICT_STYLES[verdict];
    expect(contrast(style.color, style.background)).toBeGreaterThanOrEqual(4.5);
    expect(style.icon).not.toBe('');
  });
  it('reads a fact-check only from a « Vrai ou faux » with a verdict on the scale', () => {
    expect(factCheckOf({ format: 'factcheck', fact_check: { verdict: 'false', claim: 'x' } })?.verdict).toBe('false');
    expect(factCheckOf({ format: 'article', fact_check: { verdict: 'false' } })).toBeNull();
    expect(factCheckOf({ format: 'factcheck', fact_check: { verdict: 'pants_on_fire' } })).toBeNull();
    expect(factCheckOf({ format: 'factcheck', fact_check: null })).toBeNull();
  });
});
