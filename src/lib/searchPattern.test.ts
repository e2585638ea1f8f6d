import { describe, expect, it } from 'vitest';
import { escapeLike, foldForSearch, orderedWordsPattern, searchWords, tagKey } from './searchPattern';

describe('foldForSearch', () => {
  // The expected values are what private.fold (lower(unaccent(…))) returns for the same text.
  it('drops accents and case as the database does', () => {
    expect(foldForSearch('Sénégal')).toBe('senegal');
    expect(foldForSearch('ÀÉÎÕÜ çÇ ñ')).toBe('aeiou cc n');
    expect(foldForSearch('Économie')).toBe('economie');
  });
  it('spells out ligatures and barred letters', () => {
    expect(foldForSearch('Œuvre cœur Æ ß')).toBe('oeuvre coeur ae ss');
    expect(foldForSearch('Ø ø đ ł')).toBe('o o d l');
  });
  it('turns typographic quotes and dashes into the plain ones', () => {
    expect(foldForSearch('l’Afrique « citation » — tiret')).toBe("l'afrique << citation >> - tiret");
  });
});

describe('escapeLike', () => {
  it('makes %, _ and \\ literal', () => {
    expect(escapeLike('100%')).toBe('100\\%');
    expect(escapeLike('a_b')).toBe('a\\_b');
    expect(escapeLike('c:\\x')).toBe('c:\\\\x');
    expect(escapeLike('rien')).toBe('rien');
  });
});

describe('search words and pattern', () => {
  it('folds and escapes each word', () => {
    expect(searchWords('  Sénégal  100% ')).toEqual(['senegal', '100\\%']);
  });
  it('joins the words with PostgREST wildcards, in the order typed', () => {
    expect(orderedWordsPattern('Sommet  de Dakar')).toBe('sommet*de*dakar');
    expect(orderedWordsPattern('_')).toBe('\\_');
  });
  it('treats a typed * as a separator and nothing typed as no filter', () => {
    expect(orderedWordsPattern('a*b')).toBe('a*b');
    expect(orderedWordsPattern('***')).toBeNull();
    expect(orderedWordsPattern('   ')).toBeNull();
  });
});

describe('letters NFD leaves whole', () => {
  // private.fold gives these too (West African names: Ɓ, Ɗ, Ƴ, Ŋ, Ɛ).
  it('folds hooked letters and the dz digraph as unaccent does', () => {
    expect(foldForSearch('Ɓ ɗ Ƴ Ŋ ɛ ǅ ﬁ')).toBe('b d y n e dz fi');
    expect(foldForSearch('N’Diaye Ndèye Traoré')).toBe("n'diaye ndeye traore");
  });
  it('splits words on the characters PostgREST reserves in and=(…) filters', () => {
    expect(searchWords('a,b (c) "d"')).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('tagKey', () => {
  // The expected values are what private.tag_key (tags.name_key) stores for the same names.
  it('folds a name and turns punctuation into single spaces, as the type-ahead and the search match tags', () => {
    expect(tagKey("Côte d'Ivoire")).toBe('cote d ivoire');
    expect(tagKey('Côte d’Ivoire')).toBe('cote d ivoire');
    expect(tagKey('  cote   d ivoire ')).toBe('cote d ivoire');
    expect(tagKey('Guinée-Bissau')).toBe('guinee bissau');
    expect(tagKey('Sao Tomé-et-Principe')).toBe('sao tome et principe');
  });
  it('leaves nothing a search pattern could read as a wildcard', () => {
    expect(tagKey('100% *Sénégal*_')).toBe('100 senegal');
  });
});
