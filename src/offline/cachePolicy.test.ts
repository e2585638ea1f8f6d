import { describe, expect, it } from 'vitest';
import { isKeepablePage, isStorableResponse, pageAssets, pageTitle } from './cachePolicy';

const ORIGIN = 'https://afrique-actu.example';
const page = (path: string) => new URL(path, ORIGIN);
const response = (status: number, cacheControl?: string) => ({
  status,
  headers: new Headers(cacheControl ? { 'Cache-Control': cacheControl } : {}),
});

describe('what the service worker may keep', () => {
  it('keeps reader pages of the site, never the back office, sign-in, previews or another origin', () => {
    for (const path of ['/', '/article/un-article', '/category/sport?page=2', '/recherche?q=dakar', '/auteur/moussa'])
      expect(isKeepablePage(page(path), ORIGIN), path).toBe(true);
    for (const path of ['/admin', '/admin/articles/1', '/auth', '/auth?tab=admin', '/apercu/42', '/preview/42', '/sw.js', '/edition.json'])
      expect(isKeepablePage(page(path), ORIGIN), path).toBe(false);
    expect(isKeepablePage(new URL('/article/x', 'https://other.example'), ORIGIN)).toBe(false);
  });

  it('stores full public answers and the data-saver page, never no-store, other private ones or errors', () => {
    expect(isStorableResponse(response(200, 'public, max-age=60, stale-while-revalidate=600'))).toBe(true);
    expect(isStorableResponse(response(200, 'public, max-age=31536000, immutable'))).toBe(true);
    expect(isStorableResponse(response(200))).toBe(true);
    expect(isStorableResponse(response(200, 'private, max-age=60'))).toBe(true);
    expect(isStorableResponse(response(200, 'no-store'))).toBe(false);
    expect(isStorableResponse(response(200, 'private, no-store'))).toBe(false);
    expect(isStorableResponse(response(200, 'private'))).toBe(false);
    expect(isStorableResponse(response(200, 'private, max-age=3600'))).toBe(false);
    expect(isStorableResponse(response(404, 'public, max-age=60'))).toBe(false);
    expect(isStorableResponse(response(503, 'no-store'))).toBe(false);
  });

  it("reads a page's own files and its title from its HTML", () => {
    const html = `<title>Dakar : le TER &amp; l&#x27;aéroport — Afrique Actu</title>
      <script type="module" crossorigin src="/assets/index-abc.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/supabase-def.js"><link rel="stylesheet" crossorigin href="/assets/index-ghi.css">
      <link rel="icon" href="/favicon.svg" /><img src="/assets/hero-1.webp">`;
    expect(pageAssets(html)).toEqual(['/assets/index-abc.js', '/assets/supabase-def.js', '/assets/index-ghi.css']);
    expect(pageTitle(html)).toBe('Dakar : le TER &amp; l&#x27;aéroport');
  });
});
