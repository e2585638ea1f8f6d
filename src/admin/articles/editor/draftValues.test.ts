import { expect, it } from 'vitest';
import { asDraftValues, draftDiffers, draftValues } from './draftValues';

it('keeps the key points with their empty fields, so each line reopens in its place', () => {
  const values = draftValues({ title: 'Titre', version: 3, key_points: ['', 'Deuxième', undefined], images: [{ id: 'x' }] });
  expect(values).toEqual({ title: 'Titre', key_points: ['', 'Deuxième', ''] });
  expect(asDraftValues(JSON.parse(JSON.stringify(values)))).toEqual(values);
});

it('counts a change of key points as a draft worth offering, and empty fields as none', () => {
  const form = { title: 'Titre', key_points: ['Premier'] };
  expect(draftDiffers({ title: 'Titre', key_points: ['Premier', '', ''] }, form)).toBe(false);
  expect(draftDiffers({ title: 'Titre', key_points: ['Premier', 'Second'] }, form)).toBe(true);
  expect(draftDiffers({ title: 'Titre', key_points: ['', '', ''] }, { title: 'Titre', key_points: [] })).toBe(false);
});
