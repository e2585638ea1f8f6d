// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { beforeEach, expect, it } from 'vitest';
import { Toaster } from '@/public/toast/Toaster';
import { NAV_CATEGORIES, type MenuCategory } from '../categories';
import { PageProvider } from '../page/PageContext';
import { BrowserRouter } from '../router/Router';
import { SessionProvider } from '../session/SessionProvider';
import { Footer } from './Footer';
import { Header } from './Header';

// Where the menu and the footer take their categories: the page's (read by the server), else the first menu.

beforeEach(() => {
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

function renderFrame(menu?: MenuCategory[]) {
  render(
    <BrowserRouter>
      <PageProvider value={{ origin: 'https://example.org', seed: null, menu }}>
        <Toaster>
          <SessionProvider>
            <Header />
            <Footer />
          </SessionProvider>
        </Toaster>
      </PageProvider>
    </BrowserRouter>,
  );
}

const categoryLinks = (container: HTMLElement) =>
  within(container)
    .getAllByRole('link')
    .filter((a) => a.getAttribute('href')?.startsWith('/category/'))
    .map((a) => [a.textContent, a.getAttribute('href')]);

it("shows the page's categories, in its order and with its names, in the menu and the footer", () => {
  const menu = [
    { name: 'Politique et société', slug: 'politique' },
    { name: 'Santé', slug: 'sante' },
    { name: 'Actualité', slug: 'actualite' },
  ];
  renderFrame(menu);
  const expected = menu.map((c) => [c.name, `/category/${c.slug}`]);
  expect(categoryLinks(screen.getByRole('navigation', { name: 'Navigation principale' }))).toEqual(expected);
  expect(categoryLinks(screen.getByRole('contentinfo'))).toEqual(expected);
});

it('shows the first menu when the page came without one', () => {
  renderFrame(undefined);
  expect(categoryLinks(screen.getByRole('navigation', { name: 'Navigation principale' }))).toEqual(
    NAV_CATEGORIES.map((c) => [c.name, `/category/${c.slug}`]),
  );
});
