import { describe, expect, it } from 'vitest';
import { fromTitlePattern, toTitlePattern } from './search';

describe('title search pattern', () => {
  it('joins words with * so ra-data-postgrest sends a single ilike parameter', () => {
    expect(toTitlePattern('sommet')).toBe('sommet');
    expect(toTitlePattern('sommet  de Dakar')).toBe('sommet*de*Dakar');
    expect(/\s/.test(toTitlePattern(' a b '))).toBe(false);
  });
  it('shows the typed words back, spaces included while typing', () => {
    expect(fromTitlePattern(toTitlePattern('sommet de '))).toBe('sommet de ');
    expect(fromTitlePattern(undefined)).toBe('');
  });
});
