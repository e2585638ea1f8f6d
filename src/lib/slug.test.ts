import { describe, expect, it } from 'vitest';
import { slugBase, slugFromTitle } from './slug';

describe('slugs', () => {
  it('lower-cases, strips accents, hyphenates runs and trims', () => {
    expect(slugBase("  L'Économie ivoirienne : +7 % en 2026 !  ")).toBe('l-economie-ivoirienne-7-en-2026');
    expect(slugBase('Ça déménage à Niamey')).toBe('ca-demenage-a-niamey');
  });
  it('appends a base-36 timestamp', () => {
    expect(slugFromTitle('Côte d’Ivoire', 1_700_000_000_000)).toBe(`cote-d-ivoire-${(1_700_000_000_000).toString(36)}`);
    expect(slugFromTitle('!!!', 36)).toBe('10');
  });
});
