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
  // A 503 is the server's « later » to a crawler when its renders are full (a whole run's load): asked again, as a crawler does.
  const texts = await Promise.all(
    paths.map(async (path) => {
      let res = await request.get(path);
      for (let tries = 1; res.status() === 503 && tries < 10; tries++) {
        await new Promise((r) => setTimeout(r, 500));
        res = await request.get(path);
      }
      expect(res.status(), path).toBe(200);
      return res.text();
    }),
  );
  return texts.join('\n');
}
