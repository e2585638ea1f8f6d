import { expect, it } from 'vitest';
import { openingMode, withOpeningMode } from './editorMode';

it('reopens an article in the mode it was saved in', () => {
  expect(openingMode({ editor_mode: 'rich', content: '<p>Bonjour</p>' })).toBe('rich');
  expect(openingMode({ editor_mode: 'html', content: '<p>Bonjour</p>' })).toBe('html');
  expect(openingMode({ editor_mode: 'html', content: '' })).toBe('html');
});

it("opens plain text in 'Texte brut', which alone can have written it", () => {
  expect(openingMode({ editor_mode: 'rich', content: 'Une phrase. Une autre.' })).toBe('html');
});

it("opens an article without a mode or text in 'Mise en forme'", () => {
  expect(openingMode({ content: '' })).toBe('rich');
  expect(openingMode({ editor_mode: null, content: '<p>x</p>' })).toBe('rich');
});

it('changes the record only when its mode is not the opening one', () => {
  const record = { id: 'a', editor_mode: 'rich' as const, content: '<p>x</p>' };
  expect(withOpeningMode(record)).toBe(record);
  expect(withOpeningMode({ ...record, content: 'x' })).toEqual({ ...record, content: 'x', editor_mode: 'html' });
});
