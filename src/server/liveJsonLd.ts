import { liveEntryAnchor } from '@/lib/live';
import type { LiveMeta } from '@/public/meta';

/** A headline search engines show whole (Google cuts at 110 characters). */
const HEADLINE_MAX = 110;

const headline = (body: string) => {
  const line = body.replace(/\s+/g, ' ').trim();
  return line.length > HEADLINE_MAX ? `${line.slice(0, HEADLINE_MAX - 1).trimEnd()}…` : line;
};

/**
 * What schema.org's LiveBlogPosting adds to a live article's NewsArticle facts: when the coverage
 * started (and ended, once closed) and its latest entries as `liveBlogUpdate`, each a BlogPosting
 * with its own address (the page's and the entry's anchor).
 */
export function liveBlogParts(live: LiveMeta, pageUrl: string): Record<string, unknown> {
  return {
    '@type': 'LiveBlogPosting',
    coverageStartTime: live.startedAt,
    ...(live.endedAt ? { coverageEndTime: live.endedAt } : {}),
    liveBlogUpdate: live.updates.map((update) => ({
      '@type': 'BlogPosting',
      headline: headline(update.body),
      articleBody: update.body,
      datePublished: update.publishedAt,
      dateModified: update.modifiedAt,
      url: `${pageUrl}#${liveEntryAnchor(update.seq)}`,
    })),
  };
}
