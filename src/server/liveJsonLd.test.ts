import { describe, expect, it } from 'vitest';
import type { LiveEntry } from '@/lib/live';
import type { LiveView } from '@/public/api/live';
import type { ArticlePageData } from '@/public/api/types';
import { articleMeta, articleHeadMeta } from '@/public/meta';
import { headTags } from './head';

const ORIGIN = 'https://afrique-actu.example';

const entry = (seq: number, body = `Message ${seq}`): LiveEntry => ({
  id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
  seq,
  revision: seq,
  body,
  image: null,
  keyEvent: false,
  pinned: false,
  author: 'Awa Diallo',
  createdAt: new Date(Date.UTC(2026, 11, 17, 19, seq)).toISOString(),
  updatedAt: new Date(Date.UTC(2026, 11, 17, 19, seq, 30)).toISOString(),
  correction: null,
});

function page(live: Partial<LiveView> | undefined): ArticlePageData {
  return {
    article: {
      id: 'a1',
      slug: 'soiree-electorale',
      title: 'Présidentielle : la soirée électorale en direct',
      excerpt: 'Les résultats, bureau par bureau.',
      image_url: null,
      image_alt: null,
      published_at: '2026-12-17T18:00:00Z',
      category: { name: 'Politique', slug: 'politique' },
      content: 'Suivez la soirée avec notre rédaction.',
      author_id: null,
      category_id: 'c1',
      updated_at: '2026-12-17T18:00:00Z',
      key_points: [],
      format: live ? 'live' : 'article',
    },
    authorName: 'Rédaction',
    images: [],
    related: [],
    corrections: [],
    ...(live && {
      live: {
        coverage: { state: 'open', startedAt: '2026-12-17T18:00:00Z', endedAt: null, revision: 30, pollSeconds: 30 },
        pinned: null,
        keyEvents: [],
        entries: Array.from({ length: 20 }, (_, i) => entry(25 - i)),
        older: true,
        before: null,
        since: null,
        ...live,
      },
    }),
  };
}

/** The page's JSON-LD, parsed. */
function jsonLd(data: ArticlePageData): Record<string, unknown> & { liveBlogUpdate?: Record<string, unknown>[] } {
  const head = headTags(articleHeadMeta(articleMeta(data), data), ORIGIN);
  const script = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(head);
  expect(script, 'the head carries JSON-LD').not.toBeNull();
  return JSON.parse(script![1]);
}

describe("a live article's JSON-LD", () => {
  it('is a LiveBlogPosting with its start and its latest 20 entries as BlogPostings, newest first', () => {
    const ld = jsonLd(page({}));
    // schema.org LiveBlogPosting: an Article with coverageStartTime, coverageEndTime and liveBlogUpdate (BlogPosting).
    expect(ld['@context']).toBe('https://schema.org');
    expect(ld['@type']).toBe('LiveBlogPosting');
    expect(ld.headline).toBe('Présidentielle : la soirée électorale en direct');
    expect(ld.coverageStartTime).toBe('2026-12-17T18:00:00Z');
    expect(ld).not.toHaveProperty('coverageEndTime');
    expect(ld.datePublished).toBe('2026-12-17T18:00:00Z');
    expect(ld.dateModified, "the latest entry's change").toBe(entry(25).updatedAt);
    expect(ld.publisher).toMatchObject({ '@type': 'NewsMediaOrganization' });
    const updates = ld.liveBlogUpdate!;
    expect(updates).toHaveLength(20);
    for (const update of updates) {
      expect(update['@type']).toBe('BlogPosting');
      expect(typeof update.headline).toBe('string');
      expect(typeof update.articleBody).toBe('string');
      expect(Number.isNaN(Date.parse(update.datePublished as string))).toBe(false);
      expect(update.url).toMatch(new RegExp(`^${ORIGIN}/article/soiree-electorale#entree-\\d+$`));
    }
    expect(updates[0]).toMatchObject({
      headline: 'Message 25',
      articleBody: 'Message 25',
      url: `${ORIGIN}/article/soiree-electorale#entree-25`,
    });
  });

  it('says when a closed coverage ended', () => {
    const ld = jsonLd(
      page({
        coverage: { state: 'closed', startedAt: '2026-12-17T18:00:00Z', endedAt: '2026-12-18T01:10:00Z', revision: 90, pollSeconds: 0 },
      }),
    );
    expect(ld.coverageEndTime).toBe('2026-12-18T01:10:00Z');
  });

  it("keeps a long entry's headline short and its text whole", () => {
    const long = 'Les premiers résultats '.repeat(20).trim();
    const ld = jsonLd(page({ entries: [entry(1, long)] }));
    const [update] = ld.liveBlogUpdate!;
    expect((update.headline as string).length).toBeLessThanOrEqual(110);
    expect(update.headline).toMatch(/…$/);
    expect(update.articleBody).toBe(long);
  });

  it('lists no entries on an older page or a refresh, whose canonical address is the first page', () => {
    expect(jsonLd(page({ before: 6 })).liveBlogUpdate).toEqual([]);
    const refresh = page({ since: 28 });
    expect(jsonLd(refresh).liveBlogUpdate).toEqual([]);
    expect(articleMeta(refresh).path).toBe('/article/soiree-electorale');
  });

  it('an article is still a NewsArticle', () => {
    const ld = jsonLd(page(undefined));
    expect(ld['@type']).toBe('NewsArticle');
    expect(ld).not.toHaveProperty('liveBlogUpdate');
  });
});
