// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Notification, RecordContextProvider, type DataProvider } from 'react-admin';
import { expect, it, vi } from 'vitest';
import { i18nProvider } from '../providers/i18nProvider';
import { MarkHandledButton } from './MarkHandledButton';
import type { ContactMessage } from './types';

// A component test: react-admin around the button and a plain data provider whose update answers
// as told. The refusal itself (RLS on contact_messages) is tested on the real stack.
const MESSAGE = { id: 'm1', handled: false } as ContactMessage;

function renderButton(update: DataProvider['update']) {
  const dataProvider = { update: vi.fn(update) } as unknown as DataProvider;
  render(
    <AdminContext
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      queryClient={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}
    >
      <RecordContextProvider value={MESSAGE}>
        <MarkHandledButton />
      </RecordContextProvider>
      <Notification />
    </AdminContext>,
  );
  return { user: userEvent.setup(), update: dataProvider.update };
}

it('marks the message handled and says so', async () => {
  const { user, update } = renderButton((_, { data }) => Promise.resolve({ data: { ...MESSAGE, ...data } }) as never);
  await user.click(screen.getByRole('button', { name: 'Marquer comme traité' }));
  expect(await screen.findByText('Message marqué comme traité')).toBeTruthy();
  expect(update).toHaveBeenCalledWith('contact_messages', expect.objectContaining({ id: 'm1', data: { handled: true } }));
});

it('says in French why the message could not be changed, rather than nothing', async () => {
  const refusal = Object.assign(new Error('permission denied for table contact_messages'), { code: '42501' });
  const { user } = renderButton(() => Promise.reject(refusal));
  await user.click(screen.getByRole('button', { name: 'Marquer comme traité' }));
  const alert = await screen.findByText(/Impossible de modifier le message\./);
  expect(alert.textContent).toContain("Vous n'avez pas le droit de faire cela");
});
