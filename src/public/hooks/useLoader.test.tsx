// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, expect, it, vi } from 'vitest';
import { PageProvider, readPageData, type PageContextValue } from '../page/PageContext';
import { PAGE_DATA_ELEMENT_ID, type PageDataBlock } from '../page/pageDataBlock';
import { OFFLINE_BANNER_ATTRIBUTE } from '@/offline/paths';
import { useLoader } from './useLoader';

// A page as the reader app mounts it (StrictMode runs effects twice in development, as in main.tsx).

function Headline({ slug, load }: { slug: string; load: (slug: string) => Promise<string> }) {
  const state = useLoader(`article:${slug}`, () => load(slug));
  return <h1 data-status={state.status}>{state.data ?? 'Chargement...'}</h1>;
}

function renderPage(page: PageContextValue, slug: string, load: (slug: string) => Promise<string>) {
  const ui = (s: string) => (
    <StrictMode>
      <PageProvider value={page}>
        <Headline slug={s} load={load} />
      </PageProvider>
    </StrictMode>
  );
  const view = render(ui(slug));
  return { ...view, navigate: (to: string) => view.rerender(ui(to)) };
}

const fromServer = (key: string, data: unknown): PageContextValue => ({ origin: 'https://afrique-actu.example', seed: { key, data } });
const heading = () => screen.getByRole('heading', { level: 1 }).textContent;

afterEach(() => {
  document.getElementById(PAGE_DATA_ELEMENT_ID)?.remove();
  document.querySelector(`[${OFFLINE_BANNER_ATTRIBUTE}]`)?.remove();
});

it("starts from the server's data without loading it again", async () => {
  const load = vi.fn((slug: string) => Promise.resolve(`Chargé : ${slug}`));
  renderPage(fromServer('article:cacao', 'Cacao (serveur)'), 'cacao', load);
  expect(heading()).toBe('Cacao (serveur)');
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(heading()).toBe('Cacao (serveur)');
  expect(load).not.toHaveBeenCalled();
});

it("loads a later page, whose data the server did not send, and never shows the first page's under it", async () => {
  let finish: (title: string) => void = () => {};
  const load = vi.fn(() => new Promise<string>((resolve) => (finish = resolve)));
  const { navigate } = renderPage(fromServer('article:cacao', 'Cacao (serveur)'), 'cacao', load);
  navigate('mines');
  expect(heading()).toBe('Chargement...');
  expect(load).toHaveBeenCalledExactlyOnceWith('mines');
  finish('Mines (chargé)');
  expect(await screen.findByRole('heading', { name: 'Mines (chargé)' })).toBeTruthy();
});

it("uses the server's data once: coming back to that page later loads it afresh", async () => {
  const page = fromServer('article:cacao', 'Cacao (serveur)');
  const load = vi.fn((slug: string) => Promise.resolve(`Chargé : ${slug}`));
  renderPage(page, 'cacao', load).unmount();
  expect(load).not.toHaveBeenCalled();
  renderPage(page, 'cacao', load);
  expect(heading()).toBe('Chargement...');
  expect(await screen.findByRole('heading', { name: 'Chargé : cacao' })).toBeTruthy();
  expect(load).toHaveBeenCalledOnce();
});

it("ignores server data meant for another page's key", async () => {
  const load = vi.fn((slug: string) => Promise.resolve(`Chargé : ${slug}`));
  renderPage(fromServer('article:mines', 'Mines (serveur)'), 'cacao', load);
  expect(heading()).toBe('Chargement...');
  expect(await screen.findByRole('heading', { name: 'Chargé : cacao' })).toBeTruthy();
});

/** The page's data block as the site's server writes it, read as the reader app reads it. */
function pageFromBlock(block: PageDataBlock): PageContextValue {
  const script = Object.assign(document.createElement('script'), { id: PAGE_DATA_ELEMENT_ID, type: 'application/json' });
  script.textContent = JSON.stringify(block);
  document.body.append(script);
  return readPageData();
}

it('shows a stale render from the server at once, then reloads its data', async () => {
  const page = pageFromBlock({
    origin: 'https://afrique-actu.example',
    seed: { key: 'article:cacao', data: 'Cacao (ancien)' },
    stale: true,
  });
  const load = vi.fn(() => Promise.resolve('Cacao (à jour)'));
  renderPage(page, 'cacao', load);
  expect(heading()).toBe('Cacao (ancien)');
  expect(await screen.findByRole('heading', { name: 'Cacao (à jour)' })).toBeTruthy();
  expect(load).toHaveBeenCalledOnce();
});

it('does not reload a fresh render from the server', async () => {
  const page = pageFromBlock({ origin: 'https://afrique-actu.example', seed: { key: 'article:cacao', data: 'Cacao (serveur)' } });
  const load = vi.fn(() => Promise.resolve('Cacao (à jour)'));
  renderPage(page, 'cacao', load);
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(heading()).toBe('Cacao (serveur)');
  expect(load).not.toHaveBeenCalled();
});

const staleCacao = { origin: 'https://afrique-actu.example', seed: { key: 'article:cacao', data: 'Cacao (stocké)' }, stale: true as const };
const status = () => screen.getByRole('heading', { level: 1 }).getAttribute('data-status');

it('a page the service worker served from its store keeps its data, with no error, when its refresh fails offline', async () => {
  // The banner the worker puts on such a page (worker.ts).
  const banner = Object.assign(document.createElement('div'), { textContent: 'Hors ligne' });
  banner.setAttribute(OFFLINE_BANNER_ATTRIBUTE, '');
  document.body.append(banner);
  const load = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
  const info = vi.spyOn(console, 'info').mockImplementation(() => {});
  renderPage(pageFromBlock(staleCacao), 'cacao', load);
  await vi.waitFor(() => expect(info).toHaveBeenCalledOnce());
  expect(load).toHaveBeenCalledOnce();
  expect(heading()).toBe('Cacao (stocké)');
  expect(status()).toBe('ready');
  info.mockRestore();
});

it('a page the network served still reports its refresh failing (the page then toasts it)', async () => {
  const load = vi.fn(() => Promise.reject(new Error('backend down')));
  const error = vi.spyOn(console, 'error').mockImplementation(() => {});
  renderPage(pageFromBlock(staleCacao), 'cacao', load);
  await vi.waitFor(() => expect(status()).toBe('error'));
  expect(heading()).toBe('Cacao (stocké)');
  expect(error).toHaveBeenCalledOnce();
  error.mockRestore();
});
