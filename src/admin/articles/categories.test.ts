import { describe, expect, it } from 'vitest';
import { editorCategoryChoices, isHiddenCategory } from './categories';

describe('isHiddenCategory', () => {
  it('matches the legacy name whatever its accents and case', () => {
    for (const name of ['Actualité mise à jour', 'actualite mise a jour', 'ACTUALITÉ MISE À JOUR', ' Actualité mise à jour ']) {
      expect(isHiddenCategory(name), name).toBe(true);
    }
  });
  it('keeps every other category, including plain Actualité', () => {
    for (const name of ['Actualité', 'Actualité mise à jour 2', 'Mise à jour', 'Économie']) {
      expect(isHiddenCategory(name), name).toBe(false);
    }
  });
});

describe('editorCategoryChoices', () => {
  const categories = [
    { id: '1', name: 'Tribune libre' },
    { id: '2', name: 'Actualité mise à jour' },
    { id: '3', name: 'Économie' },
    { id: '4', name: 'Actualité' },
    { id: '5', name: 'Culture' },
  ];
  it('drops the hidden category and sorts names in French order', () => {
    expect(editorCategoryChoices(categories).map((c) => c.name)).toEqual(['Actualité', 'Culture', 'Économie', 'Tribune libre']);
  });
  it("keeps the hidden category when it is the article's own", () => {
    expect(editorCategoryChoices(categories, '2').map((c) => c.id)).toContain('2');
  });
  it('does not modify its input', () => {
    const copy = structuredClone(categories);
    editorCategoryChoices(categories);
    expect(categories).toEqual(copy);
  });
});
