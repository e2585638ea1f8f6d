// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import type { DataProvider } from 'react-admin';
import { expect, it, vi } from 'vitest';
import { listOnlyProvider, renderInForm } from '../../../tests/components/adminForm';
import { CategoryInput } from './CategoryInput';

// A component test: the input in react-admin's form, the one list it asks for answered by a plain
// data provider.

// In the order a C-collation database sorts them: 'Économie' after 'Tribune libre'.
const CATEGORIES = [
  { id: 'c-actu', name: 'Actualité', slug: 'actualite' },
  { id: 'c-legacy', name: 'Actualité mise à jour', slug: 'actualite-mise-a-jour', hidden_from_editor: true },
  { id: 'c-culture', name: 'Culture', slug: 'culture' },
  { id: 'c-tribune', name: 'Tribune libre', slug: 'tribune-libre' },
  { id: 'c-eco', name: 'Économie', slug: 'economie' },
];

const listCategories = vi.fn(() => Promise.resolve({ data: CATEGORIES, total: CATEGORIES.length })) as unknown as DataProvider['getList'];

function renderInput(record: { category_id: string | null }, getList = listCategories) {
  return renderInForm(<CategoryInput currentId={record.category_id} />, {
    record,
    dataProvider: listOnlyProvider(getList, 'The category input only lists categories'),
  });
}

/** The open list's options, once the categories are in. */
async function optionNames() {
  const list = await screen.findByRole('listbox');
  await within(list).findByRole('option', { name: 'Culture' });
  return within(list)
    .getAllByRole('option')
    .map((o) => o.textContent);
}

it('offers the categories in French order, without the legacy one, after a placeholder', async () => {
  const { user } = renderInput({ category_id: null });
  const input = await screen.findByRole('combobox', { name: /Catégorie/ });
  expect(input.textContent).toBe('Sélectionner une catégorie');
  await user.click(input);
  expect(await optionNames()).toEqual(['Sélectionner une catégorie', 'Actualité', 'Culture', 'Économie', 'Tribune libre']);
  expect(
    within(screen.getByRole('listbox')).getByRole('option', { name: 'Sélectionner une catégorie' }).getAttribute('aria-disabled'),
  ).toBe('true');
});

it('keeps the legacy category for an old article filed under it, and shows it chosen', async () => {
  const { user } = renderInput({ category_id: 'c-legacy' });
  const input = await screen.findByRole('combobox', { name: /Catégorie/ });
  await screen.findByText('Actualité mise à jour');
  expect(input.textContent).toBe('Actualité mise à jour');
  await user.click(input);
  expect(await optionNames()).toEqual([
    'Sélectionner une catégorie',
    'Actualité',
    'Actualité mise à jour',
    'Culture',
    'Économie',
    'Tribune libre',
  ]);
});

it('refuses to save without a category, in French, then saves the one picked', async () => {
  const { user, onSubmit } = renderInput({ category_id: null });
  await user.click(await screen.findByRole('button', { name: 'Enregistrer' }));
  expect(await screen.findByText('La catégorie est requise')).toBeTruthy();
  expect(onSubmit).not.toHaveBeenCalled();

  await user.click(screen.getByRole('combobox', { name: /Catégorie/ }));
  await user.click(screen.getByRole('option', { name: 'Économie' }));
  expect(screen.queryByText('La catégorie est requise')).toBeNull();
  await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
  expect(onSubmit).toHaveBeenCalledOnce();
  expect(onSubmit.mock.calls[0][0]).toMatchObject({ category_id: 'c-eco' });
});

it('says so in French when the categories cannot be loaded', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  renderInput({ category_id: null }, () => Promise.reject(new Error('réseau coupé')));
  expect(await screen.findByText('Impossible de charger les catégories')).toBeTruthy();
});
