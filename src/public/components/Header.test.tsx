// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, it } from 'vitest';
import { Toaster } from '@/public/toast/Toaster';
import { BrowserRouter } from '../router/Router';
import { SessionProvider } from '../session/SessionProvider';
import { Header } from './Header';

beforeEach(() => {
  localStorage.clear(); // no stored session: the visitor is signed out, without any auth server
  window.history.replaceState(null, '', '/');
});

function renderHeader() {
  const user = userEvent.setup();
  render(
    <BrowserRouter>
      <Toaster>
        <SessionProvider>
          <Header />
        </SessionProvider>
      </Toaster>
    </BrowserRouter>,
  );
  return { user, toggle: screen.getByRole('button', { name: 'Ouvrir le menu' }) };
}

it('opens and closes the mobile menu with its button, which says which it will do', async () => {
  const { user, toggle } = renderHeader();
  const nav = screen.getByRole('navigation', { name: 'Navigation principale' });
  expect(toggle.getAttribute('aria-controls')).toBe(nav.id);
  expect(toggle.getAttribute('aria-expanded')).toBe('false');

  await user.click(toggle);
  expect(toggle.getAttribute('aria-expanded')).toBe('true');
  expect(toggle.getAttribute('aria-label')).toBe('Fermer le menu');

  await user.click(toggle);
  expect(toggle.getAttribute('aria-expanded')).toBe('false');
  expect(toggle.getAttribute('aria-label')).toBe('Ouvrir le menu');
});

it('closes the menu when a link in it is followed, and marks the new page as current', async () => {
  const { user, toggle } = renderHeader();
  await user.click(toggle);
  const nav = screen.getByRole('navigation', { name: 'Navigation principale' });
  await user.click(within(nav).getByRole('link', { name: 'Politique' }));
  expect(window.location.pathname).toBe('/category/politique');
  expect(toggle.getAttribute('aria-expanded')).toBe('false');
  expect(within(nav).getByRole('link', { name: 'Politique' }).getAttribute('aria-current')).toBe('page');
  expect(within(nav).getByRole('link', { name: 'Accueil' }).getAttribute('aria-current')).toBeNull();
});

it('closes the menu on Escape and gives the focus back to its button', async () => {
  const { user, toggle } = renderHeader();
  await user.click(toggle);
  await user.tab(); // into the menu's first link
  await user.keyboard('{Escape}');
  expect(toggle.getAttribute('aria-expanded')).toBe('false');
  expect(document.activeElement).toBe(toggle);
});

it('closes the menu when a search is launched', async () => {
  const { user, toggle } = renderHeader();
  await user.click(toggle);
  await user.type(screen.getByRole('searchbox', { name: 'Rechercher un article' }), 'cacao{Enter}');
  expect(window.location.pathname + window.location.search).toBe('/search?q=cacao');
  expect(toggle.getAttribute('aria-expanded')).toBe('false');
});

it.each([
  ['/search?q=cacao&utm_source=lettre', 'cacao'],
  ['/search/?q=cacao', 'cacao'],
  ['/?q=Annonce', ''],
  ['/article/un-titre?q=Annonce', ''],
  ['/category/politique?page=2&q=Annonce', ''],
])('fills the search box from the address %s with "%s": the words of a search, on /search only', (address, shown) => {
  window.history.replaceState(null, '', address);
  renderHeader();
  expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Rechercher un article' }).value).toBe(shown);
});

it('lists the categories in menu order between Accueil and the pages about us', () => {
  renderHeader();
  const nav = screen.getByRole('navigation', { name: 'Navigation principale' });
  expect(
    within(nav)
      .getAllByRole('link')
      .map((a) => a.textContent),
  ).toEqual(['Accueil', 'Actualité', 'Politique', 'Économie', 'Culture', 'Sport', 'Réussite', 'Tribune libre', 'À propos', 'Contact']);
});
