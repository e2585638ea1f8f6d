// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, type DataProvider } from 'react-admin';
import { expect, it, vi } from 'vitest';
import { i18nProvider } from '../providers/i18nProvider';
import { FrontPageSlot } from './FrontPageSlot';
import type { FrontPageArticle } from './slots';

// A component test: react-admin around one place of the front page, and a plain data provider that
// answers the picker's list. The store and the screen are tested on the real stack (E2E).
const HOUR = 3600_000;
const published = (id: string, title: string): FrontPageArticle => ({
  id,
  title,
  status: 'published',
  published_at: '2026-01-01T08:00:00Z',
});
const ARTICLES = [published('a1', 'Sénégal : le gaz offshore entre en production'), published('a2', 'Dakar : le TER relie l’aéroport')];

function renderSlot(props: Partial<Parameters<typeof FrontPageSlot>[0]> = {}) {
  const getList = vi.fn(() => Promise.resolve({ data: ARTICLES, total: ARTICLES.length }));
  const unused = () => Promise.reject(new Error('The front page place only lists articles'));
  const dataProvider = { getList, getOne: unused, getMany: vi.fn(() => Promise.resolve({ data: [] })) } as unknown as DataProvider;
  const handlers = { onPick: vi.fn(), onMove: vi.fn(), onUnpin: vi.fn() };
  render(
    <AdminContext
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <FrontPageSlot index={0} name="À la une" article={null} busy={false} {...handlers} {...props} />
    </AdminContext>,
  );
  return { user: userEvent.setup(), getList, ...handlers };
}

it('without a pin, says the newest article leads and names it', async () => {
  renderSlot({ newest: ARTICLES[1] });
  const place = await screen.findByRole('region', { name: 'À la une' });
  expect(place.textContent).toContain("Aucun — l'article le plus récent mène (en ce moment : « Dakar : le TER relie l’aéroport »)");
  expect(within(place).getByRole('button', { name: 'Monter' })).toHaveProperty('disabled', true);
  expect(within(place).queryByRole('button', { name: 'Retirer' })).toBeNull();
});

it('offers the published and scheduled articles, newest first, and hands the chosen one over', async () => {
  const { user, getList, onPick } = renderSlot();
  await user.type(await screen.findByRole('combobox', { name: 'Choisir un article' }), 'senegal');
  // The typed words go to the data provider (debounced), which searches the folded titles.
  await waitFor(
    () =>
      expect(getList).toHaveBeenCalledWith(
        'articles',
        expect.objectContaining({
          filter: expect.objectContaining({ 'status@in': '(published,scheduled)', q: 'senegal' }),
          sort: { field: 'published_at', order: 'DESC' },
        }),
      ),
    // Typing seven letters then the debounce: more than waitFor's 1 s on a busy 2-core machine.
    { timeout: 5000 },
  );
  await user.click(await screen.findByRole('option', { name: ARTICLES[0].title }));
  expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ id: 'a1', title: ARTICLES[0].title }));
});

it('shows a pinned story with its moves, and warns while readers cannot see it yet', async () => {
  const later: FrontPageArticle = {
    id: 's1',
    title: 'Programmé demain',
    status: 'scheduled',
    published_at: new Date(Date.now() + 24 * HOUR).toISOString(),
  };
  const { user, onMove, onUnpin } = renderSlot({ index: 1, name: 'Rang 2', article: later });
  const place = await screen.findByRole('region', { name: 'Rang 2' });
  expect(within(place).getByRole('link', { name: 'Programmé demain' }).getAttribute('href')).toMatch(/\/articles\/s1$/);
  expect(place.textContent).toContain('Les lecteurs ne le voient pas encore');
  await user.click(within(place).getByRole('button', { name: 'Monter' }));
  await user.click(within(place).getByRole('button', { name: 'Descendre' }));
  await user.click(within(place).getByRole('button', { name: 'Retirer' }));
  expect(onMove.mock.calls).toEqual([[-1], [1]]);
  expect(onUnpin).toHaveBeenCalledTimes(1);
});
