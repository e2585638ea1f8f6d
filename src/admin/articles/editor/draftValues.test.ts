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

it('keeps a group of fields (« Vrai ou faux »’s check) whole, and offers it when it changed', () => {
  const factCheck = { claim: 'Le pont a été vendu', links: ['', 'https://x.example'], sources: [{ title: 'A', url: '', consulted: '' }] };
  const kept = draftValues({ title: 'T', content: 'C', fact_check: factCheck });
  expect(kept.fact_check).toEqual(factCheck);
  expect(draftDiffers(kept, { title: 'T', content: 'C', fact_check: factCheck })).toBe(false);
  expect(draftDiffers(kept, { title: 'T', content: 'C', fact_check: { claim: 'Autre' } })).toBe(true);
});
