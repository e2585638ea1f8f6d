// @vitest-environment jsdom
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { expect, it } from 'vitest';
import { BrowserRouter } from '../router/Router';
import { KeptPart } from './KeptPart';
import { PageProvider } from './PageContext';

function Part() {
  return (
    <p>
      <a href="/about">À propos</a>
    </p>
  );
}

it("keeps the server's markup while hydrating, without its code, and follows its links in place", async () => {
  let reads = 0;
  const chunk = { preload: () => Promise.resolve(), read: () => (reads++, Part) };
  const tree = (server: boolean) => (
    <PageProvider value={{ origin: 'https://afrique-actu.example', seed: null, ...(server ? { sanitizeHtml: (h: string) => h } : {}) }}>
      <KeptPart chunk={chunk} props={{}} className="kept-part" />
    </PageProvider>
  );
  const container = document.createElement('div');
  container.innerHTML = renderToString(tree(true));
  document.body.append(container);
  expect(reads).toBe(1); // the server renders the part from its chunk
  await act(async () => void hydrateRoot(container, <BrowserRouter>{tree(false)}</BrowserRouter>));
  expect(reads, 'hydrating needs none of its code').toBe(1);
  expect(container.querySelector('a[href="/about"]')?.textContent).toBe('À propos');
  // A plain click on one of the site's links navigates in place, as <Link> does.
  const inSite = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
  container.querySelector('a[href="/about"]')!.dispatchEvent(inSite);
  expect(inSite.defaultPrevented).toBe(true);
  expect(window.location.pathname).toBe('/about');
});
