import { describe, expect, it } from 'vitest';
import { byRegion } from './CountriesPage';

describe('byRegion', () => {
  it('groups the countries by region in the index’s order, leaving out a region with none', () => {
    const groups = byRegion([
      { name: 'Maroc', slug: 'maroc', region: 'afrique-nord' },
      { name: 'Mali', slug: 'mali', region: 'afrique-ouest' },
      { name: 'Sénégal', slug: 'senegal', region: 'afrique-ouest' },
      { name: 'France', slug: 'france', region: 'monde' },
    ]);
    expect(groups.map((g) => [g.name, g.countries.map((c) => c.name)])).toEqual([
      ["Afrique de l'Ouest", ['Mali', 'Sénégal']],
      ['Afrique du Nord', ['Maroc']],
      ['Reste du monde', ['France']],
    ]);
  });
});
