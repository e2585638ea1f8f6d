// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { startTransition, Suspense, useState } from 'react';
import { afterEach, expect, it, vi } from 'vitest';
import { lazyPage } from './lazyPage';

afterEach(() => vi.restoreAllMocks());

it('a page loaded on demand shows once its chunk arrives, without React calling it a misuse of use()', async () => {
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  let arrive!: () => void;
  const chunk = new Promise<void>((resolve) => (arrive = resolve));
  const Page = lazyPage(
    () => chunk.then(() => ({ SearchPage: () => <h1>Résultats</h1> })),
    'SearchPage',
    'src/public/pages/SearchPage.tsx',
  );
  let open!: () => void;
  function App() {
    const [shown, setShown] = useState(false);
    open = () => startTransition(() => setShown(true));
    return <Suspense fallback={<p>Chargement</p>}>{shown ? <Page /> : <p>Accueil</p>}</Suspense>;
  }
  render(<App />);
  // The page is asked for (the reader searched); the previous page stays while its chunk loads.
  await act(async () => open());
  expect(screen.getByText('Accueil')).toBeTruthy();
  await act(async () => arrive());
  expect(screen.getByRole('heading', { name: 'Résultats' })).toBeTruthy();
  expect(errors.mock.calls.map((c) => String(c[0]))).toEqual([]);
});

it('a page already loaded renders at once, without suspending (hydration keeps the server HTML)', async () => {
  const Page = lazyPage(() => Promise.resolve({ AboutPage: () => <h1>À propos</h1> }), 'AboutPage', 'src/public/pages/AboutPage.tsx');
  await Page.preload!();
  render(
    <Suspense fallback={<p>Chargement</p>}>
      <Page />
    </Suspense>,
  );
  expect(screen.queryByText('Chargement')).toBeNull();
  expect(screen.getByRole('heading', { name: 'À propos' })).toBeTruthy();
});
