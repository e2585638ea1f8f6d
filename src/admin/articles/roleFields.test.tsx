// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import type { AuthProvider, DataProvider } from 'react-admin';
import { expect, it, vi } from 'vitest';
import type { NewsroomRole } from '@/lib/roles';
import { listOnlyProvider, renderInForm } from '../../../tests/components/adminForm';
import { AuthorInput } from './AuthorInput';
import { StatusInput } from './StatusInput';

// The editor's fields that depend on the role: react-admin's form around them, the role as
// react-admin's permissions, and a plain data provider answering the accounts list. The real
// provider and the database's refusals are tested on the real stack.
const MEMBERS = [
  { id: 'p1', user_id: 'u-admin', full_name: 'Aminata Diallo', email: 'admin@x.test' },
  { id: 'p2', user_id: 'u-journalist', full_name: 'Moussa Traoré', email: 'journaliste@x.test' },
];

function renderFields(role: NewsroomRole, record?: { author_id?: string; status: string }) {
  const getList = vi.fn(() => Promise.resolve({ data: MEMBERS, total: MEMBERS.length }));
  const authProvider: AuthProvider = {
    login: () => Promise.resolve(),
    logout: () => Promise.resolve(),
    checkAuth: () => Promise.resolve(),
    checkError: () => Promise.resolve(),
    getPermissions: vi.fn(() => Promise.resolve(role)),
    getIdentity: () => Promise.resolve({ id: role === 'admin' ? 'u-admin' : 'u-journalist', fullName: 'X' }),
  };
  const rendered = renderInForm(
    <>
      <AuthorInput />
      <StatusInput />
    </>,
    {
      record: record ?? { status: 'draft' },
      dataProvider: listOnlyProvider(getList as unknown as DataProvider['getList'], 'only the accounts list is read'),
      authProvider,
    },
  );
  return { ...rendered, getList, getPermissions: authProvider.getPermissions! };
}

const radioNames = () => screen.getAllByRole('radio').map((r) => r.closest('label')?.textContent);

it('offers a journalist Brouillon or « À relire (soumettre) », and no byline to choose', async () => {
  const { user, onSubmit, getList, getPermissions } = renderFields('journalist');
  // The role known, and the form rendered again with it.
  await waitFor(() => expect(getPermissions).toHaveBeenCalled());
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  await screen.findByRole('radio', { name: 'À relire (soumettre)' });
  expect(radioNames()).toEqual(['Brouillon', 'À relire (soumettre)']);
  expect(screen.queryByRole('combobox', { name: 'Auteur' })).toBeNull();
  // The accounts view answers administrators only: a journalist's form never asks it.
  expect(getList).not.toHaveBeenCalled();
  await user.click(screen.getByRole('radio', { name: 'À relire (soumettre)' }));
  await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
  expect(onSubmit.mock.calls[0][0]).toEqual({ status: 'review' });
});

it('offers an administrator every status and the newsroom as bylines, themselves by default', async () => {
  const { user, onSubmit, getList } = renderFields('admin');
  const author = await screen.findByRole('combobox', { name: 'Auteur' });
  expect(author.textContent).toBe('Aminata Diallo');
  expect(radioNames()).toEqual(['Brouillon', 'À relire', 'Programmé', 'Publié']);
  expect(getList).toHaveBeenCalledWith('accounts', expect.objectContaining({ filter: { 'roles@ov': '{admin,journalist}' } }));

  await user.click(author);
  await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Moussa Traoré' }));
  await user.click(screen.getByRole('radio', { name: 'Publié' }));
  await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
  expect(onSubmit.mock.calls[0][0]).toEqual({ status: 'published', author_id: 'u-journalist' });
});

it('keeps the byline an article already has', async () => {
  renderFields('admin', { author_id: 'u-journalist', status: 'review' });
  expect((await screen.findByRole('combobox', { name: 'Auteur' })).textContent).toBe('Moussa Traoré');
  expect(screen.getByRole('radio', { name: 'À relire' })).toHaveProperty('checked', true);
});
