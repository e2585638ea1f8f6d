import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOURCE_LITE_SCRIPTS } from './lite';
import { getPage, startTestSite } from '../../tests/integration/site';

// What the server sends in data-saver mode (« Mode léger »): asked for by the browser's
// Save-Data header or the reader's cookie, kept apart from the normal page by caches.
let site: Awaited<ReturnType<typeof startTestSite>>;
beforeAll(async () => {
  site = await startTestSite();
});
afterAll(async () => site?.close());

const get = (path: string, headers: Record<string, string> = {}) => getPage(`${site.url}${path}`, { headers });
const appScript = (doc: Document) => doc.querySelector(`script[src="${SOURCE_LITE_SCRIPTS.app}"]`);
const liteScript = (doc: Document) => doc.querySelector(`script[src="${SOURCE_LITE_SCRIPTS.script}"]`);
const storageImages = (doc: Document) =>
  [...doc.querySelectorAll('img')].filter((img) => img.getAttribute('src')?.includes('/storage/v1/'));

describe('data-saver pages', () => {
  it('a normal request gets the reader app and its pictures, and caches are told the page varies', async () => {
    const { res, doc } = await get('/');
    expect(res.headers.get('vary')).toMatch(/Save-Data/);
    expect(res.headers.get('vary')).toMatch(/Cookie/);
    expect(appScript(doc)).not.toBeNull();
    expect(liteScript(doc)).toBeNull();
    expect(storageImages(doc).length).toBeGreaterThan(3);
    expect(doc.querySelector('[data-saver-toggle]')?.textContent).toBe('Mode léger : désactivé');
  });

  it('Save-Data: on gets the lite page: no app, no picture until tapped, carousels as lists', async () => {
    const { res, doc } = await get('/', { 'Save-Data': 'on' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control'), 'never kept by a shared cache').toBe('private, max-age=60');
    expect(appScript(doc), 'the reader app is not sent').toBeNull();
    expect(doc.querySelector('link[rel="modulepreload"]')).toBeNull();
    expect(liteScript(doc)?.getAttribute('data-app')).toBe(SOURCE_LITE_SCRIPTS.app);
    expect(doc.getElementById('root')?.hasAttribute('data-lite')).toBe(true);
    expect(storageImages(doc)).toEqual([]);
    const taps = [...doc.querySelectorAll<HTMLButtonElement>('button.tap-image')];
    expect(taps.length).toBeGreaterThan(3);
    for (const tap of taps) {
      expect(tap.textContent).toMatch(/^Afficher l'image/);
      expect(tap.dataset.tapSrc).toMatch(/\/storage\/v1\/object\/public\/article-images\//);
    }
    expect(doc.querySelector('.carousel')).toBeNull();
    expect(doc.querySelectorAll('.home-section__list').length).toBeGreaterThan(0);
    expect(doc.querySelector('[data-saver-toggle]')?.getAttribute('aria-pressed')).toBe('true');
    expect(doc.querySelector('[data-page-weight]')).not.toBeNull();
    expect(JSON.parse(doc.getElementById('page-data')?.textContent ?? '{}').dataSaver).toBe(true);
  });

  it("the reader's cookie wins over the browser's header, both ways", async () => {
    const off = await get('/', { 'Save-Data': 'on', Cookie: 'data-saver=off' });
    expect(appScript(off.doc)).not.toBeNull();
    expect(off.doc.querySelector('button.tap-image')).toBeNull();
    const on = await get('/category/politique', { Cookie: 'theme=x; data-saver=on' });
    expect(appScript(on.doc)).toBeNull();
    expect(storageImages(on.doc)).toEqual([]);
    expect(on.doc.querySelector('h1')?.textContent).toBe('Politique');
  });

  it('an article stays readable in data-saver mode: headline, first paragraph, pictures on request', async () => {
    const home = await get('/');
    // A card with a stored picture (other test files publish articles without one meanwhile).
    const card = [...home.doc.querySelectorAll('.card')].find((c) => c.querySelector('img[src*="/storage/v1/object/public/"]'));
    const href = card?.querySelector('a[href^="/article/"]')?.getAttribute('href');
    expect(href).toBeTruthy();
    const normal = await get(href!);
    const lite = await get(href!, { 'Save-Data': 'on' });
    expect(lite.doc.querySelector('h1')?.textContent).toBe(normal.doc.querySelector('h1')?.textContent);
    const firstParagraph = normal.doc.querySelector('.article-body p')?.textContent;
    expect(firstParagraph).toBeTruthy();
    expect(lite.doc.querySelector('.article-body p')?.textContent).toBe(firstParagraph);
    expect(storageImages(lite.doc)).toEqual([]);
    expect(lite.doc.querySelectorAll('.article-media--saver button.tap-image').length).toBeGreaterThan(0);
  });

  it('pages made for typing (sign-in, contact) keep the reader app in data-saver mode', async () => {
    for (const path of ['/auth', '/contact']) {
      const { doc } = await get(path, { 'Save-Data': 'on' });
      expect(appScript(doc), path).not.toBeNull();
      expect(liteScript(doc), path).toBeNull();
    }
  });
});
