// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  AdminContext,
  ResourceContextProvider,
  ResourceDefinitionContextProvider,
  type AuthProvider,
  type DataProvider,
} from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18nProvider } from '../providers/i18nProvider';
import { ArticleList } from './ArticleList';

// The articles list as a journalist meets it on a phone and on a laptop, inside react-admin with a
// plain data provider: the phone gets one column (title, badge, author, date) whose rows open the
// article, and a floating « Nouvel article »; the laptop gets the table with its new columns.
// The list's reads on the real stack are in the E2E stories (desk-field.spec.ts).

vi.mock('../frontPage', () => ({ LeadButton: () => null }));

// react-admin checks the session and rights before it reads the list: slower than a second in jsdom.
const LOADED = { timeout: 10_000 };

const ME = { id: 'u-moussa', fullName: 'Moussa Traoré' };
const ROWS = [
  {
    id: 'a1',
    title: 'Sandaga rouvre après six mois de travaux',
    status: 'review',
    published_at: null,
    created_at: '2026-11-20T09:00:00Z',
    author_id: ME.id,
  },
  {
    id: 'a2',
    title: 'Le port de Dakar en chiffres',
    status: 'published',
    published_at: '2026-11-21T07:30:00Z',
    created_at: '2026-11-19T09:00:00Z',
    author_id: ME.id,
  },
];

/** A browser as wide as `width`: MUI's useMediaQuery reads window.matchMedia. */
function screenWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const matches = (!max || width <= Number(max[1])) && (!min || width >= Number(min[1]));
    return {
      matches,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
    };
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  // react-admin's router lives in the address's hash: the next test starts on the list again.
  window.history.replaceState(null, '', '/');
});

function renderList() {
  const getList = vi.fn(async () => ({ data: ROWS, total: ROWS.length }));
  const dataProvider = { getList, getMany: async () => ({ data: [] }) } as unknown as DataProvider;
  const authProvider: AuthProvider = {
    login: async () => {},
    logout: async () => {},
    checkAuth: async () => {},
    checkError: async () => {},
    getIdentity: async () => ME,
    getPermissions: async () => 'journalist',
    canAccess: async () => true,
  };
  render(
    <AdminContext
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      {/* The resource as NewsroomAdmin declares it: rows link to its edit page. */}
      <ResourceDefinitionContextProvider definitions={{ articles: { name: 'articles', hasList: true, hasEdit: true, hasCreate: true } }}>
        <Routes>
          <Route
            path="/"
            element={
              <ResourceContextProvider value="articles">
                <ArticleList />
              </ResourceContextProvider>
            }
          />
          <Route path="/articles/:id" element={<p>Éditeur de l'article</p>} />
          <Route path="/articles/new" element={<p>Nouvel article ouvert</p>} />
        </Routes>
      </ResourceDefinitionContextProvider>
    </AdminContext>,
  );
  return { getList, user: userEvent.setup() };
}

describe('ArticleList', () => {
  it('is one column on a phone: title, badge, author and date, the row opening the article', async () => {
    screenWidth(412);
    const { getList, user } = renderList();
    const item = await screen.findByRole('link', { name: /Sandaga rouvre/ }, LOADED);
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(item).getByText('À relire')).toBeTruthy();
    expect(within(item).getByText(ME.fullName)).toBeTruthy();
    expect(within(item).getByText('Créé le 20/11/2026')).toBeTruthy();
    // Published: its moment, in French.
    expect(within(screen.getByRole('link', { name: /Le port de Dakar/ })).getByText(/21 nov\. 2026/)).toBeTruthy();
    // « Mes articles »: the journalist's own only.
    expect(getList).toHaveBeenCalledWith('articles', expect.objectContaining({ filter: { author_id: ME.id } }));
    await user.click(item);
    expect(await screen.findByText("Éditeur de l'article")).toBeTruthy();
  });

  it('keeps « Nouvel article » in reach on a phone, as a floating button', async () => {
    screenWidth(412);
    const { user } = renderList();
    const create = await screen.findByRole('link', { name: 'Nouvel article' }, LOADED);
    expect(create.className).toMatch(/MuiFab/);
    await user.click(create);
    expect(await screen.findByText('Nouvel article ouvert')).toBeTruthy();
  });

  it('is a table on a laptop, with the author and publication columns, and a row opens the article', async () => {
    screenWidth(1280);
    const { user } = renderList();
    const table = await screen.findByRole('table', {}, LOADED);
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(expect.arrayContaining(['Auteur', 'Publication']));
    const row = within(table).getByText('Sandaga rouvre après six mois de travaux').closest('tr')!;
    expect(within(row).getByText('—')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Nouvel article' }).className).not.toMatch(/MuiFab/);
    await user.click(within(row).getByText('Sandaga rouvre après six mois de travaux'));
    expect(await screen.findByText("Éditeur de l'article")).toBeTruthy();
  });
});
