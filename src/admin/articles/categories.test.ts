import { describe, expect, it } from 'vitest';
import { editorCategoryChoices } from './categories';

describe('editorCategoryChoices', () => {
  const categories = [
    { id: '1', name: 'Tribune libre', hidden_from_editor: false },
    { id: '2', name: 'Actualité mise à jour', hidden_from_editor: true },
    { id: '3', name: 'Économie' },
    { id: '4', name: 'Actualité' },
    { id: '5', name: 'Culture' },
    { id: '6', name: 'Santé', hidden_from_editor: true },
  ];
  it('drops the categories hidden from the editor (by their flag, not their name) and sorts names in French order', () => {
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
