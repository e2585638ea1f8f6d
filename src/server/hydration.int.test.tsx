// @vitest-environment jsdom
import { act, StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PostgrestClient } from '@supabase/postgrest-js';
import { inject } from 'vitest';
import { preloadForHydration } from '@/public/PublicApp';
import { ReaderApp } from '@/public/ReaderApp';
import { SEARCH_MAX, searchQuery } from '@/public/routes';
import { BrowserRouter } from '@/public/router/Router';
import { anonClient, serviceClient } from '@afriqueactu/supabase-local/testing';
import { must, signIn, uid } from '../../supabase/tests/helpers';
import { renderPage } from './render';
import { serverSanitizer } from './sanitize';

// React's development build checks every text and attribute while hydrating (production only
// notices structural mismatches): the server's HTML must be exactly what the browser renders first.

const ORIGIN = 'https://afrique-actu.example';
let roots: Root[] = [];
let articleSlug = '';

beforeAll(async () => {
  const { data } = await anonClient().from('articles').select('slug, content, article_images(id)').eq('status', 'published');
  // An HTML body and several images: the sanitizer and the carousel take part.
  articleSlug = data!.find((a) => a.content.startsWith('<') && a.article_images.length > 1)!.slug;
});
afterEach(() => {
  act(() => roots.forEach((r) => r.unmount()));
  roots = [];
});
afterAll(() => vi.restoreAllMocks());

interface Hydrated {
  warnings: string[];
  keptH1: boolean;
  h1: string | null | undefined;
  /** Data the browser asked the backend for while taking the page over (view counts aside). */
  dataRequests: string[];
}

async function hydrate(path: string): Promise<Hydrated> {
  const anon = inject('anonKey');
  const db = new PostgrestClient(`${inject('apiUrl')}/rest/v1`, { headers: { apikey: anon, Authorization: `Bearer ${anon}` } });
  const rendered = await renderPage(new URL(path, ORIGIN), { db, origin: ORIGIN, sanitizeHtml: serverSanitizer() });

  window.history.replaceState(null, '', path);
  document.body.innerHTML = `<div id="root">${rendered.html}</div>`;
  const container = document.getElementById('root')!;
  const serverH1 = container.querySelector('h1');
  // As the browser reads them from the page-data block: the page's data and the menu it was rendered with.
  const page = { origin: ORIGIN, seed: rendered.seed, menu: rendered.menu };
  await preloadForHydration(window.location, page);

  const warnings: string[] = [];
  // The server's data is the page's: hydrating must not fetch it again.
  const fetchSpy = vi.spyOn(globalThis, 'fetch');
  const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    const text = args.map(String).join(' ');
    // The page's own requests go nowhere here (no stack at the browser's address): only React's
    // hydration reports matter.
    if (/hydrat|did not match|server rendered/i.test(text)) warnings.push(text);
  });
  await act(async () => {
    roots.push(
      hydrateRoot(
        container,
        <StrictMode>
          <BrowserRouter>
            <ReaderApp page={page} />
          </BrowserRouter>
        </StrictMode>,
        { onRecoverableError: (error) => warnings.push(String(error)) },
      ),
    );
  });
  // A load starts after the client's token lookup, a few ticks after the effects ran.
  await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
  spy.mockRestore();
  const dataRequests = fetchSpy.mock.calls
    .map(([input]) => String(input instanceof Request ? input.url : input))
    .filter((url) => url.includes('/rest/v1/') && !url.includes('/rpc/record_'));
  fetchSpy.mockRestore();
  const h1 = container.querySelector('h1');
  return { warnings, keptH1: !!serverH1 && serverH1 === h1, h1: h1?.textContent, dataRequests };
}

it.each(['/', '/category/politique', '/search?q=dakar', '/about', '/mesure-d-audience', '/contact', '/corrections', '/page-absente'])(
  '%s hydrates over the server HTML without a mismatch',
  async (path) => {
    const { warnings, keptH1, dataRequests } = await hydrate(path);
    expect(warnings).toEqual([]);
    expect(keptH1).toBe(true);
    expect(dataRequests).toEqual([]);
  },
);

it("a preview's loading shell hydrates, then a visitor without a session gets the 404 page without asking for the article", async () => {
  const { warnings, h1, dataRequests } = await hydrate('/apercu/0b6c1b1e-7a7e-4c43-9d55-2f4f1b0c9a11');
  expect(warnings).toEqual([]);
  expect(h1).toBe('Page introuvable');
  expect(dataRequests).toEqual([]);
});

it('an HTML article with several images hydrates without a mismatch', async () => {
  const { warnings, keptH1, dataRequests } = await hydrate(`/article/${articleSlug}`);
  expect(warnings).toEqual([]);
  expect(keptH1).toBe(true);
  expect(dataRequests).toEqual([]);
});

it.each(['', '?avant=6', '?depuis=20'])("the seed's live coverage%s hydrates without a mismatch or a second read", async (query) => {
  const { warnings, keptH1, dataRequests } = await hydrate(`/article/presidentielle-la-soiree-electorale-en-direct${query}`);
  expect(warnings).toEqual([]);
  expect(keptH1).toBe(true);
  expect(dataRequests).toEqual([]);
  expect(document.querySelectorAll('[data-live-entries] > article').length).toBeGreaterThan(0);
});

it('a search longer than the search box allows is cut the same way on both sides: no mismatch, no second request', async () => {
  const words = 'dakar '.repeat(500); // 3,000 characters, from a hand-made or truncated link
  const q = searchQuery(words);
  expect(q.length).toBeLessThanOrEqual(SEARCH_MAX);
  const { warnings, keptH1, h1, dataRequests } = await hydrate(`/search?q=${encodeURIComponent(words)}`);
  expect(warnings).toEqual([]);
  expect(keptH1).toBe(true);
  expect(h1).toBe(`Résultats pour « ${q} »`);
  expect(dataRequests).toEqual([]);
  expect((document.getElementById('site-search') as HTMLInputElement).value).toBe(q);
});

describe('the writing desk', () => {
  const token = uid();
  const made: string[] = [];
  let authorSlug = '';
  beforeAll(async () => {
    const { data } = await anonClient().from('bylines').select('slug').not('slug', 'is', null).limit(1).single();
    authorSlug = data!.slug;
    const admin = (await signIn('admin')).sb;
    const video = 'https://youtu.be/dQw4w9WgXcQ';
    for (const [slug, content] of [
      [
        `embed-html-${token}`,
        `<p>Avant.</p><p><a href="${video}">${video}</a></p><p><img src="https://img.example.test/${token}.jpg" alt=""></p>`,
      ],
      [`embed-texte-${token}`, `Avant la vidéo. Deux phrases.\n${video}\nAprès la vidéo.`],
    ]) {
      const row = must(
        await admin
          .from('articles')
          .insert({ slug, title: `Hydratation ${slug}`, content, status: 'published', image_url: `https://img.example.test/${token}.jpg` })
          .select('id')
          .single(),
        slug,
      );
      made.push(row.id);
      must(
        await admin
          .from('article_images')
          .insert({
            article_id: row.id,
            image_url: `https://img.example.test/${token}.jpg`,
            alt_text: 'Une image',
            caption: 'Sa légende',
            credit: 'Son crédit',
          })
          .select('id')
          .single(),
        `${slug} image`,
      );
    }
  });
  afterAll(async () => {
    if (made.length) await serviceClient().from('articles').delete().in('id', made);
  });

  it.each(['html', 'texte'])('an article with an embed and captioned pictures (%s) hydrates without a mismatch', async (kind) => {
    const { warnings, keptH1, dataRequests } = await hydrate(`/article/embed-${kind}-${token}`);
    expect(warnings).toEqual([]);
    expect(keptH1).toBe(true);
    expect(dataRequests).toEqual([]);
    expect(document.querySelector('.embed a.embed__play')).not.toBeNull();
    expect(document.querySelector('figure.article-media figcaption')?.textContent).toBe('Sa légende — Son crédit');
  });

  it("an author's page hydrates without a mismatch", async () => {
    const { warnings, keptH1, h1, dataRequests } = await hydrate(`/auteur/${authorSlug}`);
    expect(warnings).toEqual([]);
    expect(keptH1).toBe(true);
    expect(h1).toMatch(/^Articles de /);
    expect(dataRequests).toEqual([]);
  });
});
