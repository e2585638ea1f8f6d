import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { AdminContext, Form, type AuthProvider, type DataProvider } from 'react-admin';
import { vi } from 'vitest';
import { i18nProvider } from '@/admin/providers/i18nProvider';

// The back office's component tests: react-admin's form around the inputs under test, and a plain
// data provider answering the one list they ask for. What the real provider does is tested on the
// real stack.

/** A data provider that answers `getList` only: any other call fails, saying `why`. */
export function listOnlyProvider(getList: DataProvider['getList'], why: string): DataProvider {
  const unused = () => Promise.reject(new Error(why));
  return {
    getList,
    getOne: unused,
    getMany: unused,
    getManyReference: unused,
    create: unused,
    update: unused,
    updateMany: unused,
    delete: unused,
    deleteMany: unused,
  };
}

/** Renders `inputs` in a react-admin form holding `record`, with its « Enregistrer » button. */
export function renderInForm(
  inputs: ReactNode,
  { record, dataProvider, authProvider }: { record: Record<string, unknown>; dataProvider: DataProvider; authProvider?: AuthProvider },
) {
  const onSubmit = vi.fn();
  // A failed list is shown at once rather than after react-query's three retries.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={i18nProvider} queryClient={queryClient}>
      {/* noValidate as in the editor: the inputs' own French messages, not the browser's bubble. */}
      <Form record={record} onSubmit={onSubmit} noValidate>
        {inputs}
        <button type="submit">Enregistrer</button>
      </Form>
    </AdminContext>,
  );
  return { user: userEvent.setup(), onSubmit };
}
