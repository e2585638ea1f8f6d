import { describe, expect, it } from 'vitest';
import { followsTitle, slugAfterTitleChange, slugBase, slugFromTitle } from './slug';

describe('slugs', () => {
  it('lower-cases, strips accents, hyphenates runs and trims', () => {
    expect(slugBase("  L'Économie ivoirienne : +7 % en 2026 !  ")).toBe('l-economie-ivoirienne-7-en-2026');
    expect(slugBase('Ça déménage à Niamey')).toBe('ca-demenage-a-niamey');
  });

  it("a title's slug has no suffix (the database numbers a taken one)", () => {
    expect(slugFromTitle('Côte d’Ivoire : 1 000 nouveaux habitants')).toBe('cote-d-ivoire-1-000-nouveaux-habitants');
    expect(slugFromTitle('!!!')).toBe('');
  });

  it("follows the title only when it is exactly the title's slug", () => {
    expect(followsTitle('cote-d-ivoire', "Côte d'Ivoire")).toBe(true);
    // A numbered one was given by the database; a hand-made one is the editor's choice.
    expect(followsTitle('cote-d-ivoire-2', "Côte d'Ivoire")).toBe(false);
    expect(followsTitle('abidjan', "Côte d'Ivoire")).toBe(false);
    expect(followsTitle('', '!!!')).toBe(false);
  });

  it('a title change moves the slug of an article never public, and leaves the address of one that has been', () => {
    expect(slugAfterTitleChange('Nouveau titre', { slug: 'ancien-titre', hasBeenPublic: false })).toBe('nouveau-titre');
    expect(slugAfterTitleChange('Nouveau titre', { slug: 'ancien-titre', hasBeenPublic: true })).toBe('ancien-titre');
  });
});
