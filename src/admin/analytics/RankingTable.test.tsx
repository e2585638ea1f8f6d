// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { RankingTable } from './RankingTable';

describe('a ranking of the statistics', () => {
  it("links each row's name to its screen, and leaves a row without one as text", () => {
    render(
      <MemoryRouter>
        <RankingTable
          title="Articles les plus vus"
          columns={['Article', 'Vues']}
          rows={[
            { key: 'a1', cells: ['Le port de Lomé', 1200], to: '/articles/a1' },
            { key: 'a2', cells: ['Sans écran', 3] },
          ]}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Le port de Lomé' }).getAttribute('href')).toBe('/articles/a1');
    expect(screen.queryByRole('link', { name: 'Sans écran' })).toBeNull();
    expect(screen.getByText('1 200')).toBeTruthy();
  });

  it('offers its rows as CSV when it has a file name, and nothing to export when empty', () => {
    const { unmount } = render(
      <MemoryRouter>
        <RankingTable title="Canaux" file="sources-7-jours" columns={['Canal', 'Vues']} rows={[{ key: 'wa', cells: ['WhatsApp', 12] }]} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('button', { name: 'Exporter (CSV)' }).hasAttribute('disabled')).toBe(false);
    unmount();
    render(
      <MemoryRouter>
        <RankingTable title="Canaux" file="sources-7-jours" columns={['Canal', 'Vues']} rows={[]} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('button', { name: 'Exporter (CSV)' }).hasAttribute('disabled')).toBe(true);
  });
});
