import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures.ts';

/**
 * What a crawler reads from /sitemap.xml, a sitemap index: every child it lists, fetched from this
 * site (each must answer 200), as one text.
 */
export async function sitemapText(request: APIRequestContext): Promise<string> {
  const index = await (await request.get('/sitemap.xml')).text();
  expect(index).toContain('<sitemapindex');
  const paths = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  const texts = await Promise.all(
    paths.map(async (path) => {
      const res = await request.get(path);
      expect(res.status(), path).toBe(200);
      return res.text();
    }),
  );
  return texts.join('\n');
}
