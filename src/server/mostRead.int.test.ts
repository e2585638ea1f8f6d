import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArticleCard } from '@/lib/database';
import { anonClient } from '@afriqueactu/supabase-local/testing';
import { getPage, startTestSite } from '../../tests/integration/site';

// "Les plus lus" in the server's HTML, from the seed's views of the last days (the seed spreads
// each published article's views over the three weeks after it went out).

let site: Awaited<ReturnType<typeof startTestSite>>;
beforeAll(async () => {
  site = await startTestSite();
});
afterAll(async () => site?.close());

async function mostRead(except?: string): Promise<ArticleCard[]> {
  const { data, error } = await anonClient().rpc('most_read', { p_except: except });
  if (error) throw error;
  return data;
}

/** The block as a reader without JavaScript sees it: each rank's link and category. */
function block(doc: Document) {
  const section = doc.querySelector('section[aria-labelledby="most-read-title"]');
  if (!section) return null;
  return {
    heading: section.querySelector('h2')?.textContent,
    items: [...section.querySelectorAll('ol > li')].map((li) => ({
      href: li.querySelector('a')?.getAttribute('href'),
      title: li.querySelector('a')?.textContent,
      category: li.querySelector('.most-read__category')?.textContent ?? null,
    })),
  };
}

const expected = (cards: ArticleCard[]) =>
  cards.map((c) => ({ href: `/article/${c.slug}`, title: c.title, category: c.category?.name ?? null }));

describe('Les plus lus', () => {
  it('the home page lists the week’s most read in its HTML, numbered, each linking to its article, in both modes', async () => {
    const cards = await mostRead();
    expect(cards.length).toBeGreaterThan(0);
    for (const headers of [{}, { 'Save-Data': 'on' }] as Record<string, string>[]) {
      const { res, doc } = await getPage(`${site.url}/`, { headers });
      expect(res.status).toBe(200);
      expect(block(doc)).toEqual({ heading: 'Les plus lus', items: expected(cards) });
    }
  });

  it('an article page lists them too, without the article being read', async () => {
    const [first] = await mostRead();
    const { res, doc } = await getPage(`${site.url}/article/${first.slug}`);
    expect(res.status).toBe(200);
    const shown = block(doc)!;
    expect(shown.items).toEqual(expected(await mostRead(first.id)));
    expect(shown.items.map((i) => i.href)).not.toContain(`/article/${first.slug}`);
    const lite = await getPage(`${site.url}/article/${first.slug}`, { headers: { 'Save-Data': 'on' } });
    expect(block(lite.doc)?.items).toEqual(shown.items);
  });
});
