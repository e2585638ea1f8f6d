import { describe, expect, it } from 'vitest';
import { tagSearchFilter } from './tagSearch';

describe('tagSearchFilter', () => {
  it('matches the folded name: « cote d ivoire » and « Côte d’Ivoire » ask the same', () => {
    expect(tagSearchFilter({ q: 'cote d ivoire' })).toEqual({ 'name_key@ilike': 'cote d ivoire' });
    expect(tagSearchFilter({ q: 'Côte d’Ivoire', kind: 'pays' })).toEqual({ kind: 'pays', 'name_key@ilike': 'cote d ivoire' });
  });
  it('filters nothing for a blank box, nor for punctuation alone', () => {
    expect(tagSearchFilter({ q: '  ', hidden: false })).toEqual({ hidden: false });
    expect(tagSearchFilter({ q: "*'%" })).toEqual({});
  });
});
